/**
 * Issue 10 §1: eight attackers at the apply limit each send 22 MB bodies of 1.3 million small
 * keys, again and again; meanwhile other users read positions. Their p99 under attack is
 * measured beside the same requests on the quiet server, in the same run (goal ≤ 2×).
 * The attackers run in a child process so that building and sending their bodies does not
 * share the server's event loop.
 */
import { spawn } from 'node:child_process';
import type { BenchContext, BenchResult } from './_report';
import { runStandalone } from './_pages';
import { load, startBenchServer } from './server-common';

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

export async function run(ctx: BenchContext): Promise<BenchResult> {
  // Eight addresses at 30 a minute each, as eight real attackers would be allowed.
  process.env.APPLY_RATE_LIMIT = String(ATTACKERS * 30);
  const server = await startBenchServer();
  try {
    const list = await fetch(`${server.url}/api/public/positions?take=1&page=1`);
    const id = ((await list.json()) as { data: { items: { id: number }[] } }).data.items[0]!.id;
    const probe = async () => (await fetch(`${server.url}/api/public/positions/${id}`)).status === 200;
    await load(50, 4, probe);
    ctx.progress('tyst server');
    const quiet = await load(PROBES, 4, probe);
    ctx.progress(`${ATTACKERS} angripare startar`);
    const child = spawn(process.execPath, ['-e', ATTACKER, `${server.url}/api/public/positions/apply`, String(ATTACKERS), '60'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    await new Promise<void>((res) => child.stderr.once('data', () => res()));
    await new Promise((r) => setTimeout(r, 1000));
    const attacked = await load(PROBES, 4, probe);
    child.kill('SIGTERM');
    return [
      `  ${ATTACKERS} angripare med 22 MB kroppar (1,3 miljoner nycklar), ${PROBES} läsningar av en tjänst per fas, 4 samtidiga${out ? `; angriparna: ${out.trim()}` : ''}`,
      { name: 'andra användares p99 under angrepp', ours: attacked.p99, peer: quiet.p99, peerName: 'tyst server', unit: 'ms', goal: { ratioAtMost: 2 } },
      { name: 'andra användares p50 under angrepp', ours: attacked.p50, peer: quiet.p50, peerName: 'tyst server', unit: 'ms' },
    ];
  } finally {
    await server.close();
  }
}

runStandalone(import.meta.url, run);
