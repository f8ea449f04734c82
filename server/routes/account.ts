import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Config } from '../config';
import type { ServerDeps } from '../dispatcher/types';
import { authenticate, authOf, principalOf } from '../auth/middleware';
import { checkLogin, confirmReset, isEmail, logout, passwordProblems, PASSWORD_MAX, registerUser, startReset } from '../auth/account';
import { errors } from '../errors';
import { bodyOf, jsonBody } from '../http/body';
import { createRateLimiter } from '../http/rate-limit';
import { normaliseEmail, publicUser } from '../auth/users';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../../engine/fill';

const SMALL = jsonBody({ limit: 16 * 1024 });

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
 * /api/account/*: login, register, reset (+ confirm) and logout. Login answers 200
 * `{ token, data: { token } }` (DESIGN.md's `{token}` and our `{data}` envelope in one) or
 * 401 with an empty body; limits per IP and, for failed attempts, per account and IP: a
 * window later it is open again, and a correct password resets its count.
 */
export function mount(router: Router, deps: ServerDeps, config: Config): void {
  const { windowMs, loginPerIp, loginPerAccount } = config.rateLimits;
  const perIp = createRateLimiter({ windowMs, max: loginPerIp });
  const failuresPerAccount = createRateLimiter({ windowMs, max: loginPerAccount });
  const limitIp = (ctx: Context) => {
    if (!perIp.hit(ctx.ip)) throw errors.rateLimited();
  };

  router.post('/api/account/login', SMALL, async (ctx) => {
    limitIp(ctx);
    const b = fields(ctx, ['email', 'password']);
    const email = str(b.email, '/email', 254);
    const password = str(b.password, '/password', PASSWORD_MAX);
    // Failures count per account AND address: an attacker guessing from elsewhere is slowed
    // down without locking the owner out of their own account (a fixed-window limit on the
    // account alone did exactly that).
    const key = `${normaliseEmail(email)}\n${ctx.ip}`;
    if (failuresPerAccount.blocked(key)) throw errors.rateLimited();
    const user = await checkLogin(deps, email, password);
    if (!user) {
      failuresPerAccount.hit(key);
      ctx.status = 401;
      ctx.body = '';
      return;
    }
    failuresPerAccount.reset(key);
    const token = await authOf(ctx.app).issue(user);
    ctx.body = { token, data: { token } };
  });

  router.post('/api/account/register', SMALL, async (ctx) => {
    limitIp(ctx);
    const b = fields(ctx, ['email', 'password', 'confirmPassword']);
    const problems = passwordProblems(b.password, b.confirmPassword);
    if (!isEmail(b.email)) problems.unshift({ path: '/email', message: sv.account.emailInvalid });
    if (problems.length) throw errors.invalid(problems, problems[0]!.message);
    const user = await registerUser(deps, { email: b.email as string, password: b.password as string });
    ctx.status = 201;
    ctx.body = { data: publicUser(user) };
  });

  router.post('/api/account/reset', SMALL, async (ctx) => {
    limitIp(ctx);
    const b = fields(ctx, ['email']);
    await startReset(deps, deps.mail, str(b.email, '/email', 254), config.publicUrl);
    ctx.body = { data: { sent: true } };
  });

  router.post('/api/account/reset/confirm', SMALL, async (ctx) => {
    limitIp(ctx);
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
