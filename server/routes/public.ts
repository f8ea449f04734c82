import type Router from '@koa/router';
import type { Middleware } from 'koa';
import Ajv2020 from 'ajv/dist/2020';
import type { Config } from '../config';
import type { ServerDeps } from '../dispatcher/types';
import { apply } from '../domain/apply';
import type { ContainerDoc, PositionDoc } from '../domain/docs';
import { findPublicAsset, findPublicPosition, publicContainer, publicPosition, publicSummary } from '../domain/public';
import { errors } from '../errors';
import { bodyOf, jsonBody } from '../http/body';
import { createRateLimiter } from '../http/rate-limit';

/**
 * The public calls of spec doc 2 §7 (no login), shapes as docs/contracts.md. Only public,
 * not archived, open positions are listed; internal positions are reached by linkId only.
 */

/** Several files of 5,000,000 bytes each travel base64-encoded inside the JSON body. */
export const APPLY_MAX_BODY = 32 * 1024 * 1024;
/** An application is one object of answers, at most a few levels deep (periods, files). */
const APPLY_SHAPE = { maxDepth: 12, maxWidth: 2_000, maxItems: 20_000 };
const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

const applySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['action', 'data'],
  properties: {
    action: { const: 'create_jobApplication' },
    data: {
      type: 'object',
      additionalProperties: false,
      required: ['email', 'positionId', 'metadata'],
      properties: {
        email: { type: 'string', minLength: 3, maxLength: 254 },
        positionId: { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'string', pattern: UUID }] },
        metadata: { type: 'object', maxProperties: 1000 },
      },
    },
  },
} as const;
const validateApply = new Ajv2020({ allErrors: true, strict: true }).compile(applySchema);

function intParam(value: unknown, name: string, fallback: number | undefined, min: number, max: number): number | undefined {
  if (value === undefined || value === '') return fallback;
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value) || Number(value) < min || Number(value) > max) {
    throw errors.invalid([{ path: `?${name}`, message: `${min}–${max}` }]);
  }
  return Number(value);
}

async function containersById(deps: ServerDeps, ids: number[]): Promise<Map<number, ContainerDoc>> {
  const list = await deps.store.collection<ContainerDoc>('containers').find({ id: { $in: [...new Set(ids)] } });
  return new Map(list.map((c) => [c.id, c]));
}

/** Requests per IP per window for apply (config: APPLY_RATE_LIMIT, default 30). */
function applyLimiter(config: Config) {
  return createRateLimiter({ windowMs: config.rateLimits.windowMs, max: config.rateLimits.applyPerIp });
}

export function mount(router: Router, deps: ServerDeps, config: Config): void {
  const limiter = applyLimiter(config);
  const limitApply: Middleware = async (ctx, next) => {
    if (!limiter.hit(`apply:${ctx.ip}`)) throw errors.rateLimited();
    await next();
  };

  router.get('/api/public/positions', async (ctx) => {
    const take = intParam(ctx.query.take, 'take', 30, 1, 100)!;
    const page = intParam(ctx.query.page, 'page', 1, 1, 100_000)!;
    const containerId = intParam(ctx.query.containerId, 'containerId', undefined, 1, Number.MAX_SAFE_INTEGER);
    const now = deps.now();
    const filter: Record<string, unknown> = { isInternal: false, isArchived: false, start: { $lte: now }, stop: { $gte: now } };
    if (containerId !== undefined) filter.containerId = containerId;
    const positions = deps.store.collection<PositionDoc>('positions');
    const [list, total] = await Promise.all([
      positions.find(filter, { sort: { start: -1, id: -1 }, skip: (page - 1) * take, limit: take, projection: { metadata: 0, text: 0 } }),
      positions.count(filter),
    ]);
    const containers = await containersById(deps, list.map((p) => p.containerId));
    const items = list.flatMap((p) => {
      const c = containers.get(p.containerId);
      return c ? [publicSummary(c, p, now)] : [];
    });
    ctx.body = { data: { items, total, page, take } };
  });

  router.get('/api/public/positions/:id', async (ctx) => {
    const p = await findPublicPosition(deps.store, ctx.params.id ?? '');
    const c = (await containersById(deps, [p.containerId])).get(p.containerId);
    if (!c) throw errors.notFound();
    // A view count is not worth a failed page (a full or read-only disk): log it and answer.
    try {
      await deps.store.collection('positions').updateOne({ id: p.id }, { $inc: { views: 1 } });
    } catch (err) {
      deps.log.warn('view not counted', { positionId: p.id, error: err instanceof Error ? err.name : 'unknown', code: (err as { code?: unknown }).code });
    }
    ctx.body = { data: publicPosition(c, p, deps.now()) };
  });

  router.post('/api/public/positions/apply', limitApply, jsonBody({ limit: APPLY_MAX_BODY, shape: APPLY_SHAPE }), async (ctx) => {
    const body = bodyOf(ctx);
    if (!validateApply(body)) {
      const details = (validateApply.errors ?? []).slice(0, 20).map((e) => ({ path: e.instancePath || '/', message: e.message ?? 'invalid' }));
      throw errors.invalid(details);
    }
    const { data } = body as { data: { email: string; positionId: number | string; metadata: Record<string, unknown> } };
    ctx.status = 201;
    ctx.body = { data: await apply(deps, { ...data, bodyBytes: ctx.state.bodyBytes as number }) };
  });

  router.get('/api/public/containers/:name', async (ctx) => {
    const name = (ctx.params.name ?? '').toLowerCase();
    if (!/^[a-z0-9-]{1,63}$/.test(name)) throw errors.notFound();
    const c = await deps.store.collection<ContainerDoc>('containers').findOne({ name });
    if (!c) throw errors.notFound();
    ctx.body = { data: publicContainer(c) };
  });

  router.get('/api/public/open/:positionId/container', async (ctx) => {
    const p = await findPublicPosition(deps.store, ctx.params.positionId ?? '');
    const c = (await containersById(deps, [p.containerId])).get(p.containerId);
    if (!c) throw errors.notFound();
    ctx.body = { data: publicContainer(c) };
  });

  router.get('/api/public/open/containers/:containerId/assets', async (ctx) => {
    const containerId = intParam(ctx.params.containerId, 'containerId', undefined, 1, Number.MAX_SAFE_INTEGER);
    const ref = typeof ctx.query.id === 'string' ? ctx.query.id : '';
    if (containerId === undefined || ref.length > 500) throw errors.notFound();
    const asset = await findPublicAsset(deps.store, containerId, ref);
    const type = asset.contentType.split(';')[0]!.trim().toLowerCase();
    // Only what a public page shows (images, pdf) is served; nothing that could run as a page.
    if (!type.startsWith('image/') && type !== 'application/pdf') throw errors.notFound();
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.type = type;
    ctx.body = Buffer.from(asset.data, 'base64');
  });
}
