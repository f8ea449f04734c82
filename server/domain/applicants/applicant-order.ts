import { yieldToLoop } from '../../store/slices';
import type { Filter, Sort, Store } from '../../store/port';
import type { ApplicationDoc } from '../core/docs';

/** Sort orders of the applicant list: newest first (default), oldest first, by name, by rating. */
export type ApplicantSort = 'newest' | 'oldest' | 'name' | 'rating';

/**
 * The orders of a position's applicant list and key paging through them (issue 9; blind
 * ratings, issue 24 item 4). An order is a list of phases, each a store filter and sort; the
 * list reads them one after the other.
 *
 * Sort by rating ('Betyg, högst först') is blind like the numbers: only the applicants the
 * viewer has rated themselves — whose team average they see — are ordered by that average
 * (highest first, then newest). Then come those rated by others but not by the viewer, then
 * the unrated, each newest first: whether someone has rated is shown to everyone, their
 * average is not, so neither is any order by it. A viewer who has rated nobody gets rated
 * first, then unrated, each newest first, whatever the averages are.
 */

/** A row's place in an order: its phase and the keys the phase sorts by. Opaque to clients (list-cursor.ts). */
export interface Cursor {
  phase: number;
  id: number;
  name?: string;
  avg?: number;
}

interface Phase {
  /** What the phase adds to the list's filter (null: nothing). */
  where: Filter | null;
  sort: Sort;
  /** Whether a row belongs to this phase. */
  holds(a: ApplicationDoc): boolean;
  /** "Comes after `c` in this phase" (or before, with `backwards`). */
  seek(c: Cursor, backwards: boolean): Filter;
  cursor(a: Pick<ApplicationDoc, 'id' | 'info' | 'ratingAvg'>, phase: number): Cursor;
}

const everyone = () => true;

function byId(direction: 1 | -1, where: Filter | null, holds: Phase['holds'] = everyone): Phase {
  return {
    where,
    sort: { id: direction },
    holds,
    seek: (c, backwards) => ({ id: { [(direction === 1) !== backwards ? '$gt' : '$lt']: c.id } }),
    cursor: (a, phase) => ({ phase, id: a.id }),
  };
}

const byName: Phase = {
  where: null,
  // Ties on name are broken by id so the order is total.
  sort: { 'info.name': 1, id: 1 },
  holds: everyone,
  seek(c, backwards) {
    const op = backwards ? '$lt' : '$gt';
    const name = c.name ?? '';
    return { $or: [{ 'info.name': { [op]: name } }, { 'info.name': name, id: { [op]: c.id } }] };
  },
  cursor: (a, phase) => ({ phase, id: a.id, name: a.info?.name ?? '' }),
};

const ratedBy = (a: ApplicationDoc, viewerId: number) => (a.ratedBy ?? []).includes(viewerId);

function byOwnRating(viewerId: number, ownIds: number[]): Phase {
  return {
    // The applications the viewer rated, found through their scorecards (a short list), rather
    // than by scanning every rated application of the position for their id.
    where: { id: { $in: ownIds } },
    sort: { ratingAvg: -1, id: -1 },
    holds: (a) => ratedBy(a, viewerId),
    seek(c, backwards) {
      const op = backwards ? '$gt' : '$lt';
      const avg = c.avg ?? 0;
      return { $or: [{ ratingAvg: { [op]: avg } }, { ratingAvg: avg, id: { [op]: c.id } }] };
    },
    cursor: (a, phase) => ({ phase, id: a.id, avg: a.ratingAvg ?? 0 }),
  };
}

/** The ids of the applications of the list's position that `viewerId` has rated. */
async function ratedByViewer(store: Store, filter: Filter, viewerId: number): Promise<number[]> {
  const cards = await store.collection('scorecards').find({ raterId: viewerId, positionId: filter.positionId }, { projection: { applicationId: 1 } });
  return cards.map((x) => x.applicationId as number);
}

/** The phases of `sort` as `viewerId` may see it (the list's filter names its position). */
async function phasesOf(store: Store, filter: Filter, sort: ApplicantSort = 'newest', viewerId: number): Promise<Phase[]> {
  if (sort === 'oldest') return [byId(1, null)];
  if (sort === 'name') return [byName];
  if (sort === 'rating') {
    return [
      byOwnRating(viewerId, await ratedByViewer(store, filter, viewerId)),
      byId(-1, { ratingAvg: { $exists: true }, ratedBy: { $ne: viewerId } }, (a) => typeof a.ratingAvg === 'number' && !ratedBy(a, viewerId)),
      byId(-1, { ratingAvg: { $exists: false } }, (a) => typeof a.ratingAvg !== 'number'),
    ];
  }
  return [byId(-1, null)];
}

/** The list's filter with a phase's condition and seek (null parts left out). */
function compose(filter: Filter, where: Filter | null, seek: Filter | null): Filter {
  let out = filter;
  const and: Filter[] = [];
  for (const part of [where, seek]) {
    if (!part) continue;
    // An id bound at the top level lets the embedded store walk its id index from the cursor.
    if (Object.keys(part).length === 1 && 'id' in part && !('id' in out)) out = { ...out, ...part };
    else and.push(part);
  }
  return and.length ? { ...out, $and: [...((out.$and as Filter[] | undefined) ?? []), ...and] } : out;
}

function flip(s: Sort): Sort {
  return Object.fromEntries(Object.entries(s).map(([k, v]) => [k, v === 1 ? -1 : 1])) as Sort;
}

const LIST_PROJECTION = { notes: 0, logs: 0 } as const;

/** One batch under a filter and order, paged by key: `next` is the place of the last row (null on the last batch). */
export async function pageApplicants(store: Store, filter: Filter, sort: ApplicantSort | undefined, after: Cursor | null, limit: number, viewerId: number) {
  const apps = store.collection<ApplicationDoc>('applications');
  const phases = await phasesOf(store, filter, sort, viewerId);
  const rows: { doc: ApplicationDoc; phase: number }[] = [];
  for (let i = after?.phase ?? 0; i < phases.length && rows.length <= limit; i++) {
    const ph = phases[i]!;
    const seek = after && i === after.phase ? ph.seek(after, false) : null;
    const docs = await apps.find(compose(filter, ph.where, seek), { sort: ph.sort, limit: limit + 1 - rows.length, projection: LIST_PROJECTION });
    for (const doc of docs) rows.push({ doc, phase: i });
  }
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return { items: shown.map((r) => r.doc), next: rows.length > limit && last ? phases[last.phase]!.cursor(last.doc, last.phase) : null };
}

/** Previous and next applicant of `current` in the list under `filter` and the order. */
export async function neighbours(store: Store, filter: Filter, sort: ApplicantSort | undefined, current: ApplicationDoc, viewerId: number) {
  const apps = store.collection<ApplicationDoc>('applications');
  const phases = await phasesOf(store, filter, sort, viewerId);
  const at = Math.max(0, phases.findIndex((ph) => ph.holds(current)));
  const cursor = phases[at]!.cursor(current, at);
  const first = async (from: number, step: 1 | -1) => {
    for (let i = from; i >= 0 && i < phases.length; i += step) {
      const ph = phases[i]!;
      const seek = i === at ? ph.seek(cursor, step === -1) : null;
      const found = await apps.findOne(compose(filter, ph.where, seek), { sort: step === 1 ? ph.sort : flip(ph.sort), projection: { id: 1 } });
      if (found) return found.id;
    }
    return null;
  };
  const [prev, next] = await Promise.all([first(at, -1), first(at, 1)]);
  return { prev, next };
}

const IDS_PAGE = 1000;

/**
 * Every id under a filter (for 'Välj alla'), in list order: read a page at a time with a turn
 * of the event loop between pages (a position may have 50,000 applicants).
 */
export async function idsUnder(store: Store, filter: Filter, sort: ApplicantSort | undefined, viewerId: number): Promise<number[]> {
  const apps = store.collection<ApplicationDoc>('applications');
  const projection: Record<string, 0 | 1> = sort === 'name' ? { id: 1, info: 1 } : sort === 'rating' ? { id: 1, ratingAvg: 1 } : { id: 1 };
  const phases = await phasesOf(store, filter, sort, viewerId);
  const ids: number[] = [];
  for (const [i, ph] of phases.entries()) {
    let after: Cursor | null = null;
    do {
      await yieldToLoop();
      const docs = await apps.find(compose(filter, ph.where, after ? ph.seek(after, false) : null), { sort: ph.sort, limit: IDS_PAGE, projection });
      for (const a of docs) ids.push(a.id);
      const last = docs[docs.length - 1];
      after = docs.length === IDS_PAGE && last ? ph.cursor(last, i) : null;
    } while (after !== null);
  }
  return ids;
}
