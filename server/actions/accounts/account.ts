import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { organisationNamesOf, passwordProblems } from '../../auth/password-rules';
import { hashPassword, verifyPassword } from '../../auth/password';
import { findUserByEmail, findUserById, normaliseEmail, publicUser } from '../../auth/users';
import type { ActionContext, ActionTable } from '../../dispatcher/types';
import { errors, HttpError } from '../../errors';
import { checkReauth, requestEmailChange } from '../../auth/email-change';
import { mayEditAccount, setPasswordHash, setUserFields } from '../../domain/accounts/users';
import { plainText } from '../../domain/organisations/profile';
import { announceSessionsRevoked } from '../../auth/revocations';

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
    const context = { email: user.email, organisations: await organisationNamesOf(ctx.deps.store, user) };
    const problems = passwordProblems(data.newPassword, data.confirmNewPassword, { password: '/newPassword', confirm: '/confirmNewPassword' }, context);
    // A passwordless account (sign-in links only) chooses its first password without one.
    if (user.passwordHash && !(await verifyPassword(data.password, user.passwordHash))) problems.unshift({ path: '/password', message: sv.account.wrongPassword });
    if (problems.length) throw errors.invalid(problems, problems[0]!.message);
    // A reset link mailed before the change dies with the old password.
    const updated = await setPasswordHash(ctx.deps.store, user.id, await hashPassword(data.newPassword));
    if (!updated) throw errors.unauthorized();
    announceSessionsRevoked(ctx.deps.store, user.id);
    return { token: await issuer(ctx)(updated) };
  },

  async update_account(ctx, data) {
    if (!(await mayEditAccount(ctx, data.id))) throw new HttpError(403, 'forbidden', sv.org.mayNotEditUser);
    const target = await findUserById(ctx.deps.store, data.id);
    if (!target) throw errors.notFound();
    const email = normaliseEmail(data.email);
    const changing = email !== target.email;
    if (changing) {
      // Checked before anything is stored, so a refused change changes nothing at all.
      await checkReauth(ctx.deps, ctx.principal, data.password);
      if (await findUserByEmail(ctx.deps.store, email)) throw errors.conflict(sv.account.emailTaken, [{ path: '/email', message: sv.account.emailTaken }]);
    }
    // Names and titles are plain text: any markup is taken out before it is stored.
    const set: Record<string, unknown> = { firstname: plainText(data.firstname), lastname: plainText(data.lastname) };
    if (data.phoneNumber !== undefined) set.phoneNumber = data.phoneNumber.trim();
    if (data.title !== undefined) set.title = plainText(data.title);
    const updated = await setUserFields(ctx.deps.store, target.id, set);
    if (!updated) throw errors.notFound();
    // The email itself changes only when the new address's owner follows the mailed link.
    if (changing) await requestEmailChange(ctx.deps, updated, email);
    const own = target.id === ctx.principal.userId;
    return { user: publicUser(updated), ...(own ? { token: await issuer(ctx)(updated) } : {}), ...(changing ? { pendingEmail: email } : {}) };
  },

  // Kept on the user, per container id, so odin (often no member) has preferences too.
  async update_NotificationPreferences(ctx, data) {
    const user = await me(ctx);
    const prefs = { ...DEFAULT_PREFS, ...data.notificationPreferences };
    const all = { ...((user.notificationPreferences as Record<string, Prefs> | undefined) ?? {}), [String(data.containerId)]: prefs };
    await setUserFields(ctx.deps.store, user.id, { notificationPreferences: all });
    return prefs;
  },

  async get_UserNotificationPreferences(ctx, data) {
    const user = await me(ctx);
    const mine = (user.notificationPreferences as Record<string, Prefs> | undefined)?.[String(data.containerId)];
    return { ...DEFAULT_PREFS, ...(mine ?? {}) };
  },
};
