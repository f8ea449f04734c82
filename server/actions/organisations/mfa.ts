import type { ActionTable } from '../../dispatcher/types';
import { requiresMfa, setRequireMfa } from '../../domain/accounts/mfa/policy';

/** Whether an organisation requires a second factor of its staff (issue 29 item 3). */
export const actions: ActionTable = {
  async get_containerMfa(ctx, data) {
    return { containerId: data.containerId, requireMfa: await requiresMfa(ctx.deps.store, data.containerId) };
  },

  async update_containerMfa(ctx, data) {
    await setRequireMfa(ctx.deps.store, data.containerId, data.requireMfa);
    return { containerId: data.containerId, requireMfa: data.requireMfa };
  },
};
