import type { ActionTable } from '../../dispatcher/types';
import { errors } from '../../errors';
import { strip, type NotificationDoc } from '../../domain/core/docs';
import { readFor } from '../../domain/notifications/notify';
import { deleteContainerNotifications, deleteNotification, markRead, notificationPage } from '../../domain/notifications/notifications';

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
    const { items, total } = await notificationPage(ctx.deps.store, ctx.principal, data.containerId, page, take);
    return { items: items.map((n) => view(n, ctx.principal.userId)), total, page, take };
  },

  /** Marks it read or unread for the caller only (`readBy`); others keep their own state. */
  async update_NotificationRead(ctx, data) {
    return view(await markRead(ctx.deps.store, ctx.principal, data.containerId, data.id, data.read), ctx.principal.userId);
  },

  async delete_NotificationById(ctx, data) {
    if (!(await deleteNotification(ctx.deps.store, data.containerId, data.id))) throw errors.notFound();
    return { id: data.id, deleted: true };
  },

  async delete_NotificationByContainerId(ctx, data) {
    // Idempotent: calling it again after a failover removes what the first call left.
    return { deleted: await deleteContainerNotifications(ctx.deps.store, data.containerId) };
  },
};
