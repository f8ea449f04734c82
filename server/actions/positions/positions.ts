import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import type { ActionContext, ActionTable } from '../../dispatcher/types';
import { requireAccess } from '../../domain/accounts/access';
import { errors } from '../../errors';
import { addPositionType, containerByName, loadContainer } from '../../domain/organisations/containers';
import type { ContainerDoc, PositionDoc } from '../../domain/core/docs';
import {
  copyPosition,
  createPosition,
  deletePosition,
  listPositions,
  loadPosition,
  positionView,
  setArchived,
  updatePosition,
} from '../../domain/positions/positions';
import { positionChanged } from '../../domain/positions/position-events';

/**
 * Position actions. The dispatcher has checked role and scope; the handlers still load the
 * objects by the ids the policy resolved and compare containers, so an id of another
 * container can never slip through a gap between policy and handler.
 */

async function containerOf(ctx: ActionContext, containerId: number | undefined): Promise<ContainerDoc> {
  if (containerId === undefined || (ctx.resolved.containerId !== undefined && ctx.resolved.containerId !== containerId)) {
    throw errors.forbidden();
  }
  return loadContainer(ctx.deps.store, containerId);
}

async function positionIn(ctx: ActionContext, id: number): Promise<{ position: PositionDoc; container: ContainerDoc }> {
  const position = await loadPosition(ctx.deps.store, id);
  if (ctx.resolved.containerId !== undefined && ctx.resolved.containerId !== position.containerId) throw errors.forbidden();
  return { position, container: await loadContainer(ctx.deps.store, position.containerId) };
}

/** The portal's address, PUBLIC_URL (config.ts fills it in, default http://localhost:PORT). */
const portal = (ctx: ActionContext) => ctx.deps.publicUrl ?? '';

const view = (ctx: ActionContext, c: ContainerDoc, p: PositionDoc) => positionView(ctx.deps.store, c, p, ctx.deps.now(), true, portal(ctx));

export const actions: ActionTable = {
  async get_positions(ctx, data) {
    const c = await containerOf(ctx, data.containerId);
    return listPositions(ctx.deps.store, c, ctx.deps.now(), portal(ctx));
  },

  async get_PositionsCards(ctx, data) {
    const c = await containerOf(ctx, data.containerId);
    return listPositions(ctx.deps.store, c, ctx.deps.now(), portal(ctx));
  },

  async get_positions_by_container(ctx, data) {
    const c = await containerByName(ctx.deps.store, data.name.toLowerCase());
    if (!c) throw errors.notFound();
    await requireAccess(ctx.deps, ctx.principal, 'read', 'container', { containerId: c.id });
    return listPositions(ctx.deps.store, c, ctx.deps.now(), portal(ctx));
  },

  async get_position(ctx, data) {
    const { position, container } = await positionIn(ctx, data.id);
    return view(ctx, container, position);
  },

  async create_position(ctx, data) {
    const { id: _ignored, ...input } = data;
    const c = await containerOf(ctx, input.containerId);
    const created = await createPosition(ctx.deps, c, input);
    await positionChanged(ctx.deps, null, created);
    return view(ctx, c, created);
  },

  async update_position(ctx, data) {
    const { id, ...input } = data;
    const { position, container } = await positionIn(ctx, id);
    const updated = await updatePosition(ctx.deps, container, position, input);
    await positionChanged(ctx.deps, position, updated);
    return view(ctx, container, updated);
  },

  async copy_position(ctx, data) {
    const { position, container } = await positionIn(ctx, data.id);
    // A per-position writer of the source may not create positions in the container.
    await requireAccess(ctx.deps, ctx.principal, 'write', 'container', { containerId: container.id });
    const copy = await copyPosition(ctx.deps, container, position);
    await positionChanged(ctx.deps, null, copy);
    return view(ctx, container, copy);
  },

  async delete_position(ctx, data) {
    const { position } = await positionIn(ctx, data.id);
    await deletePosition(ctx.deps, position);
    return { id: position.id };
  },

  async update_PositionArchivedStatus(ctx, data) {
    const { position, container } = await positionIn(ctx, data.positionId);
    const changed = await setArchived(ctx.deps.store, position.id, data.isArchived);
    await positionChanged(ctx.deps, position, changed);
    return view(ctx, container, changed);
  },

  async create_positionType(ctx, data) {
    const c = await containerOf(ctx, data.containerId);
    const name = data.name.trim();
    if (!name) throw errors.invalid([{ path: '/name', message: sv.server.fields.tooShort }], sv.server.fields.tooShort);
    if ((c.positionTypes ?? []).some((t) => t.name.toLowerCase() === name.toLowerCase())) throw errors.conflict();
    return addPositionType(ctx.deps.store, c.id, name);
  },
};
