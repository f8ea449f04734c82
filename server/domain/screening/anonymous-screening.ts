import type { Filter, Store } from '../../store/port';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../core/docs';
import { anonymityOf, isAnonymous, shownLevels } from './screening';

/**
 * Anonymous means no staff answer ties an anonymous application to a person (issue 24 item 3).
 * screening.ts hides the person's fields in the rows it answers with; this file keeps the
 * other paths from saying who it is: lookups and text matches leave hidden applications out
 * (a probe over name or e-mail finds nothing of them, however it is narrowed); neutral-files.ts
 * gives their files names that say nothing of them.
 */

/** The positions of a container in anonymous mode, each with the Process levels at which its applicants are shown. */
export async function anonymousPositions(store: Store, c: ContainerDoc): Promise<Map<number, number[]>> {
  const list = await store
    .collection<PositionDoc>('positions')
    .find({ containerId: c.id, anonymous: { $exists: true } }, { projection: { id: 1, anonymous: 1 } });
  const out = new Map<number, number[]>();
  for (const p of list) {
    const shown = shownLevels(c, anonymityOf(p));
    if (shown) out.set(p.id, shown);
  }
  return out;
}

/** The store condition "not hidden right now" over a container's applications; null when no position is anonymous. */
export async function notHiddenCondition(store: Store, c: ContainerDoc): Promise<Filter | null> {
  const anonymous = await anonymousPositions(store, c);
  if (anonymous.size === 0) return null;
  const shownParts: Filter[] = [...anonymous].filter(([, shown]) => shown.length > 0).map(([positionId, shown]) => ({ positionId, processLabelId: { $in: shown } }));
  return { $or: [{ positionId: { $nin: [...anonymous.keys()] } }, ...shownParts] };
}

/** Whether an application is hidden now (its position's anonymous mode, its Process level). */
export async function isHiddenApplication(store: Store, a: Pick<ApplicationDoc, 'containerId' | 'positionId' | 'processLabelId'>): Promise<boolean> {
  const p = await store.collection<PositionDoc>('positions').findOne({ id: a.positionId }, { projection: { id: 1, anonymous: 1 } });
  const anonymity = p ? anonymityOf(p) : null;
  if (!anonymity) return false;
  const c = await store.collection<ContainerDoc>('containers').findOne({ id: a.containerId }, { projection: { id: 1, labels: 1 } });
  return !c || isAnonymous(c, anonymity, a.processLabelId);
}
