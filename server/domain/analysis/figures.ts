import { ageOn, formatIsoDate, parseIsoDate, stockholmDate, type CalendarDate } from '../../../engine/dates';
import type { GetAnalysisAnswer as Answer } from '../../../schemas/generated/actions';

/**
 * The analysis page's figures from the applications' stored history (issue 30 item 4): pure
 * functions over the rows analysis.ts reads, so each figure is one rule a test can repeat.
 */
export interface AnalysisRow {
  created: number;
  processLabelId: number | null;
  interestLabelId: number | null;
  processHistory?: { labelId: number; at: number }[];
  interestSince?: number;
  source?: { tag?: string; heard?: string };
  info?: { gender?: unknown; dateOfBirth?: unknown };
}

const DAY = 86_400;
const days = (seconds: number) => Math.round((seconds / DAY) * 10) / 10;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The Stockholm day of an instant, read once per hour of the instants (Intl is slow for 50,000 rows). */
export function dayReader(): (at: number) => CalendarDate {
  const memo = new Map<number, CalendarDate>();
  return (at) => {
    const hour = Math.floor(at / 3600);
    let d = memo.get(hour);
    if (!d) memo.set(hour, (d = stockholmDate(hour * 3600)));
    return d;
  };
}

/**
 * The levels an application has been on, oldest first: the level it came in on (the
 * organisation's default Process level, or its current level when it never moved), then every move.
 */
export function pathOf(row: AnalysisRow, firstLevel: number | null): { labelId: number; at: number }[] {
  const moves = row.processHistory ?? [];
  const start = moves.length ? firstLevel : row.processLabelId;
  return start === null ? [...moves] : [{ labelId: start, at: row.created }, ...moves];
}

/** One Process level's figures, as get_analysis answers them (reached: each application once, a move back is no new arrival). */
export type LevelFigure = Answer['levels'][number];

export function levelFigures(rows: AnalysisRow[], levels: { id: number; name: string }[], firstLevel: number | null): LevelFigure[] {
  const reached = new Map<number, number>();
  const current = new Map<number, number>();
  const stays = new Map<number, number[]>();
  for (const row of rows) {
    if (row.processLabelId !== null) current.set(row.processLabelId, (current.get(row.processLabelId) ?? 0) + 1);
    const path = pathOf(row, firstLevel);
    const spent = new Map<number, number>();
    for (let i = 0; i < path.length; i++) {
      const next = path[i + 1];
      if (next) spent.set(path[i]!.labelId, (spent.get(path[i]!.labelId) ?? 0) + Math.max(0, next.at - path[i]!.at));
    }
    for (const id of new Set(path.map((p) => p.labelId))) reached.set(id, (reached.get(id) ?? 0) + 1);
    for (const [id, s] of spent) {
      let list = stays.get(id);
      if (!list) stays.set(id, (list = []));
      list.push(s);
    }
  }
  return levels.map((l) => {
    const r = reached.get(l.id) ?? 0;
    const m = median(stays.get(l.id) ?? []);
    return {
      labelId: l.id,
      name: l.name,
      reached: r,
      current: current.get(l.id) ?? 0,
      share: rows.length ? Math.round((r / rows.length) * 1000) / 10 : 0,
      medianDays: m === null ? null : days(m),
    };
  });
}

/** How many and the median days: to hire (created → the last arrival on the hired level they are on), to reject (created → the 'Ej intressant' label). */
export function timeTo(rows: AnalysisRow[], hired: Set<number>, rejected: number | undefined, firstLevel: number | null): Answer['times'] {
  const hire: number[] = [];
  const reject: number[] = [];
  let rejectedCount = 0;
  for (const row of rows) {
    if (row.processLabelId !== null && hired.has(row.processLabelId)) {
      const path = pathOf(row, firstLevel);
      const arrival = path.findLast((p) => p.labelId === row.processLabelId)!;
      hire.push(arrival.at - row.created);
    }
    if (rejected !== undefined && row.interestLabelId === rejected) {
      rejectedCount++;
      if (typeof row.interestSince === 'number') reject.push(row.interestSince - row.created);
    }
  }
  const m = (list: number[]) => {
    const v = median(list);
    return v === null ? null : days(v);
  };
  return { hire: { count: hire.length, medianDays: m(hire) }, reject: { count: rejectedCount, timed: reject.length, medianDays: m(reject) } };
}

/** Applications per Stockholm day, or per month over more than 92 days, oldest first. */
export function overTime(rows: AnalysisRow[], dayOf: (at: number) => CalendarDate): Answer['overTime'] {
  if (rows.length === 0) return [];
  let lo = Infinity;
  let hi = -Infinity;
  for (const r of rows) {
    lo = Math.min(lo, r.created);
    hi = Math.max(hi, r.created);
  }
  const monthly = hi - lo > 92 * DAY;
  const per = new Map<string, number>();
  for (const r of rows) {
    const d = dayOf(r.created);
    const key = monthly ? formatIsoDate(d).slice(0, 7) : formatIsoDate(d);
    per.set(key, (per.get(key) ?? 0) + 1);
  }
  return [...per.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([period, count]) => ({ period, count }));
}

/** Counts per value, largest first, then by name; rows without a value under `none`. */
export function countBy<T>(rows: T[], value: (row: T) => string | undefined, none: string): Answer['heard'] {
  const per = new Map<string, number>();
  for (const r of rows) {
    const v = value(r) ?? none;
    per.set(v, (per.get(v) ?? 0) + 1);
  }
  return [...per.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'sv')).map(([name, count]) => ({ name, count }));
}

/** A count shown in the active-measures view: null when suppressed (1 to 4 people). */
export type Cell = NonNullable<Answer['activeMeasures']>[number]['gender'][number];

const SMALL = 4;

/**
 * Cells of 1 to 4 people are suppressed (null). A row whose total is shown elsewhere (the level's
 * 'reached') must not let one suppressed cell be worked out by subtraction: when exactly one is
 * suppressed, the smallest other non-zero cell is suppressed too.
 */
export function suppress(counts: { group: string; count: number }[]): Cell[] {
  const out: Cell[] = counts.map((c) => ({ group: c.group, count: c.count >= 1 && c.count <= SMALL ? null : c.count }));
  if (out.filter((c) => c.count === null).length === 1) {
    let smallest = -1;
    out.forEach((c, i) => {
      if (c.count !== null && c.count > 0 && (smallest < 0 || c.count < out[smallest]!.count!)) smallest = i;
    });
    if (smallest >= 0) out[smallest]!.count = null;
  }
  return out;
}

export const AGE_BANDS: { max: number; name: string }[] = [
  { max: 24, name: 'under 25' },
  { max: 34, name: '25–34' },
  { max: 44, name: '35–44' },
  { max: 54, name: '45–54' },
  { max: Infinity, name: '55 och äldre' },
];

/** The applicant's gender as they gave it (the personnummer), or undefined. */
export function genderOf(row: AnalysisRow): string | undefined {
  const g = row.info?.gender;
  return g === 'Kvinna' || g === 'Man' ? g : undefined;
}

/** The age band on the day of the application, from the birth date they gave, or undefined. */
export function ageBandOf(row: AnalysisRow, dayOf: (at: number) => CalendarDate): string | undefined {
  const birth = parseIsoDate(row.info?.dateOfBirth);
  if (!birth) return undefined;
  const age = ageOn(birth, dayOf(row.created));
  if (age < 0 || age > 120) return undefined;
  return AGE_BANDS.find((b) => age <= b.max)!.name;
}
