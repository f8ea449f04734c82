import type { ActionTable } from '../../dispatcher/types';
import { loadContainer } from '../../domain/organisations/containers';
import { saveSsoSettings, ssoSettingsOf } from '../../domain/sso/settings';

/** The organisation's single sign-on with OpenID Connect (issue 29 item 1); administrators only. */
export const actions: ActionTable = {
  async get_containerSso(ctx, data) {
    const c = await loadContainer(ctx.deps.store, data.containerId);
    return ssoSettingsOf(ctx.deps, c.id);
  },

  async update_containerSso(ctx, data) {
    const c = await loadContainer(ctx.deps.store, data.containerId);
    return saveSsoSettings(ctx.deps, c.id, data);
  },
};
