import type { BusMessage, Coordination } from '../coord/port';
import type { Mailer } from '../mail';
import type { BlobStore, Store } from '../store/port';
import type { PasswordCost } from './password-cost';
import type { Clock } from './clock';
import type { Logger } from './logger';

/**
 * The ground floor: what every layer of the server is handed (store, blobs, log, domain and
 * the RPC above them). Only types live here; server/app.ts builds the value.
 */

export interface Hub {
  /**
   * Pushes an event to the members of a container's group. `ref` names what the event was
   * built from in the store, so other instances (server/coord/fanout.ts) can rebuild it from
   * there instead of trusting the bus; without it the event stays on this instance.
   */
  publish(containerId: number, event: { type: 'Notification' | 'Exception' | 'SendToGroup'; [k: string]: unknown }, ref?: Exclude<BusMessage, { kind: 'revoked' }>): void;
  close(): Promise<void>;
}

export interface ServerDeps {
  store: Store;
  blobs: BlobStore;
  hub: Hub;
  log: Logger;
  /** Outgoing mail: SMTP when SMTP_URL is set, else the DATA_DIR/outbox files (server/mail.ts). */
  mail: Mailer;
  /** The portal's public base URL (PUBLIC_URL) for links in mails; createApp sets it from the config. */
  publicUrl?: string;
  /**
   * The domain of per-application reply addresses when the inbound SMTP endpoint listens
   * (SMTP_INBOUND_PORT set); unset: a mail to an applicant answers to the organisation's email.
   */
  replyDomain?: string;
  /** DATA_DIR, for files the server writes besides the store (e.g. DATA_DIR/partner-outbox). */
  dataDir?: string;
  /** Clock in unix seconds (injectable for tests). */
  now: Clock;
  /**
   * The dependencies GET /api/health reports besides the store, by name (`redis` when REDIS_URL
   * is set, `smtp` when SMTP_URL is): each resolves when its component answers and rejects
   * otherwise. Only /api/health/dependencies answers 503 for them (server/routes/health.ts).
   */
  healthChecks?: Record<string, () => Promise<unknown>>;
  /** The key that seals list cursors (server/domain/list-cursor.ts), derived from JWT_SECRET; absent: one per process. */
  cursorKey?: Uint8Array;
  /** Shared counters, tickets and bus (server/coord); createApp sets it, absent means this process only. */
  coord?: Coordination;
  /** WEBHOOKS_ALLOW_PRIVATE=1 (Config.allowPrivateAddresses): issuers and receivers on loopback or private addresses are allowed (tests). */
  allowPrivateAddresses?: boolean;
  /** scrypt's cost for new password hashes (Config.passwordCost); absent: PASSWORD_COST, the deployment's. */
  passwordCost?: PasswordCost;
}
