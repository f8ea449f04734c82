import type { ActionTable } from '../dispatcher/types';
import { errors } from '../errors';
import { strip, type NotificationDoc } from '../domain/docs';
import { visibleTo } from '../domain/notify';

/** A notification as the answer schema has it: without the store's `_id` and the internal `recipients` (user ids). */
const view = (doc: NotificationDoc) => {
  const { recipients: _recipients, ...rest } = strip(doc);
  return rest;
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
    return { items: items.map(view), total, page, take };
  },

  async update_NotificationRead(ctx, data) {
    const updated = await ctx.deps.store.collection<NotificationDoc>('notifications').updateOne({ id: data.id, containerId: data.containerId }, { $set: { read: data.read } });
    if (!updated) throw errors.notFound();
    return view(updated);
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
