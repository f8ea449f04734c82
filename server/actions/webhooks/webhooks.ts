import type { ActionTable } from '../../dispatcher/types';
import { createWebhook, deleteWebhook, listDeliveries, listWebhooks, resendDelivery } from '../../domain/webhooks/webhooks';

/**
 * Webhooks (issue 29 item 6): an organisation's administrator subscribes receivers, reads the
 * delivery log and sends a delivery again. The policy has checked the role in `containerId`;
 * a webhook or delivery of another organisation is a 404 (domain/webhooks/webhooks.ts).
 */
export const actions: ActionTable = {
  create_webhook: (ctx, data) => createWebhook(ctx.deps, data.containerId, ctx.principal.userId, { url: data.url, events: data.events }),
  get_webhooks: (ctx, data) => listWebhooks(ctx.deps, data.containerId),
  delete_webhook: (ctx, data) => deleteWebhook(ctx.deps, data.containerId, data.id),
  get_webhookDeliveries: (ctx, data) => listDeliveries(ctx.deps, data.containerId, data.id),
  resend_webhookDelivery: (ctx, data) => resendDelivery(ctx.deps, data.containerId, data.deliveryId),
};
