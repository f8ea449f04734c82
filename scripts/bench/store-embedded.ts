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
import { formatFigure, isFigure, type BenchContext, type BenchResult } from './_report';

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

async function side(kind: 'sqlite' | 'nedb', say: (m: string) => void): Promise<{ seedMs: number; m: Measured }> {
  const dir = mkdtempSync(join(tmpdir(), `blankett-bench-${kind}-`));
  try {
    say(`${kind}: fyller ${TOTAL.toLocaleString('sv-SE')} ansökningar`);
    const seeded = await child(['seed', kind, dir, String(TOTAL)]);
    say(`${kind}: mäter (${((seeded.seedMs as number) / 1000).toFixed(1)} s att fylla)`);
    const m = (await child(['measure', kind, dir, String(TOTAL)])) as unknown as Measured;
    return { seedMs: seeded.seedMs as number, m };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const MB = 1024 * 1024;

export async function run(ctx?: BenchContext): Promise<BenchResult> {
  const say = ctx?.progress ?? ((m: string) => console.log(`  … ${m}`));
  const ours = await side('sqlite', say);
  const peer = await side('nedb', say);
  const a = ours.m;
  const b = peer.m;
  const peerName = 'nedb';
  return [
    `  ${TOTAL.toLocaleString('sv-SE')} ansökningar; fyllning SQLite ${(ours.seedMs / 1000).toFixed(1)} s, nedb ${(peer.seedMs / 1000).toFixed(1)} s`,
    { name: 'start (öppna + index + första sidan)', ours: a.startMs / 1000, peer: b.startMs / 1000, peerName, unit: 's', goal: { atMost: 2 } },
    { name: 'RSS efter start och frågor', ours: a.rss / MB, peer: b.rss / MB, peerName, unit: 'MB', goal: { atMost: 300 } },
    { name: 'lista 30 med etikettfilter, första sidan, p95', ours: a.list.first, peer: b.list.first, peerName, unit: 'ms', goal: { atMost: 50 } },
    { name: 'lista 30 med etikettfilter, mittersta sidan, p95', ours: a.list.middle, peer: b.list.middle, peerName, unit: 'ms', goal: { atMost: 50 } },
    { name: 'lista 30 med etikettfilter, sista sidan, p95', ours: a.list.last, peer: b.list.last, peerName, unit: 'ms', goal: { atMost: 50 } },
    { name: 'sökning (namn, e-post), p95', ours: a.search, peer: b.search, peerName, unit: 'ms', goal: { atMost: 100 } },
    {
      name: 'längsta paus i händelseloopen under skrivlast',
      ours: a.pauseMs,
      peer: b.pauseMs,
      peerName,
      unit: 'ms',
      goal: { atMost: 50 },
      note: `maskinens eget brus i tomgång: ${a.idlePauseMs.toFixed(0)} ms resp. ${b.idlePauseMs.toFixed(0)} ms`,
    },
    { name: 'skrivningar under 3 s last (SQLite: var och en fsync:ad)', ours: a.writes / 3, peer: b.writes / 3, peerName, unit: 'st/s' },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const item of await run()) console.log(isFigure(item) ? formatFigure(item) : item);
}
