import type { ServerDeps } from '../../base/deps';
import { errors } from '../../errors';
import type { ContainerDoc, PositionDoc } from '../core/docs';
import { findPublicPosition, publicContainer, publicPosition, publicSummary } from './public';
import type { ExportedForm } from '../../../engine/export-schema';
import { exportMetadata } from '../forms/form-schema';

/**
 * The public reads (GET /api/public/...), one function each, shared by the routes
 * (server/routes/public.ts) and the server renderer (server/ssr/), so a server-rendered
 * page holds exactly what the API would answer for the same request.
 */

type Deps = Pick<ServerDeps, 'store' | 'now' | 'log'>;

async function containersById(deps: Deps, ids: number[]): Promise<Map<number, ContainerDoc>> {
  const list = await deps.store.collection<ContainerDoc>('containers').find({ id: { $in: [...new Set(ids)] } });
  return new Map(list.map((c) => [c.id, c]));
}

/** GET /api/public/positions: open public positions, newest first, one page. */
export async function listPublicPositions(deps: Deps, q: { take: number; page: number; containerId?: number }) {
  const now = deps.now();
  const filter: Record<string, unknown> = { isInternal: false, isArchived: false, start: { $lte: now }, stop: { $gte: now } };
  if (q.containerId !== undefined) filter.containerId = q.containerId;
  const positions = deps.store.collection<PositionDoc>('positions');
  const [list, total] = await Promise.all([
    positions.find(filter, { sort: { start: -1, id: -1 }, skip: (q.page - 1) * q.take, limit: q.take, projection: { metadata: 0, text: 0 } }),
    positions.count(filter),
  ]);
  const containers = await containersById(deps, list.map((p) => p.containerId));
  const items = list.flatMap((p) => {
    const c = containers.get(p.containerId);
    return c ? [publicSummary(c, p, now)] : [];
  });
  return { items, total, page: q.page, take: q.take };
}

/** GET /api/public/positions/:ref (counts a view); throws notFound. */
export async function readPublicPosition(deps: Deps, ref: string) {
  const p = await findPublicPosition(deps.store, ref);
  const c = (await containersById(deps, [p.containerId])).get(p.containerId);
  if (!c) throw errors.notFound();
  await countView(deps, p.id);
  return publicPosition(c, p, deps.now());
}

/**
 * GET /api/public/positions/:ref/schema: the position's form as standard JSON Schema 2020-12
 * plus its uiSchema (engine/export-schema.ts), for integrators. Not counted as a view.
 */
export async function readPublicFormSchema(deps: Deps, ref: string): Promise<ExportedForm> {
  const p = await findPublicPosition(deps.store, ref);
  return exportMetadata(p.metadata, { key: `position:${p.id}`, version: p.formVersion });
}

/** One more view of a position. A view count is not worth a failed page (a full or read-only disk): logged, never thrown. */
export async function countView(deps: Deps, positionId: number): Promise<void> {
  try {
    await deps.store.collection('positions').updateOne({ id: positionId }, { $inc: { views: 1 } });
  } catch (err) {
    deps.log.warn('view not counted', { positionId, error: err instanceof Error ? err.name : 'unknown', code: (err as { code?: unknown }).code });
  }
}

/** GET /api/public/containers/:name; throws notFound. */
export async function readPublicContainer(deps: Deps, rawName: string) {
  return publicContainer(await publicContainerDoc(deps, rawName));
}

/** The stored organisation of a public host name, or 404. */
export async function publicContainerDoc(deps: Deps, rawName: string): Promise<ContainerDoc> {
  const name = rawName.toLowerCase();
  if (!/^[a-z0-9-]{1,63}$/.test(name)) throw errors.notFound();
  const c = await deps.store.collection<ContainerDoc>('containers').findOne({ name });
  if (!c) throw errors.notFound();
  return c;
}

/** GET /api/public/open/:positionRef/container; throws notFound. */
export async function readPositionContainer(deps: Deps, ref: string) {
  const p = await findPublicPosition(deps.store, ref);
  const c = (await containersById(deps, [p.containerId])).get(p.containerId);
  if (!c) throw errors.notFound();
  return publicContainer(c);
}
