/**
 * Shared by the server benchmarks (server-apply, server-list): start the real app on a
 * free loopback port against a given store, drive it with a fixed number of concurrent
 * HTTP clients, and summarise latencies. Not a benchmark itself (no run()).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type App } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createLogger } from '../../server/log';
import { seedIfEmpty } from '../../server/seed';
import { openStore } from '../../server/store';
import type { Store } from '../../server/store/port';
import { percentile } from './_stats';
import { loginOverHttp } from '../../tests/integration/helpers/totp';

export const BENCH_PASSWORD = 'Benchmark-lösen-1!';

export interface BenchServer {
  app: App;
  url: string;
  store: Store;
  close(): Promise<void>;
}

/** The real app (demo seed) on 127.0.0.1:0 over an embedded store in a temp dir, or over `mongoUri`. */
export async function startBenchServer(opts: { mongoUri?: string; distDir?: string; env?: Record<string, string> } = {}): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'blankett-bench-'));
  const store = await openStore({ dataDir, mongoUri: opts.mongoUri, dbName: `bench_${randomBytes(4).toString('hex')}` });
  const config = loadConfig({ NODE_ENV: 'test', DEMO_PASSWORD: BENCH_PASSWORD, APPLY_RATE_LIMIT: process.env.APPLY_RATE_LIMIT, ...opts.env, ...(opts.distDir ? { DIST_DIR: opts.distDir } : {}) }, { dataDir, jwtSecret: randomBytes(32), port: 0 });
  const app = await createApp(config, { store, log: createLogger({ silent: true }) });
  await seedIfEmpty(app.deps, config, false);
  await new Promise<void>((res) => app.httpServer.listen(0, '127.0.0.1', () => res()));
  const { port } = app.httpServer.address() as AddressInfo;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    store,
    async close() {
      await app.close(1000);
      if (opts.mongoUri) await store.dropAll().catch(() => undefined);
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function login(url: string, email: string): Promise<string> {
  // Odin always needs a second factor (issue 29): the tests' login enrols or answers it. A
  // plain password login gave odin a ticket, not a token, and the admin-js bench a 401.
  return loginOverHttp(url, email, BENCH_PASSWORD);
}

/** One dispatcher call as `token`: its answer's data and its ms (request to last byte); throws on any status but 200. */
export async function timedCall(server: BenchServer, token: string, action: string, data: unknown): Promise<{ ms: number; data: unknown }> {
  const t0 = performance.now();
  const res = await fetch(`${server.url}/api/dispatcher`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ action, data }) });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${action} answered ${res.status}`);
  return { ms: performance.now() - t0, data: (JSON.parse(text) as { data: unknown }).data };
}

export interface LoadResult {
  count: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  failures: number;
  /** Every request's latency (sorted): for a percentile over several rounds. */
  latencies: number[];
}


/**
 * Sends `count` requests with `concurrency` in flight; `request(i)` performs request i and
 * says whether it answered as expected. Latencies in ms.
 */
export async function load(count: number, concurrency: number, request: (i: number) => Promise<boolean>): Promise<LoadResult> {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const t0 = performance.now();
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const s = performance.now();
      const ok = await request(i).catch(() => false);
      latencies.push(performance.now() - s);
      if (!ok) failures++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    count,
    seconds,
    perSecond: count / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    failures,
    latencies,
  };
}

export const ms = (v: number) => `${v.toFixed(1)} ms`;
