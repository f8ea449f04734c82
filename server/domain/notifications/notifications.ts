import type { Principal } from '../../base/principal';
import { errors } from '../../errors';
import type { Store } from '../../store/port';
import type { NotificationDoc } from '../core/docs';
import { visibleTo } from './notify';

/**
 * The reader's side of `notifications` (docs/collections.md): a page of what the caller may
 * see, their own read state, and deletes. notify() (notify.ts) stores and pushes them.
 */
const notifications = (store: Store) => store.collection<NotificationDoc & { readBy?: number[] }>('notifications');

/** One page of the notifications the principal sees in the container, newest first, and their total. */
export async function notificationPage(store: Store, principal: Principal, containerId: number, page: number, take: number) {
  const col = notifications(store);
  const filter = visibleTo(principal, containerId);
  const [items, total] = await Promise.all([col.find(filter, { sort: { timestamp: -1, id: -1 }, skip: (page - 1) * take, limit: take }), col.count(filter)]);
  return { items, total };
}

/** Marks a notification read or unread for the principal only (`readBy`); answers it, or 404. */
export async function markRead(store: Store, principal: Principal, containerId: number, id: number, read: boolean): Promise<NotificationDoc> {
  const col = notifications(store);
  const me = principal.userId;
  const doc = await col.findOne({ id, containerId, ...visibleTo(principal, containerId) });
  if (!doc) throw errors.notFound();
  if (!Array.isArray(doc.readBy)) {
    // Stored before read was per person: start the list with the caller alone.
    await col.updateOne({ id }, { $set: { readBy: read ? [me] : [] } });
  } else if (read) {
    // Only when not there yet, so a double click cannot list the reader twice.
    await col.updateOne({ id, readBy: { $ne: me } }, { $push: { readBy: me } });
  } else {
    await col.updateOne({ id }, { $pull: { readBy: me } });
  }
  const updated = await col.findOne({ id });
  if (!updated) throw errors.notFound();
  return updated;
}

/** Deletes one notification of the container; false when there was none. */
export async function deleteNotification(store: Store, containerId: number, id: number): Promise<boolean> {
  return !!(await notifications(store).deleteOne({ id, containerId }));
}

/** Deletes every notification of the container (idempotent: a second call removes what a first left); answers the count. */
export function deleteContainerNotifications(store: Store, containerId: number): Promise<number> {
  return notifications(store).deleteMany({ containerId });
}

/** One notification the principal sees (any container's id filter comes from visibleTo), or null. */
export function visibleNotification(store: Store, principal: Principal, containerId: number, id: number) {
  return notifications(store).findOne({ id, ...visibleTo(principal, containerId) });
}
