import type { ActionTable } from '../../dispatcher/types';
import { errors } from '../../errors';
import { loadApplication, who } from '../../domain/applicants/applicants';
import { markProtected, privacySettings, setPrivacySettings } from '../../domain/applicants/privacy-settings';
import { readLogOf } from '../../domain/gdpr/read-log';

/** Issue 28: the read log, protected identity and the personnummer settings. */
export const actions: ActionTable = {
  async get_applicantReadLog(ctx, data) {
    // The policy checked the administrator right in the application's own organisation (another one's: 404).
    return readLogOf(ctx.deps, data.id);
  },

  async update_protectedIdentity(ctx, data) {
    const a = await loadApplication(ctx.deps.store, data.id);
    if (ctx.resolved.containerId !== a.containerId) throw errors.notFound();
    return markProtected(ctx.deps, who(ctx.principal), a, data.protectedIdentity);
  },

  async get_privacySettings(ctx, data) {
    return privacySettings(ctx.deps, data.containerId);
  },

  async update_privacySettings(ctx, data) {
    return setPrivacySettings(ctx.deps, data.containerId, data);
  },
};
