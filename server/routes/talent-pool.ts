import type Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import { escapeHtml } from '../../engine/sanitize';
import { fill } from '../../engine/fill';
import { formatStockholmDate } from '../../engine/dates';
import type { Config } from '../config';
import type { ServerDeps } from '../base/deps';
import { authOf } from '../auth/middleware';
import { followLink, linkOf } from '../domain/gdpr/talent-pool';
import { consentWording } from '../domain/gdpr/periods';
import type { ContainerDoc } from '../domain/core/docs';
import { errors, HttpError } from '../errors';
import { jsonBody, bodyOf, readRaw } from '../http/body';
import { sharedLimiter } from '../coord/rate-limit';
import { memoryCoordination } from '../coord/port';

const t = sv.talentPool;

/**
 * The talent-pool consent link (issue 28 item 2), mailed as `PUBLIC_URL/talangpool?token=…`
 * (the query never reaches the request log, which logs the path). Opening it changes nothing
 * (a mail scanner may open links): the page shows the consent text and one button; the button
 * posts the token and gives (an invitation) or renews (a renewal) the consent. Works without
 * script. `POST /api/public/talent-pool/consent {token}` is the same for a client; a signed-in
 * caller whose address is not the link's is refused (403). Used, expired or unknown links
 * answer in Swedish with their own status.
 */
export function mount(router: Router, deps: ServerDeps, config: Config): void {
  const perIp = sharedLimiter((deps.coord ?? memoryCoordination()).counters, 'talent-pool-ip', { windowMs: config.rateLimits.windowMs, max: config.rateLimits.loginPerIp });
  const limit = async (ctx: ParameterizedContext) => {
    if (!(await perIp.hit(ctx.ip))) throw errors.rateLimited();
  };

  router.get('/talangpool', async (ctx) => {
    await limit(ctx);
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    await page(ctx, async () => {
      const link = await linkOf(deps, token);
      const c = await deps.store.collection<ContainerDoc>('containers').findOne({ id: link.containerId });
      if (!c) throw errors.notFound(t.linkExpired);
      const w = consentWording(c);
      const title = fill(t.pageTitle, { company: c.displayName || c.name });
      return [
        title,
        `<p>${escapeHtml(w.label)}</p><p>${escapeHtml(w.text)}</p>` +
          `<form method="post" action="/talangpool"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">${escapeHtml(t.pageConfirm)}</button></form>`,
      ];
    });
  });

  router.post('/talangpool', async (ctx) => {
    await limit(ctx);
    const raw = await readRaw(ctx.req, 4096);
    const token = new URLSearchParams(raw.toString('utf8')).get('token') ?? '';
    await page(ctx, async () => {
      const done = await followLink(deps, token);
      return [fill(t.pageTitle, { company: done.company }), `<p>${escapeHtml(fill(t.pageDone, { date: formatStockholmDate(done.expires) }))}</p>`];
    });
  });

  router.post('/api/public/talent-pool/consent', jsonBody({ limit: 4096 }), async (ctx) => {
    await limit(ctx);
    const body = bodyOf(ctx) as { token?: unknown };
    if (typeof body?.token !== 'string') throw errors.invalid([{ path: '/token', message: t.linkUnknown }], t.linkUnknown);
    const bearer = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'))?.[1];
    const caller = bearer ? await authOf(ctx.app).verifyToken(bearer) : null;
    if (bearer && !caller) throw errors.unauthorized();
    const done = await followLink(deps, body.token, caller?.email);
    ctx.body = { data: done };
  });
}

/** A small Swedish page: the body, or the refusal's message with its status. */
async function page(ctx: ParameterizedContext, body: () => Promise<[string, string]>): Promise<void> {
  let title: string;
  let html: string;
  try {
    [title, html] = await body();
    ctx.status = 200;
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    ctx.status = err.status;
    title = t.pageProblem;
    html = `<p role="alert">${escapeHtml(err.message)}</p>`;
  }
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.body = `<!doctype html><html lang="sv"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${html}</main></body></html>`;
}
