import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import { passwordProblems } from '../auth/account';
import { hashPassword, verifyPassword } from '../auth/password';
import { findUserByEmail, findUserById, normaliseEmail, publicUser, users } from '../auth/users';
import type { ActionContext, ActionTable } from '../dispatcher/types';
import { errors, HttpError } from '../errors';
import { DuplicateKeyError } from '../store/port';
import { mayEditAccount } from '../domain/users';
import { plainText } from '../domain/profile';
import { announceSessionsRevoked } from '../auth/revocations';

type Prefs = { realtime?: boolean; email?: boolean; types?: string[] };
const DEFAULT_PREFS = { realtime: true, email: false };

function issuer(ctx: ActionContext): NonNullable<ActionContext['issueToken']> {
  if (!ctx.issueToken) throw new Error('dispatcher context without issueToken');
  return ctx.issueToken;
}

async function me(ctx: ActionContext) {
  const user = await findUserById(ctx.deps.store, ctx.principal.userId);
  if (!user) throw errors.unauthorized();
  return user;
}

export const actions: ActionTable = {
  async update_password(ctx, data) {
    const user = await me(ctx);
    const problems = passwordProblems(data.newPassword, data.confirmNewPassword, { password: '/newPassword', confirm: '/confirmNewPassword' });
    if (!(await verifyPassword(data.password, user.passwordHash))) problems.unshift({ path: '/password', message: sv.account.wrongPassword });
    if (problems.length) throw errors.invalid(problems, problems[0]!.message);
    const updated = await users(ctx.deps.store).updateOne(
      { id: user.id },
      // A reset link mailed before the change dies with the old password.
      { $set: { passwordHash: await hashPassword(data.newPassword) }, $unset: { resetTokenHash: true, resetTokenExpires: true }, $inc: { tokenVersion: 1 } },
    );
    if (!updated) throw errors.unauthorized();
    announceSessionsRevoked(ctx.deps.store, user.id);
    return { token: await issuer(ctx)(updated) };
  },

  async update_account(ctx, data) {
    if (!(await mayEditAccount(ctx, data.id))) throw new HttpError(403, 'forbidden', sv.org.mayNotEditUser);
    const target = await findUserById(ctx.deps.store, data.id);
    if (!target) throw errors.notFound();
    const email = normaliseEmail(data.email);
    const taken = email !== target.email ? await findUserByEmail(ctx.deps.store, email) : null;
    if (taken) throw errors.conflict(sv.account.emailTaken, [{ path: '/email', message: sv.account.emailTaken }]);
    // Names and titles are plain text: any markup is taken out before it is stored.
    const set: Record<string, unknown> = { email, firstname: plainText(data.firstname), lastname: plainText(data.lastname) };
    if (data.phoneNumber !== undefined) set.phoneNumber = data.phoneNumber.trim();
    if (data.title !== undefined) set.title = plainText(data.title);
    let updated;
    try {
      // A new address is unproven until a link mailed to it is followed (invitations rely on it).
      updated = await users(ctx.deps.store).updateOne({ id: target.id }, { $set: set, ...(email !== target.email ? { $unset: { emailVerifiedAt: true as const } } : {}) });
    } catch (e) {
      if (e instanceof DuplicateKeyError) throw errors.conflict(sv.account.emailTaken, [{ path: '/email', message: sv.account.emailTaken }]);
      throw e;
    }
    if (!updated) throw errors.notFound();
    if (email !== target.email) {
      // Memberships and position permissions carry the email for lookups by email.
      await ctx.deps.store.collection('memberships').updateMany({ userId: target.id }, { $set: { email } });
      await ctx.deps.store.collection('positionPermissions').updateMany({ userId: target.id }, { $set: { email } });
    }
    const own = target.id === ctx.principal.userId;
    return { user: publicUser(updated), ...(own ? { token: await issuer(ctx)(updated) } : {}) };
  },

  // Kept on the user, per container id, so odin (often no member) has preferences too.
  async update_NotificationPreferences(ctx, data) {
    const user = await me(ctx);
    const prefs = { ...DEFAULT_PREFS, ...data.notificationPreferences };
    const all = { ...((user.notificationPreferences as Record<string, Prefs> | undefined) ?? {}), [String(data.containerId)]: prefs };
    await users(ctx.deps.store).updateOne({ id: user.id }, { $set: { notificationPreferences: all } });
    return prefs;
  },

  async get_UserNotificationPreferences(ctx, data) {
    const user = await me(ctx);
    const mine = (user.notificationPreferences as Record<string, Prefs> | undefined)?.[String(data.containerId)];
    return { ...DEFAULT_PREFS, ...(mine ?? {}) };
  },
};
