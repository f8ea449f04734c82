import type Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import type { Config } from '../config';
import type { ServerDeps } from '../base/deps';
import { answerReference, openReference } from '../domain/references/answer';
import { errors } from '../errors';
import { bodyOf, jsonBody } from '../http/body';
import { sharedLimiter } from '../coord/rate-limit';
import { memoryCoordination } from '../coord/port';

/**
 * The referee's reference form (issue 30 item 3), without an account. The mailed link is
 * `PUBLIC_URL/referens#token=…`: the page (screens/public/ReferencePage.tsx) reads the token
 * from the fragment and posts it, so it never reaches a URL or a request log.
 * `POST /api/public/references/open {token}` answers the form to fill;
 * `POST /api/public/references/answer {token, answers}` stores the answer once.
 * Unknown (404), answered (409) and expired (410) links answer in Swedish.
 */
export function mount(router: Router, deps: ServerDeps, config: Config): void {
  const perIp = sharedLimiter((deps.coord ?? memoryCoordination()).counters, 'references-ip', { windowMs: config.rateLimits.windowMs, max: config.rateLimits.loginPerIp });
  const tokenOf = async (ctx: ParameterizedContext) => {
    if (!(await perIp.hit(ctx.ip))) throw errors.rateLimited();
    const body = bodyOf(ctx) as { token?: unknown; answers?: unknown } | null;
    if (typeof body?.token !== 'string') throw errors.invalid([{ path: '/token', message: sv.references.server.linkUnknown }], sv.references.server.linkUnknown);
    ctx.set('Cache-Control', 'no-store');
    return { token: body.token, answers: body.answers };
  };

  router.post('/api/public/references/open', jsonBody({ limit: 4096 }), async (ctx) => {
    const { token } = await tokenOf(ctx);
    ctx.body = { data: await openReference(deps, token) };
  });

  router.post('/api/public/references/answer', jsonBody({ limit: 256 * 1024 }), async (ctx) => {
    const { token, answers } = await tokenOf(ctx);
    if (!answers || typeof answers !== 'object' || Array.isArray(answers)) throw errors.invalid([{ path: '/answers', message: sv.server.fields.missing }]);
    ctx.body = { data: await answerReference(deps, token, answers as Record<string, unknown>) };
  });
}
