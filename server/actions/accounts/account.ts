import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { organisationNamesOf, passwordProblems } from '../../auth/password-rules';
import { hashPassword, verifyPassword } from '../../auth/password';
import { findUserByEmail, findUserById, normaliseEmail, publicUser } from '../../auth/users';
import type { ActionAnswer } from '../../../schemas/generated/actions';
import type { ActionContext, ActionTable } from '../../dispatcher/types';
import { errors, HttpError } from '../../errors';
import { checkReauth, requestEmailChange } from '../../auth/email-change';
import { accountRights, setPasswordHash, setUserFields } from '../../domain/accounts/users';
import { plainText } from '../../domain/organisations/profile';
import { announceSessionsRevoked } from '../../auth/revocations';

type Prefs = Partial<ActionAnswer['get_UserNotificationPreferences']>;
const DEFAULT_PREFS = { realtime: true, email: false };

function issuer(ctx: ActionContext): NonNullable<ActionContext['issueToken']> {
  if (!ctx.issueToken) throw new Error('dispatcher context without issueToken');
  return ctx.issueToken;
}

async function me(ctx: ActionContext) {
  const user = await findUserById(ctx.deps.store, ctx.principal.userId);
  // Gone, or overtaken since the token was checked (a proof, a logout): the session is over.
  if (!user || (ctx.principal.tokenVersion !== undefined && user.tokenVersion !== ctx.principal.tokenVersion)) throw errors.unauthorized();
  return user;
}

/** The caller's token version: every write below that issues a token is conditional on it. */
function sessionVersion(ctx: ActionContext): number {
  const tv = ctx.principal.tokenVersion;
  if (tv === undefined) throw errors.unauthorized();
  return tv;
}

export const actions: ActionTable = {
  async update_password(ctx, data) {
    const tv = sessionVersion(ctx);
    const user = await me(ctx);
    const context = { email: user.email, organisations: await organisationNamesOf(ctx.deps.store, user) };
    const problems = passwordProblems(data.newPassword, data.confirmNewPassword, { password: '/newPassword', confirm: '/confirmNewPassword' }, context);
    // A passwordless account (sign-in links only) chooses its first password without one.
    if (user.passwordHash && !(await verifyPassword(data.password, user.passwordHash))) problems.unshift({ path: '/password', message: sv.account.wrongPassword });
    if (problems.length) throw errors.invalid(problems, problems[0]!.message);
    // One compare-and-set on the caller's token version: a proof, logout or other change that
    // landed while this call was in flight (hashing takes a while) makes it write and issue nothing.
    const updated = await setPasswordHash(ctx.deps.store, user.id, tv, await hashPassword(data.newPassword, ctx.deps.passwordCost));
    if (!updated) throw errors.unauthorized();
    announceSessionsRevoked(ctx.deps.store, user.id);
    return { token: await issuer(ctx)(updated) };
  },

  async update_account(ctx, data) {
    const target = await findUserById(ctx.deps.store, data.id);
    const rights = await accountRights(ctx, target);
    if (!target || !rights.details) throw new HttpError(403, 'forbidden', rights.reason ?? sv.org.mayNotEditUser);
    const email = normaliseEmail(data.email);
    const changing = email !== target.email;
    // Checked before anything is stored, so a refused change changes nothing at all.
    if (changing && !rights.email) throw new HttpError(403, 'forbidden', sv.account.emailOwnOnly, [{ path: '/email', message: sv.account.emailOwnOnly }]);
    const own = target.id === ctx.principal.userId;
    const tv = own ? sessionVersion(ctx) : undefined;
    if (changing) {
      await checkReauth(ctx.deps, ctx.principal, data.password);
      if (await findUserByEmail(ctx.deps.store, email)) throw errors.conflict(sv.account.emailTaken, [{ path: '/email', message: sv.account.emailTaken }]);
    }
    // Names and titles are plain text: any markup is taken out before it is stored.
    const set: Record<string, unknown> = { firstname: plainText(data.firstname), lastname: plainText(data.lastname) };
    if (data.phoneNumber !== undefined) set.phoneNumber = data.phoneNumber.trim();
    if (data.title !== undefined) set.title = plainText(data.title);
    // Own account: conditional on the caller's token version (a lost race: 401, nothing written or issued).
    const updated = await setUserFields(ctx.deps.store, target.id, set, tv);
    if (!updated) throw own ? errors.unauthorized() : errors.notFound();
    // The email itself changes only when the new address's owner follows the mailed link.
    if (changing) await requestEmailChange(ctx.deps, updated, email, tv!);
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
