/**
 * Benchmark of issue 19: apply throughput through the round-robin proxy (scripts/proxy.ts)
 * with two `server/main.ts` instances behind it against one instance, in the same run: one
 * Mongo-wire store (MONGODB_URI, or FerretDB from .tools), one redis-server, 16 clients each
 * applying to the demo position (no attachment) with a fresh email. First the proxy has only
 * A behind it, then A and B. On a machine of two shared cores, with the store on the same
 * cores, the second instance adds processes competing for them, not capacity: this figure
 * shows the overhead of the hop and of the coordination, not scaling (docs/scaling.md).
 *   node --import tsx scripts/bench/scale-apply.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { personnummer, validAnswers } from '../../tests/integration/helpers/domain';
import { startProxy, type Backend } from '../proxy';
import { startRedis } from '../redis';
import { spawnMain, type ServerProcess } from '../server-process';
import { runStandalone } from './_pages';
import { benchMongo } from './_mongo';
import type { BenchContext, BenchResult } from './_report';
import { load, type LoadResult } from './server-common';

/** Per configuration, in two halves (ABBA). */
const REQUESTS = Number(process.env.BENCH_SCALE_APPLY_REQUESTS ?? 200);
const CONCURRENCY = 16;
const WARMUP = 40;

export async function run(ctx?: BenchContext): Promise<BenchResult> {
  const root = mkdtempSync(join(tmpdir(), 'blankett-bench-scale-apply-'));
  const mongo = await benchMongo();
  const redis = await startRedis();
  const backends: Backend[] = [];
  const proxy = await startProxy(backends);
  const instances: ServerProcess[] = [];
  try {
    const env = {
      MONGODB_URI: mongo.databaseUri(),
      REDIS_URL: redis.url,
      JWT_SECRET: randomBytes(36).toString('base64url'),
      TRUST_PROXY: '1',
      PUBLIC_URL: proxy.url,
      DEMO_PASSWORD: 'bench-pass-123',
      NODE_ENV: 'test',
      APPLY_RATE_LIMIT: '1000000',
      DIST_DIR: join(root, 'no-dist'),
    };
    ctx?.progress('startar två instanser');
    for (const name of ['a', 'b']) instances.push(await spawnMain({ ...env, DATA_DIR: join(root, name) }, { startMs: 90_000 }));
    const [a, b] = instances as [ServerProcess, ServerProcess];
    const list = (await (await fetch(`${a.url}/api/public/positions?take=20&page=1`)).json()) as { data: { items: { id: number; status: string }[] } };
    const positionId = list.data.items.find((p) => p.status === 'Öppen')!.id;
    let n = 0;
    const bodies = (count: number) =>
      Array.from({ length: count }, () => {
        const i = n++;
        const email = `skala-ansokan.${i}.${randomBytes(3).toString('hex')}@example.se`;
        const metadata = validAnswers(email, { form_firstname: 'Skala', form_surname: `Nummer${i}`, form_ssn: personnummer('19900101', String(100 + (i % 900))) });
        return JSON.stringify({ action: 'create_jobApplication', data: { email, positionId, metadata } });
      });
    const through = async (count: number) => {
      const batch = bodies(count);
      return load(count, CONCURRENCY, async (i) => {
        const res = await fetch(`${proxy.url}/api/public/positions/apply`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: batch[i] });
        await res.arrayBuffer();
        return res.status === 201;
      });
    };
    const only = (...which: ServerProcess[]) => backends.splice(0, backends.length, ...which.map((s) => ({ host: '127.0.0.1', port: s.port })));
    only(a, b);
    await through(WARMUP);
    // ABBA: FerretDB scans the collection for every filtered query, so later rounds meet more
    // applications; one, two, two, one cancels that drift out of the comparison.
    const rounds: { one: LoadResult[]; two: LoadResult[] } = { one: [], two: [] };
    for (const kind of ['one', 'two', 'two', 'one'] as const) {
      if (kind === 'one') only(a);
      else only(a, b);
      ctx?.progress(`${REQUESTS / 2} ansökningar, ${kind === 'one' ? 'en instans' : 'två instanser'} bakom proxyn`);
      rounds[kind].push(await through(REQUESTS / 2));
    }
    const sum = (rs: LoadResult[]) => ({
      perSecond: rs.reduce((s, r) => s + r.count, 0) / rs.reduce((s, r) => s + r.seconds, 0),
      p95: Math.max(...rs.map((r) => r.p95)),
      failures: rs.reduce((s, r) => s + r.failures, 0),
    });
    const [one, two] = [sum(rounds.one), sum(rounds.two)];
    return [
      { name: 'ansökningar per sekund genom proxyn, två instanser', ours: two.perSecond, peer: one.perSecond, peerName: 'en instans, samma körning', unit: 'req/s', goal: { ratioAtLeast: 0.8 }, note: 'två delade kärnor: målet är att den andra instansen kostar högst 20 %, inte att den bär mer' },
      { name: 'svarstid p95 genom proxyn, två instanser (sämsta halvan)', ours: two.p95, peer: one.p95, peerName: 'en instans, samma körning', unit: 'ms', goal: { ratioAtMost: 1.5 } },
      `  ${CONCURRENCY} samtidiga klienter, ${REQUESTS} ansökningar per uppställning i ordningen en, två, två, en (misslyckade: ${one.failures} / ${two.failures}); FerretDB, Redis, proxyn och instanserna delar två kärnor:`,
      '  siffran visar vad en andra instans kostar (proxy, Redis, FerretDB-låset mellan processer), inte hur mycket mer fler maskiner bär.',
    ];
  } finally {
    await Promise.all(instances.map((i) => i.stop()));
    await proxy.close();
    await redis.stop();
    await mongo.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

runStandalone(import.meta.url, run);
