import type { Context, Middleware, ParameterizedContext } from 'koa';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../../engine/fill';
import type { ServerDeps } from '../base/deps';
import { memoryCoordination } from '../coord/port';
import { sharedLimiter } from '../coord/rate-limit';
import { findApiKey, KEY_PREFIX, type ApiKeyDoc, type ApiScope } from '../domain/integrations/api-keys';
import { HttpError } from '../errors';

const m = sv.apiKeys;

/** Calls per key and minute (shared across instances with REDIS_URL). */
const API_CALLS_PER_MINUTE = 600;
/** Query parameters a client might put a key in: refused, whatever they hold. */
const KEY_PARAMS = new Set(['key', 'apikey', 'api_key', 'api-key', 'access_token', 'token', 'authorization']);

/** The key a /api/v1 call was made with (set by apiKeyAuth). */
export type ApiCaller = Pick<ApiKeyDoc, 'id' | 'containerId' | 'name' | 'scopes' | 'createdBy'>;

/**
 * The key behind an /api/v1 request; throws 403 with a clear error when it lacks `scope`.
 * Any route authenticated by an API key calls it first (the webhooks routes with
 * 'webhooks:manage').
 */
export function requireScope(ctx: ParameterizedContext<any, any>, scope: ApiScope): ApiCaller {
  const key = ctx.state.apiKey as ApiCaller | undefined;
  if (!key) throw new HttpError(401, 'unauthorized', m.missing);
  if (!key.scopes.includes(scope)) throw new HttpError(403, 'missing_scope', fill(m.scopeMissing, { scope }), [{ path: '/scopes', message: fill(m.scopeMissing, { scope }) }]);
  return key;
}

function keyInQuery(ctx: Context): boolean {
  return Object.entries(ctx.query).some(([name, value]) => KEY_PARAMS.has(name.toLowerCase()) || [value ?? []].flat().some((v) => v.startsWith(KEY_PREFIX)));
}

/**
 * Authenticates an /api/v1 call by `Authorization: Bearer <key>`: a key in the address is
 * refused before anything else (it would be in every proxy's log); a wrong or revoked key is
 * 401; each key has its own rate limit (429 with Retry-After). Every call is logged with the
 * key's id, never the key.
 */
export function apiKeyAuth(deps: ServerDeps): Middleware {
  const limiter = sharedLimiter((deps.coord ?? memoryCoordination()).counters, 'api-key', { windowMs: 60_000, max: API_CALLS_PER_MINUTE });
  return async (ctx, next) => {
    if (keyInQuery(ctx)) throw new HttpError(400, 'key_in_query', m.inQuery, [{ path: '/query', message: m.inQuery }]);
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('authorization'))?.[1];
    if (!bearer) throw new HttpError(401, 'unauthorized', m.missing);
    const key = await findApiKey(deps, bearer);
    if (!key) throw new HttpError(401, 'unauthorized', m.invalid);
    const started = performance.now();
    let status = 500;
    try {
      if (!(await limiter.hit(String(key.id)))) {
        ctx.set('Retry-After', '60');
        throw new HttpError(429, 'rate_limited', sv.server.rateLimited);
      }
      const caller: ApiCaller = { id: key.id, containerId: key.containerId, name: key.name, scopes: key.scopes, createdBy: key.createdBy };
      ctx.state.apiKey = caller;
      await next();
      status = ctx.status;
    } catch (err) {
      status = err instanceof HttpError ? err.status : 500;
      throw err;
    } finally {
      deps.log.info('api', { apiKeyId: key.id, containerId: key.containerId, method: ctx.method, path: ctx.path.slice(0, 200), status, ms: Math.round(performance.now() - started) });
    }
  };
}
