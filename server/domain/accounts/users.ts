import { users, type UserDoc } from '../../auth/users';
import type { Principal } from '../../base/principal';
import type { ServerDeps } from '../../base/deps';
import type { Store } from '../../store/port';

/**
 * An administrator may change a colleague's account details (update_account) only when every
 * organisation the colleague belongs to is one the administrator administers: an email change
 * there moves where password resets go, so it must not reach into another organisation.
 */
export async function mayEditAccount(ctx: { principal: Principal; deps: ServerDeps }, targetUserId: number): Promise<boolean> {
  if (ctx.principal.isOdin || targetUserId === ctx.principal.userId) return true;
  const memberships = ctx.deps.store.collection('memberships');
  const theirs = await memberships.find({ userId: targetUserId }, { projection: { containerId: 1 } });
  if (theirs.length === 0) return false;
  const mine = await memberships.find({ userId: ctx.principal.userId, permissionIds: 1 }, { projection: { containerId: 1 } });
  const administered = new Set(mine.map((m) => m.containerId));
  return theirs.every((m) => administered.has(m.containerId));
}

/**
 * Sets a new password hash; a reset link mailed before the change dies with the old password,
 * and the version bump ends every session. Answers the user, or null when gone.
 */
export function setPasswordHash(store: Store, userId: number, passwordHash: string): Promise<UserDoc | null> {
  return users(store).updateOne({ id: userId }, { $set: { passwordHash }, $unset: { resetTokenHash: true, resetTokenExpires: true }, $inc: { tokenVersion: 1 } });
}

/** Sets fields of the user (names, phone, title, preferences); answers the user, or null when gone. */
export function setUserFields(store: Store, userId: number, set: Record<string, unknown>): Promise<UserDoc | null> {
  return users(store).updateOne({ id: userId }, { $set: set });
}
