import { randomBytes } from 'node:crypto';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import { passwordLink, registerUser } from '../auth/account';
import { findUserByEmail, type UserDoc } from '../auth/users';
import type { ActionContext } from '../dispatcher/types';
import type { ContainerDoc } from './docs';
import { fill } from '../../engine/fill';

/** An invitation link works for a week, once (a password reset: an hour). */
export const INVITE_TTL_SECONDS = 7 * 24 * 60 * 60;

/**
 * The registered user with that email, or a new account for a person without one: an account
 * with an unknown random password and an invitation mail holding a one-time link to
 * /reset-password, where they choose their password (the password-reset path, issue 11).
 */
export async function userOrInvite(ctx: ActionContext, email: string, container: ContainerDoc): Promise<{ user: UserDoc; invited: boolean }> {
  const existing = await findUserByEmail(ctx.deps.store, email);
  if (existing) return { user: existing, invited: false };
  const user = await registerUser(ctx.deps, { email, password: randomBytes(24).toString('base64url') });
  const link = await passwordLink(ctx.deps, user, ctx.deps.publicUrl ?? 'http://localhost:3000', INVITE_TTL_SECONDS);
  const company = container.displayName || container.name;
  const inviter = `${ctx.principal.givenName} ${ctx.principal.familyName}`.trim() || ctx.principal.email;
  const invite = (t: string) => fill(t, { company, inviter, link });
  await ctx.deps.mail.send({ to: user.email, subject: invite(sv.org.inviteSubject), text: invite(sv.org.inviteBody) });
  return { user, invited: true };
}

/**
 * An administrator may change a colleague's account details (update_account) only when every
 * organisation the colleague belongs to is one the administrator administers: an email change
 * there moves where password resets go, so it must not reach into another organisation.
 */
export async function mayEditAccount(ctx: ActionContext, targetUserId: number): Promise<boolean> {
  if (ctx.principal.isOdin || targetUserId === ctx.principal.userId) return true;
  const memberships = ctx.deps.store.collection('memberships');
  const theirs = await memberships.find({ userId: targetUserId }, { projection: { containerId: 1 } });
  if (theirs.length === 0) return false;
  const mine = await memberships.find({ userId: ctx.principal.userId, permissionIds: 1 }, { projection: { containerId: 1 } });
  const administered = new Set(mine.map((m) => m.containerId));
  return theirs.every((m) => administered.has(m.containerId));
}
