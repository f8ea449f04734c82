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

const ATTACKERS = 8;
const PROBES = 300;

const ATTACKER = `
const [url, n, seconds] = process.argv.slice(1);
const keys = Array.from({ length: 1_300_000 }, (_, i) => '"k' + i + '":1').join(',');
const body = Buffer.from('{"action":"create_jobApplication","data":{"email":"x@example.se","positionId":1,"metadata":{' + keys + '}}}');
const until = Date.now() + Number(seconds) * 1000;
let sent = 0, refused = 0;
async function loop() {
  while (Date.now() < until) {
    try {
      const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      await r.arrayBuffer();
      sent++;
      if (r.status >= 400) refused++;
    } catch { sent++; }
  }
}
console.error('ready ' + body.length);
Promise.all(Array.from({ length: Number(n) }, loop)).then(() => { console.log(JSON.stringify({ sent, refused })); });
`;

/** The real server (server/main.ts) in its own process, embedded store in a temp dir. */
async function startServer(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'blankett-attack-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
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
    attackers = spawn(process.execPath, ['-e', ATTACKER, `${server.url}/api/public/positions/apply`, String(ATTACKERS), '60'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    attackers.stdout!.on('data', (d) => (out += String(d)));
    await new Promise<void>((res) => attackers!.stderr!.once('data', () => res()));
    await new Promise((r) => setTimeout(r, 1000));
    const attacked = await load(PROBES, 4, probe);
    return [
      `  ${ATTACKERS} angripare med 16 MB kroppar (1,3 miljoner nycklar), ${PROBES} läsningar av en tjänst per fas, 4 samtidiga; server, angripare och mätning i var sin process`,
      { name: 'andra användares p99 under angrepp', ours: attacked.p99, peer: quiet.p99, peerName: 'tyst server', unit: 'ms', goal: { ratioAtMost: 2 } },
      { name: 'andra användares p50 under angrepp', ours: attacked.p50, peer: quiet.p50, peerName: 'tyst server', unit: 'ms' },
      ...(out ? [`  angriparna: ${out.trim()}`] : []),
    ];
  } finally {
    attackers?.kill('SIGTERM');
    server.stop();
  }
}

runStandalone(import.meta.url, run);
