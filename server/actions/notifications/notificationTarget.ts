import type { ActionTable } from '../../dispatcher/types';
import { errors } from '../../errors';
import { readFor } from '../../domain/notifications/notify';
import { visibleNotification } from '../../domain/notifications/notifications';

/**
 * get_notification: one notification, for /admin/notifications/:id (the page that opens a
 * notification's target). Same visibility as get_notifications: the organisation's, and
 * for a notification addressed to some members (`recipients`), only those members and odin;
 * never one about the caller's own action; `read` is the caller's own.
 */
export const actions: ActionTable = {
  async get_notification(ctx, data) {
    const doc = await visibleNotification(ctx.deps.store, ctx.principal, data.containerId, data.id);
    if (!doc) throw errors.notFound();
    const { id, containerId, type, title, message, timestamp } = doc;
    const read = readFor(doc, ctx.principal.userId);
    return { id, containerId, type, title, message, timestamp, read, data: { positionId: doc.data.positionId, id: doc.data.id } };
  },
};
