import type { ServerDeps } from '../../../base/deps';
import type { Store } from '../../../store/port';
import { findUserById } from '../../../auth/users';
import { membershipsOfUser } from '../memberships';
import { ssoSettingsDoc } from '../../sso/settings';
import type { GetContainerMfaAnswer } from '../../../../schemas/generated/actions';

/**
 * Who must sign in with a second factor: odin always, and the staff of an organisation that
 * requires it: `requireMfa` of its sign-in settings (`update_containerSso`, domain/sso/settings.ts)
 * or its own setting (`update_containerMfa {containerId, requireMfa}`, kept in `containerMfa`).
 */
type ContainerMfaDoc = GetContainerMfaAnswer & { [k: string]: unknown };

const settings = (store: Store) => store.collection<ContainerMfaDoc>('containerMfa');

export async function setRequireMfa(store: Store, containerId: number, requireMfa: boolean): Promise<void> {
  await settings(store).updateOne({ containerId }, { $set: { requireMfa } }, { upsert: true });
}

export async function requiresMfa(store: Store, containerId: number): Promise<boolean> {
  return (await settings(store).findOne({ containerId }))?.requireMfa === true;
}

/** Whether the user must have a second factor: odin, or staff of an organisation that requires one. */
export async function staffMustUseMfa(deps: Pick<ServerDeps, 'store'>, userId: number): Promise<boolean> {
  const user = await findUserById(deps.store, userId);
  if (!user) return false;
  if (user.role === 'odin') return true;
  const ids = (await membershipsOfUser(deps.store, userId)).map((m) => m.containerId);
  if (ids.length === 0) return false;
  if ((await settings(deps.store).count({ containerId: { $in: ids }, requireMfa: true })) > 0) return true;
  const sso = await Promise.all(ids.map((id) => ssoSettingsDoc(deps.store, id)));
  return sso.some((doc) => doc?.requireMfa === true);
}
