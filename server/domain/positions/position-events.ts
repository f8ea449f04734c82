import type { ServerDeps } from '../../base/deps';
import type { PositionDoc } from '../core/docs';
import { enqueueEvents } from '../webhooks/outbox';
import { positionStatus } from './status';

type Shown = Pick<PositionDoc, 'id' | 'containerId' | 'name' | 'start' | 'stop' | 'isArchived' | 'isInternal'>;

const isOpen = (p: Shown | null, now: number) => p !== null && positionStatus(p, now) === 'Öppen';

/**
 * position.published / position.closed (domain/webhooks/outbox.ts) when a save, a copy or an
 * archiving moves a position into or out of Öppen (spec doc 1 §4), enqueued right after the
 * write. A position's name, dates and whether it is internal are no personal data.
 */
export async function positionChanged(deps: ServerDeps, before: Shown | null, after: Shown): Promise<void> {
  const now = deps.now();
  const was = isOpen(before, now);
  const is = isOpen(after, now);
  if (was === is) return;
  await enqueueEvents(deps, [
    {
      containerId: after.containerId,
      type: is ? 'position.published' : 'position.closed',
      subject: `position:${after.id}`,
      data: { id: after.id, containerId: after.containerId, name: after.name, start: after.start, stop: after.stop, isInternal: after.isInternal, isArchived: after.isArchived },
    },
  ]);
}
