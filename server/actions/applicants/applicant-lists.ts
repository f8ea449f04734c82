import type { ActionContext, ActionTable } from '../../dispatcher/types';
import { errors } from '../../errors';
import { applicantFilter, countsUnder, type ApplicantQuery } from '../../domain/applicants/applicant-filters';
import { idsUnder, neighbours } from '../../domain/applicants/applicant-order';
import { loadApplication } from '../../domain/applicants/applicants';
import { apply } from '../../domain/forms/apply';
import { loadContainer } from '../../domain/organisations/containers';
import type { ContainerDoc, PositionDoc } from '../../domain/core/docs';
import { loadPosition } from '../../domain/positions/positions';
import { screenedSort } from '../../domain/screening/screening';

/**
 * The position page's list calls beyond the batches (issue 9): counts, every id under a
 * filter ('Välj alla'), previous/next applicant, and staff registering an application. The
 * policy has checked the right on `positionId`; the handlers compare containers again.
 */

type PositionQuery = ApplicantQuery & { positionId: number };

async function positionIn(ctx: ActionContext, id: number): Promise<{ p: PositionDoc; c: ContainerDoc }> {
  const p = await loadPosition(ctx.deps.store, id);
  if (ctx.resolved.containerId !== undefined && ctx.resolved.containerId !== p.containerId) throw errors.forbidden();
  return { p, c: await loadContainer(ctx.deps.store, p.containerId) };
}

async function filterOf(ctx: ActionContext, data: PositionQuery) {
  const { p, c } = await positionIn(ctx, data.positionId);
  return { p, c, filter: await applicantFilter(ctx.deps.store, c, p, data, ctx.principal.userId) };
}

export const actions: ActionTable = {
  async get_applicantIdsByFilter(ctx, data) {
    const { p, filter } = await filterOf(ctx, data);
    const ids = await idsUnder(ctx.deps.store, filter, screenedSort(p, data.sort), ctx.principal.userId);
    return { ids, total: ids.length };
  },

  async get_applicantCounts(ctx, data) {
    const { c, filter } = await filterOf(ctx, data);
    return countsUnder(ctx.deps.store, c, filter);
  },

  async get_applicantNeighbours(ctx, data) {
    const { p, filter } = await filterOf(ctx, data);
    const current = await loadApplication(ctx.deps.store, data.id);
    if (current.positionId !== p.id) throw errors.notFound();
    return neighbours(ctx.deps.store, filter, screenedSort(p, data.sort), current, ctx.principal.userId);
  },

  async create_jobApplication(ctx, data) {
    await positionIn(ctx, data.positionId);
    const by = `${ctx.principal.givenName} ${ctx.principal.familyName}`.trim() || ctx.principal.email;
    return apply(ctx.deps, data, { by, actor: ctx.principal.userId });
  },
};
