import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Config } from '../config';
import type { ServerDeps } from '../base/deps';
import { authOf } from '../auth/middleware';
import { memoryCoordination } from '../coord/port';
import { createLoginThrottle } from '../auth/login-throttle';
import { errors, HttpError } from '../errors';
import { jsonBody } from '../http/body';
import { sharedLimiter } from '../coord/rate-limit';
import { findUserById } from '../auth/users';
import { confirmTotp, startTotp, useCode } from '../domain/accounts/mfa/factors';
import { passkeySigninOptions, usePasskey } from '../domain/accounts/mfa/passkeys';
import { consumeTicket, readTicket, setTicketChallenge, type TicketDoc } from '../domain/accounts/mfa/tickets';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import { fields, str } from './account';

const SMALL = jsonBody({ limit: 32 * 1024 });

/**
 * The login's second step (issue 29 item 3). `POST /api/account/login` answers a person with
 * a factor `{ mfa, ticket }` (server/domain/accounts/mfa/login.ts); here the ticket is finished:
 *
 * - `POST /api/account/login/mfa {ticket, code}` (a TOTP code or a recovery code) or
 *   `{ticket, webauthn}` (the assertion) → `{ token, data: { token } }`, as the login answers.
 *   An enrolment ticket (`mfaEnrolmentRequired`) is finished only by `{ticket, code}` with
 *   the first code of the TOTP enrolment started below; its answer adds `recoveryCodes`.
 * - `POST /api/account/login/mfa/passkey {ticket}` → the options of a passkey sign-in.
 * - `POST /api/account/login/mfa/enrol {ticket}` → `{secret, otpauthUri, qr}` (enrolment tickets).
 *
 * Wrong codes count in the login throttle (per account and address, and per account), keyed by
 * the user; a ticket that is unknown, used or older than 5 minutes is answered 401 `mfa_ticket`.
 */
export function mount(router: Router, deps: ServerDeps, config: Config): void {
  const { windowMs, loginPerIp, loginPerAccount } = config.rateLimits;
  const counters = (deps.coord ?? memoryCoordination()).counters;
  const perIp = sharedLimiter(counters, 'mfa-ip', { windowMs, max: loginPerIp });
  const throttle = createLoginThrottle(counters, { perAddress: { limit: loginPerAccount, windowMs } });
  const ticketRefused = () => new HttpError(401, 'mfa_ticket', sv.mfa.ticketInvalid);

  const liveTicket = async (ctx: Context, names: string[]): Promise<{ b: Record<string, unknown>; ticket: string; doc: TicketDoc }> => {
    if (!(await perIp.hit(ctx.ip))) throw errors.rateLimited();
    const b = fields(ctx, names);
    const ticket = str(b.ticket, '/ticket', 100);
    const doc = await readTicket(deps, ticket);
    if (!doc) throw ticketRefused();
    return { b, ticket, doc };
  };

  router.post('/api/account/login/mfa', SMALL, async (ctx) => {
    const { b, ticket, doc } = await liveTicket(ctx, ['ticket', 'code', 'webauthn']);
    const code = b.code === undefined ? undefined : str(b.code, '/code', 40);
    if (code === undefined && (doc.purpose === 'enrol' || b.webauthn === undefined)) throw errors.invalid([{ path: '/code', message: sv.mfa.codeRequired }], sv.mfa.codeRequired);
    const admission = await throttle.admit(`mfa\n${doc.userId}`, ctx.ip);
    if (!admission.ok) {
      ctx.set('Retry-After', String(Math.ceil(admission.retryAfterMs / 1000)));
      throw errors.rateLimited();
    }
    let recoveryCodes: string[] | undefined;
    let ok: boolean;
    if (doc.purpose === 'enrol') {
      recoveryCodes = (await confirmTotp(deps, doc.userId, code!)) ?? undefined;
      ok = !!recoveryCodes;
    } else if (code !== undefined) {
      ok = await useCode(deps.store, doc.userId, code);
    } else {
      ok = !!doc.challenge && (await usePasskey(deps, doc.userId, b.webauthn, doc.challenge));
    }
    if (!ok) {
      await admission.failed();
      deps.log.info('login mfa', { outcome: 'wrong', userId: doc.userId });
      const message = doc.purpose === 'enrol' ? sv.mfa.noPendingTotp : code === undefined ? sv.mfa.passkeyFailed : sv.mfa.codeWrong;
      throw new HttpError(401, 'mfa_invalid', message, [{ path: code === undefined ? '/webauthn' : '/code', message }]);
    }
    await admission.succeeded();
    const user = await findUserById(deps.store, doc.userId);
    // Used once: of two requests with one ticket only one gets a session.
    if (!(await consumeTicket(deps.store, ticket)) || !user || user.tokenVersion !== doc.tv) throw ticketRefused();
    deps.log.info('login mfa', { outcome: 'ok', userId: user.id });
    const token = await authOf(ctx.app).issue(user);
    ctx.body = { token, data: { token, ...(recoveryCodes ? { recoveryCodes } : {}) } };
  });

  router.post('/api/account/login/mfa/passkey', SMALL, async (ctx) => {
    const { ticket, doc } = await liveTicket(ctx, ['ticket']);
    if (doc.purpose !== 'login') throw new HttpError(403, 'forbidden', sv.mfa.enrolOnly);
    const options = await passkeySigninOptions(deps, doc.userId);
    if (!options) throw errors.invalid([{ path: '/ticket', message: sv.mfa.noPasskey }], sv.mfa.noPasskey);
    await setTicketChallenge(deps.store, ticket, options.challenge);
    ctx.body = { data: options };
  });

  router.post('/api/account/login/mfa/enrol', SMALL, async (ctx) => {
    const { doc } = await liveTicket(ctx, ['ticket']);
    if (doc.purpose !== 'enrol') throw errors.forbidden();
    const user = await findUserById(deps.store, doc.userId);
    if (!user) throw ticketRefused();
    ctx.body = { data: await startTotp(deps, user) };
  });
}
