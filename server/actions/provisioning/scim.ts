import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import type { ActionTable } from '../../dispatcher/types';
import { errors } from '../../errors';
import { createScimToken, deleteScimToken, scimSettings, setDefaultPermission, settingsView } from '../../domain/provisioning/scim-tokens';

/**
 * The administrator's side of SCIM provisioning (issue 29 item 2): the organisation's token,
 * shown once, and the role provisioned users get. The SCIM endpoint itself is
 * server/routes/scim.ts.
 */
export const actions: ActionTable = {
  async get_scimSettings(ctx, data) {
    return settingsView(await scimSettings(ctx.deps.store, data.containerId), ctx.deps.publicUrl);
  },

  async update_scimSettings(ctx, data) {
    return settingsView(await setDefaultPermission(ctx.deps.store, data.containerId, data.defaultPermissionId), ctx.deps.publicUrl);
  },

  async create_scimToken(ctx, data) {
    return { token: await createScimToken(ctx.deps, data.containerId, ctx.principal.userId) };
  },

  async delete_scimToken(ctx, data) {
    if (!(await deleteScimToken(ctx.deps.store, data.containerId))) throw errors.notFound(sv.scim.tokenNone);
    return { deleted: true };
  },
};
