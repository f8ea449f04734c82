import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import type { ActionContext, ActionTable } from '../../dispatcher/types';
import { errors } from '../../errors';
import { findUserById } from '../../auth/users';
import { confirmTotp, factorsOf, mfaOf, mfaSummary, removeTotp, startTotp, type Factor } from '../../domain/accounts/mfa/factors';
import { finishPasskeyRegistration, removePasskey, startPasskeyRegistration } from '../../domain/accounts/mfa/passkeys';
import { staffMustUseMfa } from '../../domain/accounts/mfa/policy';

async function me(ctx: ActionContext) {
  const user = await findUserById(ctx.deps.store, ctx.principal.userId);
  if (!user) throw errors.unauthorized();
  return user;
}

async function summary(ctx: ActionContext) {
  const [doc, required] = await Promise.all([mfaOf(ctx.deps.store, ctx.principal.userId), staffMustUseMfa(ctx.deps, ctx.principal.userId)]);
  return { ...mfaSummary(doc), required };
}

/** Refuses taking away the last factor of someone who must have one. */
async function keepOne(ctx: ActionContext, losing: Factor, emptied: boolean) {
  if (!emptied) return;
  const left = factorsOf(await mfaOf(ctx.deps.store, ctx.principal.userId)).filter((f) => f !== losing);
  if (left.length === 0 && (await staffMustUseMfa(ctx.deps, ctx.principal.userId))) throw errors.conflict(sv.mfa.lastFactor);
}

/** The caller's own second factors (issue 29 item 3); the login's second step is server/routes/mfa.ts. */
export const actions: ActionTable = {
  async get_mfa(ctx) {
    return summary(ctx);
  },

  async create_totpEnrollment(ctx) {
    return startTotp(ctx.deps, await me(ctx));
  },

  async update_totpEnrollment(ctx, data) {
    const recoveryCodes = await confirmTotp(ctx.deps, ctx.principal.userId, data.code);
    if (!recoveryCodes) throw errors.invalid([{ path: '/code', message: sv.mfa.noPendingTotp }], sv.mfa.noPendingTotp);
    return { recoveryCodes };
  },

  async delete_totpEnrollment(ctx) {
    await keepOne(ctx, 'totp', true);
    await removeTotp(ctx.deps.store, ctx.principal.userId);
    return summary(ctx);
  },

  async create_passkeyRegistration(ctx) {
    return (await startPasskeyRegistration(ctx.deps, await me(ctx))) as unknown as Record<string, unknown>;
  },

  async update_passkeyRegistration(ctx, data) {
    const ok = await finishPasskeyRegistration(ctx.deps, ctx.principal.userId, data.response, data.name.trim() || sv.mfa.passkeyDefaultName);
    if (!ok) throw errors.invalid([{ path: '/response', message: sv.mfa.passkeyRefused }], sv.mfa.passkeyRefused);
    return summary(ctx);
  },

  async delete_passkey(ctx, data) {
    const passkeys = (await mfaOf(ctx.deps.store, ctx.principal.userId))?.passkeys ?? [];
    if (!passkeys.some((p) => p.id === data.id)) throw errors.notFound(sv.mfa.passkeyNotFound);
    await keepOne(ctx, 'webauthn', passkeys.length === 1);
    await removePasskey(ctx.deps.store, ctx.principal.userId, data.id);
    return summary(ctx);
  },
};
