import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createApp, type App } from '../../../server/app';
import { loadConfig, type Config } from '../../../server/config';
import type { ServerDeps } from '../../../server/base/deps';
import { PASSWORD_COST, type PasswordCost } from '../../../server/base/password-cost';
import { createLogger } from '../../../server/log';
import { seedIfEmpty } from '../../../server/seed';
import { findUserByEmail, normaliseEmail } from '../../../server/auth/users';
import { loginOverHttp, TEST_TOTP_SECRET } from './totp';
import { openPeerStore, openTestStore, type StoreKind, type TestStore } from '../../setup/stores';

/**
 * scrypt's cost on test servers: a real scrypt at 1/32 of the deployment's memory and time
 * (~3 ms, not ~100 ms: the suite hashes and checks thousands of passwords). A production
 * configuration (`isProduction`) gets the deployment's; so does a test about the cost itself, or
 * about timing that scrypt dominates, with `config: { passwordCost: PASSWORD_COST }`.
 */
export const TEST_PASSWORD_COST: PasswordCost = Object.freeze({ N: 1024, r: 8, p: 1 });

/** The demo users' password in every test run. */
export const TEST_PASSWORD = 'Testlösen-2024!';
export const DEMO = {
  odin: 'odin@demo.test',
  admin: 'admin@demo.test',
  writer: 'writer@demo.test',
  reader: 'reader@demo.test',
} as const;

export interface Reply<T = any> {
  status: number;
  /** Parsed JSON, or null for an empty or non-JSON body. */
  body: T;
  text: string;
  headers: Headers;
}

export interface TestServer {
  url: string;
  kind: StoreKind;
  deps: ServerDeps;
  app: App;
  config: Config;
  testStore: TestStore;
  /** Every JSON log line the server wrote (to check nothing secret is logged). */
  logs: string[];
  /** Logs in and returns the token (fails the test on anything but 200). */
  login(email: string, password?: string): Promise<string>;
  /** POST /api/dispatcher {action, data} with the token (null: no Authorization header). */
  call<T = any>(token: string | null, action: string, data?: unknown, query?: string): Promise<Reply<T>>;
  /** A raw request to any path; a string body is sent as is, anything else as JSON. */
  request<T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Reply<T>>;
  close(): Promise<void>;
}

/**
 * Starts the real app on 127.0.0.1, port 0, against a fresh test store of `kind`
 * (tests/setup/stores.ts), optionally with the demo seed (password TEST_PASSWORD).
 */
export async function startTestServer(opts: { kind: StoreKind; seed?: boolean; config?: Partial<Config>; peerOf?: TestServer }): Promise<TestServer> {
  // peerOf: a second instance on the first one's mongo database (its own client, DATA_DIR and
  // HTTP server; the same JWT secret), as a second process behind a load balancer would be.
  const testStore = opts.peerOf ? await openPeerStore(opts.peerOf.testStore) : await openTestStore(opts.kind);
  const logs: string[] = [];
  const log = createLogger({ write: (line) => logs.push(line) });
  const config = loadConfig(
    { NODE_ENV: 'test', DEMO_PASSWORD: TEST_PASSWORD, DEMO_TOTP_SECRET: TEST_TOTP_SECRET },
    {
      dataDir: testStore.dataDir,
      jwtSecret: opts.peerOf?.config.jwtSecret ?? randomBytes(32),
      port: 0,
      // Every test request comes from 127.0.0.1: the per-IP limit would throttle the suite itself.
      rateLimits: { loginPerIp: 100_000, loginPerAccount: 10, applyPerIp: 30, windowMs: 60_000 },
      // A production configuration hashes at the deployment's cost (createApp refuses less).
      passwordCost: opts.config?.isProduction ? PASSWORD_COST : TEST_PASSWORD_COST,
      ...opts.config,
    },
  );
  let app: App;
  try {
    app = await createApp(config, { store: testStore.store, log });
    if (opts.seed) await seedIfEmpty(app.deps, config, false);
    await new Promise<void>((res, rej) => {
      app.httpServer.once('error', rej);
      app.httpServer.listen(0, '127.0.0.1', () => res());
    });
  } catch (e) {
    await testStore.cleanup();
    throw e;
  }
  const { port } = app.httpServer.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const request = async <T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply<T>> => {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' || body instanceof Uint8Array ? (body as string) : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    }
    const res = await fetch(url + path, init);
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: res.status, body: parsed as T, text, headers: res.headers };
  };

  return {
    url,
    kind: opts.kind,
    deps: app.deps,
    app,
    config,
    testStore,
    logs,
    request,
    async login(email, password = TEST_PASSWORD) {
      // A code is accepted once per 30 s step and user, and a file logs odin in many times a
      // step: the step used last is forgotten first (tests/integration/mfa.test.ts holds the
      // refusal of a replayed code).
      return loginOverHttp(url, email, password, async () => {
        const user = await findUserByEmail(app.deps.store, normaliseEmail(email));
        await app.deps.store.collection('mfa').updateOne({ userId: user?.id }, { $unset: { 'totp.lastStep': true } });
      });
    },
    call(token, action, data = {}, query = '') {
      return request('POST', `/api/dispatcher${query}`, { action, data }, token ? { authorization: `Bearer ${token}` } : {});
    },
    async close() {
      try {
        await app.close(2_000);
      } finally {
        await testStore.cleanup();
      }
    },
  };
}
