import type { ServerDeps } from '../../base/deps';
import type { Store } from '../../store/port';
import type { PositionDoc } from '../core/docs';
import { enqueueEvents } from '../webhooks/outbox';
import { positionStatus } from './status';

type Shown = Pick<PositionDoc, 'id' | 'containerId' | 'name' | 'start' | 'stop' | 'isArchived' | 'isInternal'>;

/** What was last announced of a position: open (position.published) or not (position.closed). */
interface AnnouncedDoc {
  [k: string]: unknown;
  positionId: number;
  open: boolean;
}

const announced = (store: Store) => store.collection<AnnouncedDoc>('positionAnnouncements');

const isOpen = (p: Shown | null, now: number) => p !== null && positionStatus(p, now) === 'Öppen';

const event = (p: Shown, open: boolean) => ({
  containerId: p.containerId,
  type: open ? ('position.published' as const) : ('position.closed' as const),
  subject: `position:${p.id}`,
  data: { id: p.id, containerId: p.containerId, name: p.name, start: p.start, stop: p.stop, isInternal: p.isInternal, isArchived: p.isArchived },
});

/**
 * position.published / position.closed (domain/webhooks/outbox.ts) when a save, a copy or an
 * archiving moves a position into or out of Öppen (spec doc 1 §4), enqueued right after the
 * write; what was announced is kept (`positionAnnouncements`) for announceDates. A position's
 * name, dates and whether it is internal are no personal data.
 */
export async function positionChanged(deps: ServerDeps, before: Shown | null, after: Shown): Promise<void> {
  const now = deps.now();
  const was = isOpen(before, now);
  const is = isOpen(after, now);
  await announced(deps.store).updateOne({ positionId: after.id }, { $set: { open: is } }, { upsert: true });
  if (was !== is) await enqueueEvents(deps, [event(after, is)]);
}

/**
 * The same events when no one saves: a position opens when its start passes and closes when
 * its stop does. Each position whose status differs from what was last announced is announced
 * once, however many instances run this (the change of the kept state is conditional: one
 * wins). A position never announced (made before this was kept) is noted as it stands, not
 * announced: what its receivers were told is unknown. Answers how many were announced.
 */
export async function announceDates(deps: ServerDeps): Promise<{ announced: number }> {
  const now = deps.now();
  const fields = { id: 1, containerId: 1, name: 1, start: 1, stop: 1, isArchived: 1, isInternal: 1 } as const;
  const [positions, kept] = await Promise.all([deps.store.collection<PositionDoc>('positions').find({}, { projection: fields }), announced(deps.store).find({})]);
  const last = new Map(kept.map((k) => [k.positionId, k.open]));
  const events = [];
  for (const p of positions) {
    const is = isOpen(p, now);
    const was = last.get(p.id);
    if (was === is) continue;
    if (was === undefined) {
      await announced(deps.store).updateOne({ positionId: p.id }, { $set: { open: is } }, { upsert: true });
      continue;
    }
    if (await announced(deps.store).updateOne({ positionId: p.id, open: was }, { $set: { open: is } })) events.push(event(p, is));
  }
  if (events.length) await enqueueEvents(deps, events);
  return { announced: events.length };
}
