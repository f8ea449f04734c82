/**
 * Benchmark of issue 10 part 3: the embedded store at 100,000 applications — SQLite
 * (server/store/embedded.ts, ours) beside the nedb store it replaced (server/store/nedb.ts,
 * the peer), both measured in this run, each in its own process (scripts/bench/_store-child.ts):
 * start time (open + domain indexes + first list page) and RSS, applicant list p95 on the
 * first, middle and last page with a label filter, global search p95, and the longest
 * event-loop pause during a mixed write/read load.
 *
 * Goals: start < 2 s, RSS < 300 MB, pause < 50 ms, list p95 < 50 ms, search p95 < 100 ms.
 * BENCH_STORE_TOTAL changes the size (default 100000). Standalone:
 * node --import tsx scripts/bench/store-embedded.ts
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const TOTAL = Number(process.env.BENCH_STORE_TOTAL ?? 100_000);
const CHILD = join(import.meta.dirname, '_store-child.ts');

interface Measured {
  startMs: number;
  rss: number;
  list: Record<'first' | 'middle' | 'last', number>;
  search: number;
  pauseMs: number;
  idlePauseMs: number;
  writes: number;
}

function child(args: string[]): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stdout.on('data', (b: Buffer) => (out += b.toString()));
    p.stderr.on('data', (b: Buffer) => (err = (err + b.toString()).slice(-4000)));
    p.on('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code === 0 && line.startsWith('{')) resolve(JSON.parse(line) as Record<string, unknown>);
      else reject(new Error(`${args.slice(0, 2).join(' ')} avslutades med ${code}: ${err.slice(-800)}`));
    });
  });
}

async function side(kind: 'sqlite' | 'nedb'): Promise<{ seedMs: number; m: Measured }> {
  const dir = mkdtempSync(join(tmpdir(), `blankett-bench-${kind}-`));
  try {
    console.log(`  … ${kind}: fyller ${TOTAL.toLocaleString('sv-SE')} ansökningar`);
    const seeded = await child(['seed', kind, dir, String(TOTAL)]);
    console.log(`  … ${kind}: mäter (${((seeded.seedMs as number) / 1000).toFixed(1)} s att fylla)`);
    const m = (await child(['measure', kind, dir, String(TOTAL)])) as unknown as Measured;
    return { seedMs: seeded.seedMs as number, m };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const fmt = (v: number, unit: string) => (unit === 'MB' ? `${(v / 1024 / 1024).toFixed(0)} MB` : unit === 's' ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(1)} ms`);

function line(name: string, ours: number, peer: number, goal: number, unit: 'ms' | 's' | 'MB'): string {
  const ratio = peer > 0 ? (ours / peer).toFixed(3) : '–';
  return `  ${name.padEnd(30)} vår ${fmt(ours, unit).padStart(9)}  nedb ${fmt(peer, unit).padStart(9)}  kvot ${ratio.padStart(6)}  mål < ${fmt(goal, unit)}  ${ours < goal ? 'uppfyllt' : 'EJ uppfyllt'}`;
}

export async function run(): Promise<string[]> {
  const ours = await side('sqlite');
  const peer = await side('nedb');
  const a = ours.m;
  const b = peer.m;
  return [
    `  ${TOTAL.toLocaleString('sv-SE')} ansökningar; fyllning SQLite ${(ours.seedMs / 1000).toFixed(1)} s, nedb ${(peer.seedMs / 1000).toFixed(1)} s`,
    line('start (öppna + index + sida 1)', a.startMs, b.startMs, 2000, 's'),
    line('RSS', a.rss, b.rss, 300 * 1024 * 1024, 'MB'),
    line('lista p95, första sidan', a.list.first, b.list.first, 50, 'ms'),
    line('lista p95, mittersta sidan', a.list.middle, b.list.middle, 50, 'ms'),
    line('lista p95, sista sidan', a.list.last, b.list.last, 50, 'ms'),
    line('sökning p95', a.search, b.search, 100, 'ms'),
    line('längsta paus under last', a.pauseMs, b.pauseMs, 50, 'ms'),
    `  längsta paus i tomgång (maskinens eget brus): SQLite-processen ${a.idlePauseMs.toFixed(1)} ms, nedb-processen ${b.idlePauseMs.toFixed(1)} ms`,
    `  skrivningar under 3 s last: SQLite ${a.writes}, nedb ${b.writes} (varje SQLite-skrivning fsync:ad före svar)`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const l of await run()) console.log(l);
}
