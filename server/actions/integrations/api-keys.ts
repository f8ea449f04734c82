import type { ActionTable } from '../../dispatcher/types';
import { requireAccess } from '../../domain/accounts/access';
import { containerOfApiKey, createApiKey, deleteApiKey, listApiKeys } from '../../domain/integrations/api-keys';

/** The organisation's API keys (server/domain/integrations/api-keys.ts; the API itself: server/routes/api-v1.ts). */
export const actions: ActionTable = {
  create_apiKey(ctx, data) {
    return createApiKey(ctx.deps, data, ctx.principal.userId);
  },

  get_apiKeys(ctx, data) {
    return listApiKeys(ctx.deps.store, data.containerId);
  },

  async delete_apiKey(ctx, data) {
    // A key of an organisation the caller administers nothing in is as good as absent (404).
    const containerId = await containerOfApiKey(ctx.deps.store, data.id);
    await requireAccess(ctx.deps, ctx.principal, 'admin', 'container', { containerId });
    return deleteApiKey(ctx.deps.store, containerId, data.id);
  },
};
