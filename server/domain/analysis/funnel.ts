import type { ServerDeps } from '../../base/deps';
import { DuplicateKeyError, type Store } from '../../store/port';
import { formatStockholmDate } from '../../../engine/dates';
import { errors } from '../../errors';
import type { PositionDoc } from '../core/docs';
import { cachedRead } from '../core/read-cache';

/**
 * Form drop-off without anything personal (issue 30 item 4): one counter per position, Stockholm
 * day and step, raised by the apply page's beacon (`POST /api/public/positions/:id/visit`).
 * Step 0 is the apply page opened, step n the form's step n + 1 reached. A counter holds only
 * those four facts and its count: no cookie is read or set, no address or time of a visit kept.
 */
interface FunnelDoc {
  [k: string]: unknown;
  positionId: number;
  containerId: number;
  day: string;
  step: number;
  count: number;
}

/** The highest step a beacon may name: more than any real form has. */
export const MAX_FUNNEL_STEP = 50;

const funnel = (store: Store) => store.collection<FunnelDoc>('formFunnel');

/** Counts one visit of `step` on the position's apply page today; 404 for a position that is not there. */
export async function countVisit(deps: ServerDeps, positionId: number, step: number): Promise<void> {
  const position = await cachedRead(deps.store, `funnel-position:${positionId}`, ['positions'], () =>
    deps.store.collection<PositionDoc>('positions').findOne({ id: positionId }, { projection: { id: 1, containerId: 1, deleting: 1 } }),
  );
  if (!position || position.deleting) throw errors.notFound();
  const key = { positionId, day: formatStockholmDate(deps.now()), step };
  const change = { $set: { containerId: position.containerId }, $inc: { count: 1 } };
  try {
    await funnel(deps.store).updateOne(key, change, { upsert: true });
  } catch (err) {
    // Two first visits of the day at once: the other one made the counter, raise it.
    if (!(err instanceof DuplicateKeyError)) throw err;
    await funnel(deps.store).updateOne(key, change);
  }
}

/** Visits per step of the positions between two Stockholm days (inclusive), steps in order. */
export async function visitsPerStep(store: Store, positionIds: number[], from: string, to: string): Promise<{ step: number; count: number }[]> {
  const rows = await funnel(store).find(
    { positionId: { $in: positionIds }, day: { $gte: from, $lte: to } },
    { projection: { step: 1, count: 1 } },
  );
  const per = new Map<number, number>();
  for (const r of rows) per.set(r.step, (per.get(r.step) ?? 0) + r.count);
  return [...per.entries()].sort((a, b) => a[0] - b[0]).map(([step, count]) => ({ step, count }));
}
