import type { ActionTable } from '../dispatcher/types';
import { errors } from '../errors';
import { strip, type NotificationDoc } from '../domain/docs';
import { readFor, visibleTo } from '../domain/notify';

/**
 * A notification as the answer schema has it, for one reader: `read` is that reader's own;
 * without the store's `_id` and the internal `recipients`, `readBy` and `actor` (user ids).
 */
const view = (doc: NotificationDoc, userId: number) => {
  const { recipients: _recipients, readBy: _readBy, actor: _actor, ...rest } = strip(doc);
  return { ...rest, read: readFor(doc as { read?: boolean; readBy?: number[] }, userId) };
};

/**
 * Notifications are per organisation (docs/collections.md `notifications`); the domain's
 * notify() (server/domain/notify.ts) stores them and pushes them over the hub.
 */
export const actions: ActionTable = {
  async get_notifications(ctx, data) {
    const take = data.take ?? 50;
    const page = data.page ?? 1;
    const col = ctx.deps.store.collection<NotificationDoc>('notifications');
    const filter = visibleTo(ctx.principal, data.containerId);
    const [items, total] = await Promise.all([
      col.find(filter, { sort: { timestamp: -1, id: -1 }, skip: (page - 1) * take, limit: take }),
      col.count(filter),
    ]);
    return { items: items.map((n) => view(n, ctx.principal.userId)), total, page, take };
  },

  /** Marks it read or unread for the caller only (`readBy`); others keep their own state. */
  async update_NotificationRead(ctx, data) {
    const col = ctx.deps.store.collection<NotificationDoc & { readBy?: number[] }>('notifications');
    const me = ctx.principal.userId;
    const doc = await col.findOne({ id: data.id, containerId: data.containerId, ...visibleTo(ctx.principal, data.containerId) });
    if (!doc) throw errors.notFound();
    if (!Array.isArray(doc.readBy)) {
      // Stored before read was per person: start the list with the caller alone.
      await col.updateOne({ id: data.id }, { $set: { readBy: data.read ? [me] : [] } });
    } else if (data.read) {
      // Only when not there yet, so a double click cannot list the reader twice.
      await col.updateOne({ id: data.id, readBy: { $ne: me } }, { $push: { readBy: me } });
    } else {
      await col.updateOne({ id: data.id }, { $pull: { readBy: me } });
    }
    const updated = await col.findOne({ id: data.id });
    if (!updated) throw errors.notFound();
    return view(updated, me);
  },

  async delete_NotificationById(ctx, data) {
    const deleted = await ctx.deps.store.collection('notifications').deleteOne({ id: data.id, containerId: data.containerId });
    if (!deleted) throw errors.notFound();
    return { id: data.id, deleted: true };
  },

  async delete_NotificationByContainerId(ctx, data) {
    // Idempotent: calling it again after a failover removes what the first call left.
    return { deleted: await ctx.deps.store.collection('notifications').deleteMany({ containerId: data.containerId }) };
  },
};
