import type Router from '@koa/router';
import type { Context } from 'koa';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../../engine/fill';
import type { ServerDeps } from '../base/deps';
import { applicantView, listApplicants, loadApplication } from '../domain/applicants/applicants';
import { moveToLabel } from '../domain/applicants/label-moves';
import type { ApplicationDoc } from '../domain/core/docs';
import type { Reader } from '../domain/gdpr/read-log';
import { labelOf, loadContainer } from '../domain/organisations/containers';
import { listPositions, positionInContainer, positionView } from '../domain/positions/positions';
import { errors } from '../errors';
import { apiKeyAuth, requireScope, type ApiCaller } from '../http/api-keys';
import { FILE_URL, sendApplicationFile } from '../http/application-file';
import { jsonBody } from '../http/body';
import { fields } from './account';

const ID = /^[1-9]\d{0,14}$/;

/** A path or query id, or 404 (path) / 400 (query) when it is not one. */
function idOf(value: string | undefined, query?: string): number {
  if (value !== undefined && ID.test(value)) return Number(value);
  if (query) throw errors.invalid([{ path: `/${query}`, message: sv.server.fields.value }]);
  throw errors.notFound();
}

/** Reads through a key are logged as the key's, at the lowest staff role, beside the staff member who made it. */
const readerOf = (key: ApiCaller): Reader => ({ userId: key.createdBy, containerId: key.containerId, role: 'read', apiKeyId: key.id });

/** The application if it is the key's organisation's; 404 otherwise (as if it did not exist). */
async function applicationOf(deps: ServerDeps, key: ApiCaller, id: number): Promise<ApplicationDoc> {
  const a = await loadApplication(deps.store, id);
  if (a.containerId !== key.containerId) throw errors.notFound();
  return a;
}

/**
 * The organisation's REST API, version 1 (docs in /api/openapi.json, server/openapi-v1.ts):
 * `Authorization: Bearer <API key>` (server/http/api-keys.ts), each route needing its scope.
 * A key reaches only its own organisation: anything else is 404. Label moves go through the
 * same domain function as the staff actions, so history, notifications and logs are the same.
 */
export function mount(router: Router, deps: ServerDeps): void {
  const auth = apiKeyAuth(deps);
  const body = jsonBody({ limit: 16 * 1024 });
  const portal = deps.publicUrl ?? '';

  router.get('/api/v1/positions', auth, async (ctx) => {
    const key = requireScope(ctx, 'positions:read');
    const container = await loadContainer(deps.store, key.containerId);
    ctx.body = { data: await listPositions(deps.store, container, deps.now(), portal) };
  });

  router.get('/api/v1/positions/:id', auth, async (ctx) => {
    const key = requireScope(ctx, 'positions:read');
    const position = await positionInContainer(deps.store, key.containerId, idOf(ctx.params.id));
    if (!position) throw errors.notFound();
    const container = await loadContainer(deps.store, key.containerId);
    ctx.body = { data: await positionView(deps.store, container, position, deps.now(), true, portal) };
  });

  router.get('/api/v1/applications', auth, async (ctx: Context) => {
    const key = requireScope(ctx, 'applications:read');
    const q = ctx.query as Record<string, string | undefined>;
    const positionId = q.positionId === undefined ? undefined : idOf(q.positionId, 'positionId');
    const after = q.after === undefined ? undefined : idOf(q.after, 'after');
    if (positionId !== undefined && !(await positionInContainer(deps.store, key.containerId, positionId))) throw errors.notFound();
    ctx.body = { data: await listApplicants(deps, { containerId: key.containerId, ...(positionId ? { positionId } : {}), ...(after ? { after } : {}) }, undefined, readerOf(key)) };
  });

  router.get('/api/v1/applications/:id', auth, async (ctx) => {
    const key = requireScope(ctx, 'applications:read');
    const a = await applicationOf(deps, key, idOf(ctx.params.id));
    ctx.body = { data: await applicantView(deps, a, undefined, readerOf(key)) };
  });

  router.get('/api/v1/applications/:id/files/:url', auth, async (ctx) => {
    const key = requireScope(ctx, 'applications:read');
    const url = ctx.params.url ?? '';
    if (!FILE_URL.test(url)) throw errors.notFound();
    const a = await applicationOf(deps, key, idOf(ctx.params.id));
    await sendApplicationFile(ctx, deps, a, url, readerOf(key));
  });

  /** Moves an application to an Interest label, a Process level or both: both are checked before either moves. */
  router.post('/api/v1/applications/:id/labels', auth, body, async (ctx) => {
    const key = requireScope(ctx, 'applications:write');
    const b = fields(ctx, ['interestLabelId', 'processLabelId']);
    const a = await applicationOf(deps, key, idOf(ctx.params.id));
    const container = await loadContainer(deps.store, key.containerId);
    const moves: ['Interest' | 'Process', number][] = [];
    for (const [name, type] of [['interestLabelId', 'Interest'], ['processLabelId', 'Process']] as const) {
      const value = b[name];
      if (value === undefined) continue;
      const path = `/${name}`;
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw errors.invalid([{ path, message: fill(sv.server.fields.type, { type: 'integer' }) }]);
      if (labelOf(container, value, path).labelType !== type) throw errors.invalid([{ path, message: sv.domain.labelWrongType }], sv.domain.labelWrongType);
      moves.push([type, value]);
    }
    if (!moves.length) throw errors.invalid([{ path: '/', message: sv.apiKeys.labelsNeeded }], sv.apiKeys.labelsNeeded);
    const by = fill(sv.apiKeys.by, { name: key.name });
    for (const [type, labelId] of moves) await moveToLabel(deps, by, type, labelId, [a.id], [key.containerId]);
    const moved = await loadApplication(deps.store, a.id);
    ctx.body = { data: { id: moved.id, interestLabelId: moved.interestLabelId, processLabelId: moved.processLabelId } };
  });
}
