import type Router from '@koa/router';
import type { Middleware } from 'koa';
import Ajv2020 from 'ajv/dist/2020';
import applyBody from '../../schemas/shared/apply-body.json' with { type: 'json' };
import type { ApplyBody } from '../../schemas/generated/actions';
import type { Config } from '../config';
import type { ServerDeps } from '../base/deps';
import { apply } from '../domain/forms/apply';
import { publicStatement, reportProblem } from '../domain/organisations/accessibility';
import { findPublicAsset } from '../domain/positions/public';
import { listPublicPositions, publicContainerDoc, readPositionContainer, readPublicContainer, readPublicFormSchema, readPublicPosition } from '../domain/positions/publicReads';
import { detailsOf, errors } from '../errors';
import { bodyOf, jsonBody } from '../http/body';
import { sharedLimiter } from '../coord/rate-limit';
import { memoryCoordination } from '../coord/port';
import { countVisit, MAX_FUNNEL_STEP } from '../domain/analysis/funnel';

/**
 * The public calls of spec doc 2 §7 (no login), shapes as docs/contracts.md. Only public,
 * not archived, open positions are listed; internal positions are reached by linkId only.
 */

/** Several files of 5,000,000 bytes each travel base64-encoded inside the JSON body. */
export const APPLY_MAX_BODY = 32 * 1024 * 1024;
/** An application is one object of answers, at most a few levels deep (periods, files). */
const APPLY_SHAPE = { maxDepth: 12, maxWidth: 2_000, maxItems: 20_000 };
/** The apply body's one schema (schemas/shared/apply-body.json), also what the OpenAPI document publishes. */
const validateApply = new Ajv2020({ allErrors: true, strict: true }).compile<ApplyBody>(applyBody);

function intParam(value: unknown, name: string, fallback: number | undefined, min: number, max: number): number | undefined {
  if (value === undefined || value === '') return fallback;
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value) || Number(value) < min || Number(value) > max) {
    throw errors.invalid([{ path: `?${name}`, message: `${min}–${max}` }]);
  }
  return Number(value);
}

/** A report of an accessibility problem: plain text, an optional reply address and the page it concerns. */
const validateReport = new Ajv2020({ allErrors: true, strict: true }).compile<{ data: { text: string; email?: string; page?: string } }>({
  type: 'object',
  additionalProperties: false,
  required: ['data'],
  properties: {
    data: {
      type: 'object',
      additionalProperties: false,
      required: ['text'],
      properties: { text: { type: 'string', minLength: 1, maxLength: 5000 }, email: { type: 'string', maxLength: 320 }, page: { type: 'string', maxLength: 500 } },
    },
  },
});

/** Requests per IP per window for apply (config: APPLY_RATE_LIMIT, default 30), counted across instances when REDIS_URL is set. */
function applyLimiter(deps: ServerDeps, config: Config) {
  return sharedLimiter((deps.coord ?? memoryCoordination()).counters, 'apply-ip', { windowMs: config.rateLimits.windowMs, max: config.rateLimits.applyPerIp });
}

export function mount(router: Router, deps: ServerDeps, config: Config): void {
  const limiter = applyLimiter(deps, config);
  const limitApply: Middleware = async (ctx, next) => {
    if (!(await limiter.hit(ctx.ip))) throw errors.rateLimited();
    await next();
  };

  router.get('/api/public/positions', async (ctx) => {
    const take = intParam(ctx.query.take, 'take', 30, 1, 100)!;
    const page = intParam(ctx.query.page, 'page', 1, 1, 100_000)!;
    const containerId = intParam(ctx.query.containerId, 'containerId', undefined, 1, Number.MAX_SAFE_INTEGER);
    ctx.body = { data: await listPublicPositions(deps, { take, page, containerId }) };
  });

  router.get('/api/public/positions/:id', async (ctx) => {
    ctx.body = { data: await readPublicPosition(deps, ctx.params.id ?? '') };
  });

  router.get('/api/public/positions/:id/schema', async (ctx) => {
    ctx.body = { data: await readPublicFormSchema(deps, ctx.params.id ?? '') };
  });

  router.post('/api/public/positions/apply', limitApply, jsonBody({ limit: APPLY_MAX_BODY, shape: APPLY_SHAPE }), async (ctx) => {
    const body = bodyOf(ctx);
    if (!validateApply(body)) {
      throw errors.invalid(detailsOf(validateApply.errors));
    }
    const { data } = body;
    ctx.status = 201;
    ctx.body = { data: await apply(deps, { ...data, bodyBytes: ctx.state.bodyBytes as number }) };
  });

  router.get('/api/public/containers/:name', async (ctx) => {
    ctx.body = { data: await readPublicContainer(deps, ctx.params.name ?? '') };
  });

  // The accessibility statement (issue 28 item 7): the portal's (the product's part) and an organisation's.
  router.get('/api/public/accessibility', async (ctx) => {
    ctx.body = { data: await publicStatement(deps, null) };
  });

  router.get('/api/public/containers/:name/accessibility', async (ctx) => {
    ctx.body = { data: await publicStatement(deps, await publicContainerDoc(deps, ctx.params.name ?? '')) };
  });

  const reportLimiter = sharedLimiter((deps.coord ?? memoryCoordination()).counters, 'a11y-report-ip', { windowMs: config.rateLimits.windowMs, max: 10 });
  router.post('/api/public/containers/:name/accessibility/report', jsonBody({ limit: 32 * 1024, shape: { maxDepth: 3, maxWidth: 10, maxItems: 10 } }), async (ctx) => {
    const body = bodyOf(ctx);
    if (!validateReport(body)) throw errors.invalid(detailsOf(validateReport.errors));
    const c = await publicContainerDoc(deps, ctx.params.name ?? '');
    if (!(await reportLimiter.hit(ctx.ip))) throw errors.rateLimited();
    ctx.status = 201;
    ctx.body = { data: await reportProblem(deps, c, body.data) };
  });

  // The apply form's drop-off (issue 30 item 4): a counter per position, day and step, nothing
  // personal (analysis/funnel.ts). No body and no cookie; the address only counts towards the limit.
  const visitLimiter = sharedLimiter((deps.coord ?? memoryCoordination()).counters, 'visit-ip', { windowMs: config.rateLimits.windowMs, max: 60 });
  router.post('/api/public/positions/:id/visit', async (ctx) => {
    const positionId = intParam(ctx.params.id, 'id', undefined, 1, Number.MAX_SAFE_INTEGER)!;
    const step = intParam(ctx.query.step, 'step', 0, 0, MAX_FUNNEL_STEP)!;
    if (!(await visitLimiter.hit(ctx.ip))) throw errors.rateLimited();
    await countVisit(deps, positionId, step);
    ctx.status = 204;
  });

  router.get('/api/public/open/:positionId/container', async (ctx) => {
    ctx.body = { data: await readPositionContainer(deps, ctx.params.positionId ?? '') };
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
