import { findUserById } from '../../auth/users';
import { setUserFields } from '../../domain/accounts/users';
import type { ActionContext, ActionTable } from '../../dispatcher/types';
import { errors } from '../../errors';
import { deliveryFor } from '../../domain/notifications/notify';

/**
 * The caller's notification preferences for one position (spec: get/update_PositionNotification
 * Preferences), kept on the user as `positionNotificationPreferences[containerId][positionId]`.
 * They decide how a new application to that position reaches the caller (domain/notify.ts):
 * in the bell (`realtime`), by mail (`email`), both or neither. `inherit: true` removes them, so
 * the user's own preferences (/admin/profile) apply again.
 */

type PositionPrefs = { realtime: boolean; email: boolean };
type Stored = Record<string, Record<string, PositionPrefs>>;

async function me(ctx: ActionContext) {
  const user = await findUserById(ctx.deps.store, ctx.principal.userId);
  if (!user) throw errors.unauthorized();
  return user;
}

function answer(user: Record<string, unknown>, containerId: number, positionId: number) {
  const stored = (user.positionNotificationPreferences as Stored | undefined)?.[String(containerId)]?.[String(positionId)];
  const d = deliveryFor(user as never, containerId, positionId, 'create_jobApplication');
  return { containerId, positionId, realtime: d.bell, email: d.mail, inherited: !stored };
}

export const actions: ActionTable = {
  async get_PositionNotificationPreferences(ctx, data) {
    return answer(await me(ctx), data.containerId, data.positionId);
  },

  async update_PositionNotificationPreferences(ctx, data) {
    const user = await me(ctx);
    const all: Stored = structuredClone((user.positionNotificationPreferences as Stored | undefined) ?? {});
    const inContainer = (all[String(data.containerId)] ??= {});
    const p = data.notificationPreferences;
    if (p.inherit) {
      delete inContainer[String(data.positionId)];
    } else {
      const current = answer(user, data.containerId, data.positionId);
      inContainer[String(data.positionId)] = { realtime: p.realtime ?? current.realtime, email: p.email ?? current.email };
    }
    const updated = await setUserFields(ctx.deps.store, user.id, { positionNotificationPreferences: all });
    if (!updated) throw errors.unauthorized();
    return answer(updated, data.containerId, data.positionId);
  },
};
