/**
 * One format for every benchmark (issue 10): a benchmark returns figures, each our number
 * beside a peer measured in the same run, the ratio, the goal and whether it is met. The
 * runner (run.ts) prints them one line each in Swedish, a summary table at the end, and
 * `--json FILE` writes the same figures for tracking over time.
 */

/** A goal on the ratio ours ÷ peer, or on our own number. */
export type Goal = { ratioAtMost: number } | { ratioAtLeast: number } | { atMost: number } | { atLeast: number };

export interface Figure {
  /** What is measured, in Swedish: 'lista 30 rader, p95'. */
  name: string;
  ours: number;
  /** The same measurement of the peer, in the same run. */
  peer?: number;
  /** What the peer is: 'rå ajv', 'handskriven React-lista'. */
  peerName?: string;
  /** 'ms', 'KB', 'MB', 'req/s', 's', 'st/s'. */
  unit: string;
  goal?: Goal;
  note?: string;
}

/** What a benchmark module exports: figures, or plain lines (notes) for what is not a figure. */
export type BenchResult = (Figure | string)[];

export interface BenchContext {
  /** Prints a progress line while the benchmark runs (long work says what it is doing). */
  progress(message: string): void;
}

export const isFigure = (x: Figure | string): x is Figure => typeof x === 'object' && x !== null && 'ours' in x;

export function ratioOf(f: Figure): number | null {
  return f.peer !== undefined && f.peer !== 0 && Number.isFinite(f.peer) ? f.ours / f.peer : null;
}

/** true / false, or null when the figure has no goal (or no peer for a ratio goal). */
export function metGoal(f: Figure): boolean | null {
  const g = f.goal;
  if (!g) return null;
  const r = ratioOf(f);
  if ('ratioAtMost' in g) return r === null ? null : r <= g.ratioAtMost;
  if ('ratioAtLeast' in g) return r === null ? null : r >= g.ratioAtLeast;
  if ('atMost' in g) return f.ours <= g.atMost;
  return f.ours >= g.atLeast;
}

const sv = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 2 });
const num = (n: number) => (Math.abs(n) >= 100 ? Math.round(n).toLocaleString('sv-SE') : sv.format(n));

export function goalText(f: Figure): string {
  const g = f.goal;
  if (!g) return '–';
  if ('ratioAtMost' in g) return `≤ ${sv.format(g.ratioAtMost)}×`;
  if ('ratioAtLeast' in g) return `≥ ${sv.format(g.ratioAtLeast)}×`;
  if ('atMost' in g) return `≤ ${num(g.atMost)} ${f.unit}`;
  return `≥ ${num(g.atLeast)} ${f.unit}`;
}

export const metText = (m: boolean | null) => (m === null ? '–' : m ? 'ja' : 'nej');

/** One line: '  namn: vår 12,3 ms · jämförelse 10,1 ms (peer) · kvot 1,22× · mål ≤ 1,1× · uppfyllt: nej'. */
export function formatFigure(f: Figure): string {
  const r = ratioOf(f);
  const parts = [`vår ${num(f.ours)} ${f.unit}`];
  if (f.peer !== undefined) parts.push(`jämförelse ${num(f.peer)} ${f.unit}${f.peerName ? ` (${f.peerName})` : ''}`);
  if (r !== null) parts.push(`kvot ${Number(r.toPrecision(3)).toLocaleString('sv-SE')}×`);
  parts.push(`mål ${goalText(f)}`, `uppfyllt: ${metText(metGoal(f))}`);
  return `  ${f.name}: ${parts.join(' · ')}${f.note ? ` — ${f.note}` : ''}`;
}
