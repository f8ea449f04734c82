import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Config } from '../config';
import type { ServerDeps } from '../base/deps';
import { authenticate, authOf, clientOf, principalOf } from '../auth/middleware';
import { checkLogin, confirmReset, isEmail, logout, registerUser, startReset } from '../auth/account';
import { memoryCoordination } from '../coord/port';
import { createLoginThrottle } from '../auth/login-throttle';
import { passwordProblems } from '../auth/password-rules';
import { errors, HttpError } from '../errors';
import { bodyOf, jsonBody } from '../http/body';
import { sharedLimiter } from '../coord/rate-limit';
import { findUserByEmail, normaliseEmail, publicUser } from '../auth/users';
import { PASSWORD_MAX } from '../../engine/password';
import { confirmSignin, mailSigninLink } from '../auth/signin';
import { confirmEmailChange, stopEmailChange } from '../auth/email-change';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../../engine/fill';
import { employerOfApplicant } from '../domain/accounts/candidate';
import { refuseWhenSsoRequired } from '../domain/sso/settings';

const SMALL = jsonBody({ limit: 16 * 1024 });
/** Sign-in links per address: a few per quarter hour, so nobody floods a mailbox through us. */
const LINKS_PER_ADDRESS = 5;
const LINK_WINDOW_MS = 15 * 60_000;

export function fields(ctx: Context, names: string[]): Record<string, unknown> {
  const body = bodyOf(ctx);
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw errors.invalid([{ path: '/', message: sv.server.expectedObject }]);
  const b = body as Record<string, unknown>;
  const extra = Object.keys(b).find((k) => !names.includes(k));
  if (extra) throw errors.invalid([{ path: `/${extra.slice(0, 40)}`, message: sv.server.fields.unknown }]);
  return b;
}

export function str(value: unknown, path: string, max: number): string {
  if (typeof value !== 'string' || value.length > max) throw errors.invalid([{ path, message: fill(sv.server.fields.type, { type: 'string' }) }]);
  return value;
}

/**
 * /api/account/*: login, register, sign-in links (+ confirm), email-change confirm and stop, reset
 * (+ confirm) and logout. Login answers 200
 * `{ token, data: { token } }` (the spec's `{token}` and our `{data}` envelope in one) or
 * 401 with an empty body; limits per IP, and the login throttle (server/auth/login-throttle.ts)
 * per account and address and per account across all addresses, answered 429 with
 * Retry-After. Register and reset confirm apply the password rules (server/auth/password-rules.ts).
 */
export function mount(router: Router, deps: ServerDeps, config: Config): void {
  const { windowMs, loginPerIp, loginPerAccount } = config.rateLimits;
  // Shared across instances when REDIS_URL is set (server/coord/redis.ts says what happens while Redis is away).
  const counters = (deps.coord ?? memoryCoordination()).counters;
  const perIp = sharedLimiter(counters, 'login-ip', { windowMs, max: loginPerIp });
  const throttle = createLoginThrottle(counters, { perAddress: { limit: loginPerAccount, windowMs } });
  const limitIp = async (ctx: Context) => {
    if (!(await perIp.hit(ctx.ip))) throw errors.rateLimited();
  };
  const refuse = (ctx: Context, retryAfterMs: number, slowed: boolean) => {
    ctx.set('Retry-After', String(Math.ceil(retryAfterMs / 1000)));
    return slowed ? new HttpError(429, 'rate_limited', sv.account.passwords.slowed) : errors.rateLimited();
  };
  // Not awaited: the answer to a wrong password must not take longer when the email has an owner.
  const mailOwner = (email: string) =>
    void (async () => {
      const user = await findUserByEmail(deps.store, email);
      if (!user) return;
      const link = `${config.publicUrl.replace(/\/$/, '')}/forgot`;
      await deps.mail.send({ to: user.email, subject: sv.account.passwords.ownerSubject, text: fill(sv.account.passwords.ownerBody, { link }) });
    })().catch((e: unknown) => deps.log.warn('login owner mail failed', { error: e instanceof Error ? e.message : String(e) }));
  const linksPerAddress = sharedLimiter(counters, 'signin-links', { windowMs: LINK_WINDOW_MS, max: LINKS_PER_ADDRESS });
  /** Mails a sign-in link unless the address has had its share; a failing mail is logged, never told. */
  const sendLink = async (email: string, opts: { next?: string; register?: boolean; employer?: { id: number; name: string } }) => {
    if (!(await linksPerAddress.hit(normaliseEmail(email)))) throw new HttpError(429, 'rate_limited', sv.signin.tooManyLinks);
    try {
      await mailSigninLink(deps, email, opts);
    } catch (err) {
      deps.log.warn('sign-in link mail failed', { error: (err as Error).name });
    }
  };

  router.post('/api/account/login', SMALL, async (ctx) => {
    await limitIp(ctx);
    const b = fields(ctx, ['email', 'password']);
    const email = normaliseEmail(str(b.email, '/email', 254));
    const password = str(b.password, '/password', PASSWORD_MAX);
    const admission = await throttle.admit(email, ctx.ip);
    if (!admission.ok) {
      deps.log.info('login', { outcome: 'refused' });
      throw refuse(ctx, admission.retryAfterMs, admission.slowed);
    }
    const user = await checkLogin(deps, email, password);
    if (!user) {
      const { mailOwner: mail, retryAfterMs } = await admission.failed();
      deps.log.info('login', { outcome: 'wrong', slowed: admission.slowed });
      if (mail) mailOwner(email);
      if (admission.slowed) throw refuse(ctx, retryAfterMs, true);
      ctx.status = 401;
      ctx.body = '';
      return;
    }
    await admission.succeeded();
    // Staff of an organisation that requires its own sign-in use its button (issue 29 item 1).
    await refuseWhenSsoRequired(deps.store, user);
    deps.log.info('login', { outcome: 'ok', userId: user.id });
    const token = await authOf(ctx.app).issue(user, { client: clientOf(ctx) });
    ctx.body = { token, data: { token } };
  });

  router.post('/api/account/register', SMALL, async (ctx) => {
    await limitIp(ctx);
    const b = fields(ctx, ['email', 'password', 'confirmPassword']);
    const email = isEmail(b.email) ? b.email : undefined;
    const problems = passwordProblems(b.password, b.confirmPassword, undefined, { email });
    if (!email) problems.unshift({ path: '/email', message: sv.account.emailInvalid });
    if (problems.length || !email) throw errors.invalid(problems, problems[0]!.message);
    const user = await registerUser(deps, { email, password: b.password as string });
    // The account is unproven: it sees nothing in the candidate area until the link mailed
    // here is followed (which also drops the password chosen before the proof).
    await sendLink(user.email, { register: true }).catch(() => undefined);
    ctx.status = 201;
    ctx.body = { data: publicUser(user) };
  });

  /**
   * Asks for a sign-in link. The answer is the same whether or not the address has an
   * account (no enumeration); only a malformed address or too many links are refused.
   */
  router.post('/api/account/signin-link', SMALL, async (ctx) => {
    await limitIp(ctx);
    const b = fields(ctx, ['email', 'next', 'org']);
    if (!isEmail(b.email)) throw errors.invalid([{ path: '/email', message: sv.account.emailInvalid }], sv.account.emailInvalid);
    const next = b.next === undefined ? undefined : str(b.next, '/next', 300);
    if (b.org !== undefined && !(Number.isSafeInteger(b.org) && (b.org as number) > 0)) throw errors.invalid([{ path: '/org', message: sv.server.fields.value }]);
    const employer = b.org === undefined ? null : await employerOfApplicant(deps, b.email, b.org as number);
    await sendLink(b.email, { next, ...(employer ? { employer } : {}) });
    ctx.body = { data: { sent: true } };
  });

  /**
   * Follows a sign-in link (the token from the link's fragment): `{ token, data: { token,
   * next, passwordRemoved } }`. The link signs in whichever browser opens it, once.
   */
  router.post('/api/account/signin-link/confirm', SMALL, async (ctx) => {
    await limitIp(ctx);
    const b = fields(ctx, ['token']);
    const { user, next, passwordRemoved } = await confirmSignin(deps, str(b.token, '/token', 200));
    await refuseWhenSsoRequired(deps.store, user);
    const token = await authOf(ctx.app).issue(user, { linkAt: deps.now(), client: clientOf(ctx) });
    ctx.body = { token, data: { token, next, passwordRemoved } };
  });

  /** Follows the link mailed to a new address: the account takes it; `{ data: { token, email } }`. */
  router.post('/api/account/email/confirm', SMALL, async (ctx) => {
    await limitIp(ctx);
    const b = fields(ctx, ['token']);
    const user = await confirmEmailChange(deps, str(b.token, '/token', 200));
    const token = await authOf(ctx.app).issue(user, { linkAt: deps.now(), client: clientOf(ctx) });
    ctx.body = { token, data: { token, email: user.email } };
  });

  /** 'Stoppa ändringen' from the notice mailed to the current address: the pending email change is dropped. */
  router.post('/api/account/email/stop', SMALL, async (ctx) => {
    await limitIp(ctx);
    const b = fields(ctx, ['token']);
    await stopEmailChange(deps, str(b.token, '/token', 200));
    ctx.body = { data: { stopped: true } };
  });

  router.post('/api/account/reset', SMALL, async (ctx) => {
    await limitIp(ctx);
    const b = fields(ctx, ['email']);
    await startReset(deps, deps.mail, str(b.email, '/email', 254), config.publicUrl);
    ctx.body = { data: { sent: true } };
  });

  router.post('/api/account/reset/confirm', SMALL, async (ctx) => {
    await limitIp(ctx);
    const b = fields(ctx, ['token', 'password', 'confirmPassword']);
    const problems = passwordProblems(b.password, b.confirmPassword ?? b.password);
    if (problems.length) throw errors.invalid(problems, problems[0]!.message);
    await confirmReset(deps, str(b.token, '/token', 200), b.password as string);
    ctx.body = { data: { reset: true } };
  });

  router.post('/api/account/logout', authenticate(), async (ctx) => {
    await logout(deps, principalOf(ctx).userId);
    ctx.body = { data: { loggedOut: true } };
  });
}
