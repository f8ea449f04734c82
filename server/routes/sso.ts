import { randomBytes } from 'node:crypto';
import type Router from '@koa/router';
import type { Context } from 'koa';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import type { Config } from '../config';
import type { ServerDeps } from '../base/deps';
import { authOf, clientOf } from '../auth/middleware';
import { isEmail } from '../auth/account';
import { memoryCoordination } from '../coord/port';
import { sharedLimiter } from '../coord/rate-limit';
import { errors, HttpError } from '../errors';
import { jsonBody } from '../http/body';
import { finishSso, handOver, SsoRefused, startSso, takeHandOver } from '../domain/sso/flow';
import { organisationName, ssoForEmail } from '../domain/sso/settings';
import { fields, str } from './account';

const SMALL = jsonBody({ limit: 16 * 1024 });
/** The cookie that ties a sign-in's callback to the browser that started it (login CSRF). */
const COOKIE = 'blankett_sso';
const COOKIE_PATH = '/api/account/sso';

/**
 * Single sign-on with an organisation's OpenID provider (issue 29 item 1):
 * - `GET /api/account/sso?email=`: which organisation's sign-in applies to the address's domain
 *   (`{ data: { containerId, organisation } }` or `{ data: null }`), from the domain alone: the
 *   answer says nothing about whether an account exists;
 * - `GET /api/account/sso/start?containerId=&email=`: the browser is sent to the provider;
 * - `GET /api/account/sso/callback`: the provider sends it back; it lands on /login/sso with a
 *   one-time hand-over token in the fragment, or on /login?sso=<why> with the reason, which the
 *   login page says in Swedish (sv.sso.errors);
 * - `POST /api/account/sso/confirm {token}`: the /login/sso page trades the hand-over for a session,
 *   `{ token, data: { token } }`, as a sign-in link's page does.
 */
export function mount(router: Router, deps: ServerDeps, config: Config): void {
  const counters = (deps.coord ?? memoryCoordination()).counters;
  const perIp = sharedLimiter(counters, 'sso-ip', { windowMs: config.rateLimits.windowMs, max: config.rateLimits.loginPerIp });
  const limitIp = async (ctx: Context) => {
    if (!(await perIp.hit(ctx.ip))) throw errors.rateLimited();
  };
  const refused = (ctx: Context, reason: string) => {
    deps.log.info('sso', { outcome: 'refused', reason });
    ctx.redirect(`/login?sso=${encodeURIComponent(reason)}`);
  };

  router.get('/api/account/sso', async (ctx) => {
    await limitIp(ctx);
    const email = typeof ctx.query.email === 'string' ? ctx.query.email.trim() : '';
    const sso = isEmail(email) ? await ssoForEmail(deps.store, email) : null;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { data: sso ? { containerId: sso.containerId, organisation: await organisationName(deps.store, sso.containerId) } : null };
  });

  router.get('/api/account/sso/start', async (ctx) => {
    await limitIp(ctx);
    const id = Number(ctx.query.containerId);
    if (!Number.isSafeInteger(id) || id <= 0) return refused(ctx, 'notConfigured');
    const hint = typeof ctx.query.email === 'string' && isEmail(ctx.query.email) ? ctx.query.email : undefined;
    const browser = randomBytes(24).toString('base64url');
    try {
      const url = await startSso(deps, id, browser, hint);
      ctx.cookies.set(COOKIE, browser, { httpOnly: true, sameSite: 'lax', secure: ctx.secure, path: COOKIE_PATH, maxAge: 10 * 60_000, overwrite: true });
      ctx.set('Cache-Control', 'no-store');
      ctx.redirect(url.href);
    } catch (e) {
      if (!(e instanceof SsoRefused)) throw e;
      refused(ctx, e.reason);
    }
  });

  router.get('/api/account/sso/callback', async (ctx) => {
    await limitIp(ctx);
    const query = new URLSearchParams(ctx.querystring);
    const browser = ctx.cookies.get(COOKIE);
    ctx.cookies.set(COOKIE, null, { path: COOKIE_PATH });
    ctx.set('Cache-Control', 'no-store');
    // The callback's address carries the code: the page it leads to must not pass it on.
    ctx.set('Referrer-Policy', 'no-referrer');
    try {
      const { user, containerId } = await finishSso(deps, query, browser);
      deps.log.info('sso', { outcome: 'ok', userId: user.id });
      ctx.redirect(`/login/sso#token=${await handOver(deps, user, containerId)}`);
    } catch (e) {
      if (!(e instanceof SsoRefused)) throw e;
      refused(ctx, e.reason);
    }
  });

  router.post('/api/account/sso/confirm', SMALL, async (ctx) => {
    await limitIp(ctx);
    const b = fields(ctx, ['token']);
    const taken = await takeHandOver(deps, str(b.token, '/token', 200));
    if (!taken) throw new HttpError(400, 'link_invalid', sv.sso.errors.replayed, [{ path: '/token', message: sv.sso.errors.replayed }]);
    // The session is the organisation's sign-in's: it ends once the organisation no longer alone answers for the account (auth/middleware.ts).
    const token = await authOf(ctx.app).issue(taken.user, { sso: taken.containerId, client: clientOf(ctx) });
    ctx.body = { token, data: { token } };
  });
}
