/**
 * Benchmark of issue 19: the bell across instances. Two `server/main.ts` processes (A, B) on
 * one Mongo-wire store (MONGODB_URI, or FerretDB from .tools) and one redis-server; a
 * recruiter's socket joined on each. 100 applications one at a time through A; each is timed
 * from just before the apply POST leaves until its Notification frame reaches the socket on
 * B (through Redis: announce, re-read from the store, push) and, the peer in the same run,
 * the socket on A itself. Goal: B's p95 below 100 ms (the bell benchmark's goal on one
 * instance). On two shared cores this shows the cost of the hop, not scaling.
 *   node --import tsx scripts/bench/scale-bell.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { personnummer, validAnswers } from '../../tests/integration/helpers/domain';
import { startRedis } from '../redis';
import { spawnMain, type ServerProcess } from '../server-process';
import { runStandalone } from './_pages';
import { median, percentile } from './_stats';
import { benchMongo } from './_mongo';
import type { BenchContext, BenchResult } from './_report';

const COUNT = 100;
const WARMUP = 5;
const PASSWORD = 'bench-pass-123';

async function socketOn(url: string, token: string, containerId: number) {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/notifications?access_token=${encodeURIComponent(token)}`);
  const arrived = new Map<number, number>();
  const waiting = new Map<number, (at: number) => void>();
  await new Promise<void>((res, rej) => {
    ws.on('message', (data) => {
      const at = performance.now();
      const e = JSON.parse(String(data)) as { type: string; data?: { id?: number } };
      if (e.type === 'Joined') res();
      const id = e.data?.id;
      if (e.type === 'Notification' && typeof id === 'number') {
        arrived.set(id, at);
        waiting.get(id)?.(at);
      }
    });
    ws.once('open', () => ws.send(JSON.stringify({ type: 'Join', containerId })));
    ws.once('error', rej);
  });
  const when = (id: number) => {
    const at = arrived.get(id);
    return at !== undefined ? Promise.resolve(at) : new Promise<number>((res) => waiting.set(id, res));
  };
  return { ws, when };
}

export async function run(ctx?: BenchContext): Promise<BenchResult> {
  const root = mkdtempSync(join(tmpdir(), 'blankett-bench-scale-'));
  const mongo = await benchMongo();
  const redis = await startRedis();
  const instances: ServerProcess[] = [];
  try {
    const env = {
      MONGODB_URI: mongo.databaseUri(),
      REDIS_URL: redis.url,
      JWT_SECRET: randomBytes(36).toString('base64url'),
      TRUST_PROXY: '1',
      PUBLIC_URL: 'http://localhost:3000',
      DEMO_PASSWORD: PASSWORD,
      NODE_ENV: 'test',
      APPLY_RATE_LIMIT: '1000000',
      DIST_DIR: join(root, 'no-dist'),
    };
    ctx?.progress('startar två instanser');
    for (const name of ['a', 'b']) instances.push(await spawnMain({ ...env, DATA_DIR: join(root, name) }));
    const [a, b] = instances as [ServerProcess, ServerProcess];
    const list = (await (await fetch(`${a.url}/api/public/positions?take=20&page=1`)).json()) as { data: { items: { id: number; status: string; containerId: number }[] } };
    const position = list.data.items.find((p) => p.status === 'Öppen')!;
    const login = await fetch(`${a.url}/api/account/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@demo.test', password: PASSWORD }) });
    const token = ((await login.json()) as { token: string }).token;
    const onA = await socketOn(a.url, token, position.containerId);
    const onB = await socketOn(b.url, token, position.containerId);
    const viaRedis: number[] = [];
    const local: number[] = [];
    ctx?.progress(`${COUNT} ansökningar genom A`);
    for (let i = 0; i < COUNT + WARMUP; i++) {
      const email = `skala.${i}.${Date.now()}@example.se`;
      const metadata = validAnswers(email, { form_firstname: 'Skala', form_surname: `Nummer${i}`, form_ssn: personnummer('19900101', String(100 + (i % 900))) });
      const t0 = performance.now();
      const res = await fetch(`${a.url}/api/public/positions/apply`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'create_jobApplication', data: { email, positionId: position.id, metadata } }),
      });
      const body = (await res.json()) as { data?: { id?: number } };
      if (res.status !== 201 || !body.data?.id) throw new Error(`ansökan ${i}: ${res.status}`);
      const [atA, atB] = await Promise.all([onA.when(body.data.id), onB.when(body.data.id)]);
      if (i < WARMUP) continue;
      local.push(atA - t0);
      viaRedis.push(atB - t0);
    }
    onA.ws.close();
    onB.ws.close();
    return [
      { name: 'klockan på B efter ansökan genom A (Redis), p95', ours: percentile(viaRedis, 95), peer: percentile(local, 95), peerName: 'samma instans (A)', unit: 'ms', goal: { atMost: 100 } },
      { name: 'klockan på B efter ansökan genom A (Redis), median', ours: median(viaRedis), peer: median(local), peerName: 'samma instans (A)', unit: 'ms' },
      `  Tiden räknas från att ansökan skickas; ${COUNT} ansökningar en i taget, FerretDB och två instanser på samma två kärnor.`,
    ];
  } finally {
    await Promise.all(instances.map((i) => i.stop()));
    await redis.stop();
    await mongo.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

runStandalone(import.meta.url, run);
