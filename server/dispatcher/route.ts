import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import type Router from '@koa/router';
import { authenticate, authOf, clientOf, principalOf } from '../auth/middleware';
import { detailsOf, errors } from '../errors';
import { DEFAULT_SHAPE, parseJson, readRaw } from '../http/body';
import { isWrite, recordEvent } from '../domain/core/events';
import { requireAccess } from '../domain/accounts/access';
import { CHECK_ANSWERS } from './answers';
import { ASSET_MAX_BODY, type Registry } from './registry';
import type { ServerDeps } from '../base/deps';

const ACTION_NAME = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;

/** `?filter=…` and friends: first value of each query parameter, as strings. */
function queryOf(q: Record<string, string | string[] | undefined>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(q)) out[k] = Array.isArray(v) ? v[0] : v;
  return out;
}

/**
 * POST /api/dispatcher {action, data}: authenticate → read body (the action's limit) →
 * look up the action → validate data against its schema → role and scope policy → handler.
 * Every step fails with the error shape; the handler never sees unchecked data.
 */
export function mountDispatcher(router: Router, deps: ServerDeps, registry: Registry): void {
  const largest = Math.max(ASSET_MAX_BODY, ...[...registry.values()].map((a) => a.maxBody));
  router.post('/api/dispatcher', authenticate(), async (ctx) => {
    const started = performance.now();
    const principal = principalOf(ctx);
    const type = ctx.request.type;
    if (type && type !== 'application/json') throw errors.invalid([{ path: '/', message: sv.server.expectedJson }]);
    const raw = await readRaw(ctx.req, largest, DEFAULT_SHAPE);
    const body = parseJson(raw.toString('utf8'));
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw errors.invalid([{ path: '/', message: sv.server.expectedObject }]);
    const { action, data = {}, ...rest } = body as Record<string, unknown>;
    const extra = Object.keys(rest)[0];
    if (extra !== undefined) throw errors.invalid([{ path: `/${extra.slice(0, 40)}`, message: sv.server.fields.unknown }]);
    if (typeof action !== 'string' || !ACTION_NAME.test(action)) throw errors.invalid([{ path: '/action', message: sv.server.fields.missing }]);
    const def = registry.get(action);
    if (!def) throw errors.unknownAction(action);
    if (raw.length > def.maxBody) throw errors.tooLarge();
    if (!data || typeof data !== 'object' || Array.isArray(data)) throw errors.invalid([{ path: '/data', message: sv.server.expectedObject }]);
    // Detail paths are JSON pointers into `data` (e.g. /email), so a form can map them to fields.
    if (!def.validate(data)) throw errors.invalid(detailsOf(def.validate.errors));
    const resolved = await requireAccess(deps, principal, def.role, def.scope, data as Record<string, unknown>);
    const auth = authOf(ctx.app);
    // The schema has just checked `data`: it is this action's ActionData.
    const result = await def.handler({ principal, resolved, deps, query: queryOf(ctx.query), issueToken: (u) => auth.issue(u, { client: clientOf(ctx) }) }, data as never);
    // Test runs prove the x-answer schemas true: an answer that breaks its schema is a 500 and a
    // logged error naming the action and the paths, so the integration suite fails on drift.
    if (CHECK_ANSWERS && !def.validateAnswer(result ?? null)) {
      const paths = (def.validateAnswer.errors ?? []).slice(0, 10).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
      deps.log.error('answer breaks x-answer', { action, paths });
      throw new Error(`answer of ${action} breaks schemas/actions/${action}.json x-answer: ${paths.join('; ')}`);
    }
    // The platform event log (/admin/events): who, what, when, where; never personal data.
    if (isWrite(action)) await recordEvent(deps, { action, userId: principal.userId, containerId: resolved.containerId, positionId: resolved.positionId, update: 'id' in data });
    ctx.status = 200;
    ctx.body = { data: result ?? null };
    ctx.state.action = action;
    deps.log.info('dispatch', { action, user: principal.userId, ms: Math.round(performance.now() - started) });
  });
}
