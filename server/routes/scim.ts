import type Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import type { Config } from '../config';
import type { ServerDeps } from '../base/deps';
import { memoryCoordination } from '../coord/port';
import { sharedLimiter } from '../coord/rate-limit';
import { HttpError } from '../errors';
import { DEFAULT_SHAPE, readRaw } from '../http/body';
import { problem, ScimProblem } from '../domain/provisioning/scim-attributes';
import { discovery, LIST, serviceProviderConfig } from '../domain/provisioning/scim-discovery';
import { toResource } from '../domain/provisioning/scim-patch';
import { limitKeyOf, organisationOfToken } from '../domain/provisioning/scim-tokens';
import { createScimUser, deleteScimUser, listScimUsers, MAX_PAGE, patchScimUser, replaceScimUser, scimUser, type ScimOrg } from '../domain/provisioning/scim-users';

const SCIM_JSON = 'application/scim+json';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
/** A user body is a few kB; Entra's largest PATCH well under this. */
const BODY_LIMIT = 64 * 1024;
const DEFAULT_COUNT = 100;

type Ctx = ParameterizedContext;

function answer(ctx: Ctx, status: number, body: unknown) {
  ctx.status = status;
  ctx.type = SCIM_JSON;
  ctx.body = body;
}

/** Every refusal in SCIM's error format (RFC 7644 §3.12), the detail in Swedish; never a stack or the token. */
function refusal(ctx: Ctx, err: unknown, deps: ServerDeps) {
  let status = 500;
  let scimType: string | undefined;
  let detail = sv.server.internal;
  if (err instanceof ScimProblem) ({ status, scimType, message: detail } = err);
  else if (err instanceof HttpError) {
    ({ status, message: detail } = err);
    // The body reader's refusals (a nesting too deep, a key too many).
    if (status === 400) scimType = 'invalidSyntax';
  } else deps.log.error('scim request failed', { method: ctx.method, path: ctx.path.slice(0, 200), error: err instanceof Error ? err.name : 'unknown' });
  if (status === 401) ctx.set('WWW-Authenticate', 'Bearer realm="scim"');
  answer(ctx, status, { schemas: [ERROR], status: String(status), ...(scimType ? { scimType } : {}), detail });
}

async function readBody(ctx: Ctx): Promise<unknown> {
  const type = ctx.request.type;
  if (type && type !== 'application/json' && !type.endsWith('+json')) throw problem.invalidSyntax(sv.scim.notJson);
  const raw = await readRaw(ctx.req, BODY_LIMIT, DEFAULT_SHAPE);
  try {
    // Not parseJson: SCIM's keys hold dots (`…:enterprise:2.0:User`); only named attributes are ever read.
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    throw problem.invalidSyntax(sv.scim.notJson);
  }
}

/** `startIndex` (1-based) and `count` (capped: 10,000 users are paged, never listed at once). */
function paging(ctx: Ctx) {
  const int = (v: unknown, d: number) => (typeof v === 'string' && /^-?\d{1,9}$/.test(v) ? Number(v) : d);
  return { startIndex: Math.max(1, int(ctx.query.startIndex, 1)), count: Math.min(MAX_PAGE, Math.max(0, int(ctx.query.count, DEFAULT_COUNT))) };
}

/**
 * SCIM 2.0 (RFC 7643/7644) at /scim/v2 for an organisation's identity provider (issue 29
 * item 2): `Users` and the discovery resources. Users calls carry the organisation's token
 * (`Authorization: Bearer scim_…`, made by create_scimToken) and reach only that
 * organisation's users; each token is rate-limited, an unknown token counts against the
 * caller's address. Every answer is application/scim+json; refusals are SCIM errors.
 */
export function mount(router: Router, deps: ServerDeps, config: Config): void {
  const counters = (deps.coord ?? memoryCoordination()).counters;
  const windowMs = config.rateLimits.windowMs;
  const perToken = sharedLimiter(counters, 'scim-token', { windowMs, max: config.rateLimits.scimPerToken ?? 1200 });
  const perIp = sharedLimiter(counters, 'scim-ip', { windowMs, max: config.rateLimits.loginPerIp });

  async function organisation(ctx: Ctx): Promise<ScimOrg> {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('authorization'))?.[1];
    const org = token ? await organisationOfToken(deps, token) : null;
    if (!org || !token) {
      if (!(await perIp.hit(ctx.ip))) throw new ScimProblem(429, undefined, sv.server.rateLimited);
      throw new ScimProblem(401, undefined, sv.scim.unauthorized);
    }
    if (!(await perToken.hit(limitKeyOf(token)))) throw new ScimProblem(429, undefined, sv.server.rateLimited);
    return org;
  }

  async function users(ctx: Ctx, base: string, id: string | undefined) {
    const org = await organisation(ctx);
    const view = (row: Parameters<typeof toResource>[0]) => toResource(row, base);
    if (id === undefined && ctx.method === 'GET') {
      const { startIndex, count } = paging(ctx);
      if (Array.isArray(ctx.query.filter)) throw problem.invalidFilter();
      const filter = ctx.query.filter;
      const { total, page } = await listScimUsers(deps.store, org.containerId, filter, startIndex, count);
      return answer(ctx, 200, { schemas: [LIST], totalResults: total, startIndex, itemsPerPage: page.length, Resources: page.map(view) });
    }
    if (id === undefined && ctx.method === 'POST') {
      const row = await createScimUser(deps, org, await readBody(ctx));
      ctx.set('Location', `${base}/Users/${row.id}`);
      return answer(ctx, 201, view(row));
    }
    if (id === undefined) throw new ScimProblem(405, undefined, sv.server.methodNotAllowed);
    switch (ctx.method) {
      case 'GET':
        return answer(ctx, 200, view(await scimUser(deps.store, org.containerId, id)));
      case 'PUT':
        return answer(ctx, 200, view(await replaceScimUser(deps, org, id, await readBody(ctx))));
      case 'PATCH':
        return answer(ctx, 200, view(await patchScimUser(deps, org, id, await readBody(ctx))));
      case 'DELETE':
        await deleteScimUser(deps, org.containerId, id);
        ctx.status = 204;
        return;
      default:
        throw new ScimProblem(405, undefined, sv.server.methodNotAllowed);
    }
  }

  router.all(['/scim/v2', '/scim/v2/*rest'], async (ctx) => {
    const base = `${(deps.publicUrl ?? ctx.origin).replace(/\/$/, '')}/scim/v2`;
    try {
      const [resource, id, more] = ctx.path.slice('/scim/v2/'.length).split('/').map((s) => decodeURIComponent(s));
      if (more !== undefined) throw problem.notFound();
      if (resource === 'Users') return await users(ctx, base, id);
      // The discovery resources describe the service, not an organisation: no token needed (RFC 7644 §4).
      if (ctx.method !== 'GET') throw resource === 'ServiceProviderConfig' || resource === 'ResourceTypes' || resource === 'Schemas' ? new ScimProblem(405, undefined, sv.server.methodNotAllowed) : problem.notFound();
      if (resource === 'ServiceProviderConfig' && id === undefined) return answer(ctx, 200, serviceProviderConfig(base));
      if (resource === 'ResourceTypes' || resource === 'Schemas') {
        const found = discovery(base, resource, id);
        if (found) return answer(ctx, 200, found);
      }
      throw problem.notFound();
    } catch (err) {
      refusal(ctx, err, deps);
    }
  });
}
