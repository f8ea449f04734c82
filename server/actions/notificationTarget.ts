import type { ActionTable } from '../dispatcher/types';
import type { NotificationDoc } from '../domain/docs';
import { errors } from '../errors';

/**
 * get_notification: one notification, for /admin/notifications/:id (the page that opens a
 * notification's target). Same visibility as get_notifications: the organisation's, and
 * for a notification addressed to some members (`recipients`), only those members and odin.
 */
export const actions: ActionTable = {
  async get_notification(ctx, data: { containerId: number; id: number }) {
    const doc = await ctx.deps.store.collection<NotificationDoc & { recipients?: number[] }>('notifications').findOne({ id: data.id, containerId: data.containerId });
    if (!doc || (doc.recipients && !ctx.principal.isOdin && !doc.recipients.includes(ctx.principal.userId))) throw errors.notFound();
    const { id, containerId, type, title, message, timestamp, read } = doc;
    return { id, containerId, type, title, message, timestamp, read, data: { positionId: doc.data.positionId, id: doc.data.id } };
  },
};
