import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { PENDING_EMAIL_UNSET, users, type UserDoc } from '../../auth/users';
import type { ServerDeps } from '../../base/deps';
import type { Principal } from '../../base/principal';
import type { Store } from '../../store/port';

/** What the caller may change of an account (update_account), and why not when they may not. */
export interface AccountRights {
  /** Names, phone and title. */
  details: boolean;
  /** The email (and so where reset links go): only the owner, on their own account. */
  email: boolean;
  /** The Swedish reason when `details` or `email` is false. */
  reason?: string;
}

/**
 * Who may change an account (issue 24: an account moves only with its owner).
 * - The owner changes everything of their own account; the email only through the link
 *   mailed to the new address (auth/email-change.ts).
 * - Nobody changes another account's email, not odin and not an administrator.
 * - An odin account is changed by odin only; odin may change anyone's names, phone and title.
 * - An Administrator changes names, phone and title only of an account that their
 *   organisation created through an invitation (`createdByContainerId`), that belongs to no
 *   other organisation and has applied nowhere else. Adding an existing account to an
 *   organisation never gives its administrators any of this.
 */
export async function accountRights(ctx: { principal: Principal; deps: ServerDeps }, target: UserDoc | null): Promise<AccountRights> {
  const p = ctx.principal;
  if (target && target.id === p.userId) return { details: true, email: true };
  const none = (reason: string): AccountRights => ({ details: false, email: false, reason });
  if (!target) return none(sv.org.mayNotEditUser);
  if (target.role === 'odin' && !p.isOdin) return none(sv.account.odinOnly);
  if (p.isOdin) return { details: true, email: false, reason: sv.account.lockedEmail };
  const home = target.createdByContainerId;
  if (typeof home !== 'number') return none(sv.account.lockedAccount);
  const store = ctx.deps.store;
  const [administers, owned] = await Promise.all([
    store.collection('memberships').count({ userId: p.userId, containerId: home, permissionIds: 1 }),
    ownedByOrganisation(store, target, home),
  ]);
  if (!administers || !owned) return none(sv.account.lockedAccount);
  return { details: true, email: false, reason: sv.account.lockedEmail };
}

/**
 * True when the account is the organisation's own: made by its invitation or its provisioning
 * (`createdByContainerId`), in no other organisation, and it has applied nowhere else. Only then
 * may the organisation change its names, phone and title (an administrator, or SCIM).
 */
export async function ownedByOrganisation(store: Store, user: UserDoc, containerId: number): Promise<boolean> {
  if (user.createdByContainerId !== containerId) return false;
  const [elsewhere, appliedElsewhere] = await Promise.all([
    store.collection('memberships').count({ userId: user.id, containerId: { $ne: containerId } }),
    store.collection('applications').count({ email: user.email, containerId: { $ne: containerId } }),
  ]);
  return !elsewhere && !appliedElsewhere;
}

/**
 * Sets a new password hash, only if the account is still at token version `tv` (the caller's
 * session): a proof, a logout or another change since then makes it write nothing and answer
 * null. A reset link and a pending email change mailed before die with the old password, and
 * the version bump ends every session. Answers the user as stored now.
 */
export function setPasswordHash(store: Store, userId: number, tv: number, passwordHash: string): Promise<UserDoc | null> {
  return users(store).updateOne(
    { id: userId, tokenVersion: tv },
    { $set: { passwordHash }, $unset: { resetTokenHash: true, resetTokenExpires: true, ...PENDING_EMAIL_UNSET }, $inc: { tokenVersion: 1 } },
  );
}

/**
 * Sets fields of the user (names, phone, title, preferences); with `tv`, only while the account
 * is at that token version (the caller's own session). Answers the user, or null when gone or moved on.
 */
export function setUserFields(store: Store, userId: number, set: Record<string, unknown>, tv?: number): Promise<UserDoc | null> {
  return users(store).updateOne(tv === undefined ? { id: userId } : { id: userId, tokenVersion: tv }, { $set: set });
}

/** The collections keyed by an account that go with it: its second factors, sessions and calendar feed. */
const ACCOUNT_OWNED = ['mfa', 'mfaTickets', 'sessions', 'calendarFeeds'];

/** Deletes an account and what only it owns (see ACCOUNT_OWNED); 1 when the account was there. */
export async function deleteAccount(store: Store, userId: number): Promise<number> {
  const n = await users(store).deleteOne({ id: userId });
  for (const name of ACCOUNT_OWNED) await store.collection(name).deleteMany({ userId });
  return n;
}
