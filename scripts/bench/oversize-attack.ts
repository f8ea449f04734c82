/**
 * Issue 10 §1: eight attackers at the apply limit each send 22 MB bodies of 1.3 million small
 * keys, again and again; meanwhile other users read positions. Their p99 under attack is
 * measured beside the same requests on the quiet server, in the same run (goal ≤ 2×).
 * The server, the attackers and the measuring client are three processes, as they would be
 * in production (in one process the measurement shared the server's event loop).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../ferretdb';
import type { BenchContext, BenchResult } from './_report';
import { runStandalone } from './_pages';
import { load } from './server-common';
import { serverBundle } from '../server-bundle';

const ATTACKERS = 8;
const PROBES = 300;

interface AttackCounts {
  sent: number;
  failed: number;
  statuses: Record<string, number>;
}

const ATTACKER = `
const [url, n] = process.argv.slice(1);
const keys = Array.from({ length: 1_300_000 }, (_, i) => '"k' + i + '":1').join(',');
const body = Buffer.from('{"action":"create_jobApplication","data":{"email":"x@example.se","positionId":1,"metadata":{' + keys + '}}}');
let running = true, sent = 0, failed = 0;
const statuses = {};
async function loop() {
  while (running) {
    try {
      const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      await r.arrayBuffer();
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    } catch { failed++; }
    sent++;
  }
}
// Told to stop, the attackers report what they sent and how it was answered (fetch errors: the server cut the connection).
process.on('message', () => { running = false; process.send({ sent, failed, statuses }); process.disconnect(); process.exit(0); });
console.error('ready ' + body.length);
Promise.all(Array.from({ length: Number(n) }, loop));
`;

/** The real server (server/main.ts) in its own process, embedded store in a temp dir. */
async function startServer(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'blankett-attack-'));
  const child: ChildProcess = spawn(process.execPath, [await serverBundle()], {
    cwd: resolve(import.meta.dirname, '../..'),
    // Eight addresses at 30 a minute each, as eight real attackers would be allowed.
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'test', DEMO_PASSWORD: 'bench-lösen-1', MONGODB_URI: '', APPLY_RATE_LIMIT: String(ATTACKERS * 30) },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/api/public/positions?take=1&page=1`)).ok) return { url, stop };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  stop();
  throw new Error('servern startade inte');
}

export async function run(ctx: BenchContext): Promise<BenchResult> {
  const server = await startServer();
  let attackers: ChildProcess | undefined;
  try {
    const list = await fetch(`${server.url}/api/public/positions?take=1&page=1`);
    const id = ((await list.json()) as { data: { items: { id: number }[] } }).data.items[0]!.id;
    const probe = async () => (await fetch(`${server.url}/api/public/positions/${id}`)).status === 200;
    await load(50, 4, probe);
    ctx.progress('tyst server');
    const quiet = await load(PROBES, 4, probe);
    ctx.progress(`${ATTACKERS} angripare startar`);
    const child = spawn(process.execPath, ['-e', ATTACKER, `${server.url}/api/public/positions/apply`, String(ATTACKERS)], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    attackers = child;
    const report = new Promise<AttackCounts>((res) => child.once('message', (m) => res(m as AttackCounts)));
    await new Promise<void>((res) => child.stderr!.once('data', () => res()));
    // The attack is under way (the first bodies are in flight) before the measured phase.
    await new Promise((r) => setTimeout(r, 1000));
    const attacked = await load(PROBES, 4, probe);
    child.send('stop');
    const counts = await report;
    const answered = Object.entries(counts.statuses).map(([status, n]) => `${n} × ${status}`).join(', ');
    return [
      `  ${ATTACKERS} angripare med 22 MB kroppar (1,3 miljoner nycklar), ${PROBES} läsningar av en tjänst per fas (tyst ${quiet.count}, under angrepp ${attacked.count}, ${quiet.failures + attacked.failures} fel), 4 samtidiga; server, angripare och mätning i var sin process`,
      { name: 'andra användares p99 under angrepp', ours: attacked.p99, peer: quiet.p99, peerName: 'tyst server', unit: 'ms', goal: { ratioAtMost: 2 } },
      { name: 'andra användares p50 under angrepp', ours: attacked.p50, peer: quiet.p50, peerName: 'tyst server', unit: 'ms', goal: { ratioAtMost: 2 } },
      { name: 'angriparnas anrop under mätningen', ours: counts.sent, unit: 'st', goal: { atLeast: ATTACKERS }, note: `svar: ${answered || 'inga'}; ${counts.failed} avbrutna av servern` },
    ];
  } finally {
    attackers?.kill('SIGTERM');
    server.stop();
  }
}

runStandalone(import.meta.url, run);
