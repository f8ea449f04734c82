import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import sv from '../schemas/messages/sv.json' with { type: 'json' };
import { PASSWORD_COST, type PasswordCost } from './base/password-cost';

/** Everything the server reads from its environment; nothing else configures it. */
export interface Config {
  port: number;
  /** Where the embedded store, blobs, the JWT secret and the mail outbox live. */
  dataDir: string;
  mongoUri?: string;
  /** Shared counters, export tickets and live events across instances (REDIS_URL); unset: this process only. */
  redisUrl?: string;
  /** HS256 key for the session tokens. */
  jwtSecret: Uint8Array;
  /** JWT_SECRET_PREVIOUS: the key before a rotation; tokens it signed still verify (never signs). */
  jwtSecretPrevious?: Uint8Array;
  demoPassword?: string;
  nodeEnv: string;
  isProduction: boolean;
  /** The built front end (vite build). */
  distDir: string;
  /**
   * Earlier builds (DIST_PREVIOUS_DIR, a list split like PATH): hashed `/assets/` files this
   * build lacks are served from them, so pages of the old build still open during a rolling
   * deploy load their chunks from an instance already on the new one.
   */
  previousDistDirs: string[];
  /**
   * The catalogue folders of field types and validators (CATALOGUE_DIR, a list split like
   * PATH; default schemas/): each holds field-types/*.json and validators/*.json. The server
   * reads them at start and refuses to start on any problem (server/catalogue.ts).
   */
  catalogueDirs: string[];
  /**
   * The portal's public base URL for links in mails (PUBLIC_URL). Never taken from the
   * request's Host header, which a caller controls. Default http://localhost:PORT.
   */
  publicUrl: string;
  /** SMTP delivery (SMTP_URL, `smtp://user:pass@host:port`); unset: mails go to DATA_DIR/outbox as .eml files. */
  smtpUrl?: string;
  /** The From of every mail (MAIL_FROM), default `Blankett <no-reply@blankett.local>`. */
  mailFrom?: string;
  /**
   * The inbound SMTP endpoint for replies to mail sent to applicants (SMTP_INBOUND_PORT); unset:
   * off, and a mail's Reply-To is the organisation's contact email. 0: any free port (tests).
   */
  smtpInboundPort?: number;
  /** The address it listens on (SMTP_INBOUND_HOST, default 0.0.0.0). */
  smtpInboundHost: string;
  /** The domain of the reply addresses (SMTP_INBOUND_DOMAIN, default the host of PUBLIC_URL). */
  smtpInboundDomain: string;
  /** The authserv-id of the MTA in front whose Authentication-Results (DMARC) the endpoint trusts (SMTP_INBOUND_TRUST_AUTH_RESULTS); unset: only the envelope sender counts. */
  smtpInboundTrustAuthResults?: string;
  /** Behind a reverse proxy (TRUST_PROXY=1): client IPs come from X-Forwarded-For. */
  trustProxy: boolean;
  /**
   * WEBHOOKS_ALLOW_PRIVATE=1 (tests only): URLs the server calls (an organisation's OpenID issuer,
   * webhook receivers) may be plain http on loopback or private addresses (server/base/public-address.ts).
   */
  allowPrivateAddresses: boolean;
  /** Login/register/reset limits; tests may tighten or loosen them. */
  rateLimits: {
    loginPerIp: number;
    loginPerAccount: number;
    /** Public applications per IP per window (APPLY_RATE_LIMIT, default 30). */
    applyPerIp: number;
    windowMs: number;
    /** SCIM calls per organisation token per window (server/routes/scim.ts; absent: 1,200). */
    scimPerToken?: number;
  };
  /**
   * scrypt's cost for new password hashes: always PASSWORD_COST from the environment. Only a
   * test's override may lower it (the integration servers do, tests/integration/helpers/server.ts);
   * createApp refuses a lower one in production.
   */
  passwordCost: PasswordCost;
}

const root = resolve(import.meta.dirname, '..');

/**
 * JWT_SECRET when set (at least 32 characters), otherwise a random key generated once and
 * kept in DATA_DIR/jwt-secret (mode 0600) so tokens survive a restart.
 */
function jwtSecretFrom(env: NodeJS.ProcessEnv, dataDir: string): Uint8Array {
  const given = env.JWT_SECRET;
  if (given) {
    if (given.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long');
    return new TextEncoder().encode(given);
  }
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return new TextEncoder().encode(stored);
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  const tmp = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
  writeFileSync(tmp, secret + '\n', { mode: 0o600 });
  chmodSync(tmp, 0o600);
  try {
    // Published whole, and only when no other process published first: of simultaneous first
    // starts on one DATA_DIR every one ends with the first one's key (1 of 8 did not, with a
    // plain write).
    linkSync(tmp, file);
    return new TextEncoder().encode(secret);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return new TextEncoder().encode(stored);
    renameSync(tmp, file); // a broken key file is replaced
    return new TextEncoder().encode(secret);
  } finally {
    rmSync(tmp, { force: true });
  }
}

function previousSecretFrom(env: NodeJS.ProcessEnv): Uint8Array | undefined {
  const given = env.JWT_SECRET_PREVIOUS;
  if (!given) return undefined;
  if (given.length < 32) throw new Error(sv.deployment.jwtPrevious);
  return new TextEncoder().encode(given);
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer`);
  return n;
}

function portFrom(value: string | undefined, fallback: number, name: string): number {
  const n = intFrom(value, fallback, name);
  if (n > 65535) throw new Error(`${name} must be at most 65535`);
  return n;
}

/** DATA_DIR as the server reads it (default ./data), absolute; the backup and restore scripts use the same rule. */
export function dataDirFrom(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.DATA_DIR ?? './data');
}

/** Reads the configuration from environment variables (PORT, DATA_DIR, MONGODB_URI, JWT_SECRET, DEMO_PASSWORD, NODE_ENV, PUBLIC_URL). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = overrides.dataDir ? resolve(overrides.dataDir) : dataDirFrom(env);
  const nodeEnv = env.NODE_ENV ?? 'development';
  const port = portFrom(env.PORT, 3000, 'PORT');
  return {
    port,
    dataDir,
    mongoUri: env.MONGODB_URI || undefined,
    redisUrl: env.REDIS_URL || undefined,
    jwtSecret: overrides.jwtSecret ?? jwtSecretFrom(env, dataDir),
    jwtSecretPrevious: previousSecretFrom(env),
    demoPassword: env.DEMO_PASSWORD || undefined,
    nodeEnv,
    isProduction: nodeEnv === 'production',
    // DIST_DIR: another build of the front end (parallel browser-test runs build apart).
    distDir: env.DIST_DIR ? resolve(env.DIST_DIR) : join(root, 'dist'),
    previousDistDirs: (env.DIST_PREVIOUS_DIR ?? '').split(delimiter).filter(Boolean).map((d) => resolve(d)),
    catalogueDirs: env.CATALOGUE_DIR ? env.CATALOGUE_DIR.split(delimiter).filter(Boolean).map((d) => resolve(d)) : [join(root, 'schemas')],
    publicUrl: env.PUBLIC_URL || `http://localhost:${port}`,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    smtpInboundPort: env.SMTP_INBOUND_PORT ? portFrom(env.SMTP_INBOUND_PORT, 0, 'SMTP_INBOUND_PORT') : undefined,
    smtpInboundHost: env.SMTP_INBOUND_HOST || '0.0.0.0',
    smtpInboundTrustAuthResults: env.SMTP_INBOUND_TRUST_AUTH_RESULTS?.trim() || undefined,
    smtpInboundDomain: (env.SMTP_INBOUND_DOMAIN || new URL(env.PUBLIC_URL || `http://localhost:${port}`).hostname).toLowerCase(),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    allowPrivateAddresses: env.WEBHOOKS_ALLOW_PRIVATE === '1',
    rateLimits: {
      loginPerIp: 30,
      loginPerAccount: 10,
      applyPerIp: intFrom(env.APPLY_RATE_LIMIT, 30, 'APPLY_RATE_LIMIT'),
      windowMs: 60_000,
    },
    passwordCost: PASSWORD_COST,
    ...overrides,
  };
}
