import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../../../engine/fill';
import type { ActionContext, ActionTable } from '../../dispatcher/types';
import { errors } from '../../errors';
import { loadContainer } from '../../domain/organisations/containers';
import type { PositionDoc } from '../../domain/core/docs';
import { countMatching, countOfPosition, issueTicket } from '../../domain/exports/exports';
import { PDF_MAX } from '../../domain/exports/exports-pdf';
import { loadPosition } from '../../domain/positions/positions';

/**
 * Exports (spec doc 2): the actions check the request and the rights and answer a download
 * ticket `{ url, filename, total, expires }`; GET url (server/routes/exports.ts) streams the
 * file. See docs/contracts.md "Exports".
 */

async function positionIn(ctx: ActionContext, positionId: number, containerId?: number): Promise<PositionDoc> {
  const p = await loadPosition(ctx.deps.store, positionId);
  if (ctx.resolved.containerId !== undefined && ctx.resolved.containerId !== p.containerId) throw errors.notFound();
  if (containerId !== undefined && containerId !== p.containerId) throw errors.notFound();
  return p;
}

export const actions: ActionTable = {
  async create_applicantsExport(ctx, data) {
    const { containerId, positionId, ...query } = data;
    const p = await positionIn(ctx, positionId, containerId);
    const c = await loadContainer(ctx.deps.store, p.containerId);
    // Builds the filter now, so a bad filter is a 400 here rather than a broken download.
    const total = await countMatching(ctx.deps.store, c, p, query, ctx.principal.userId);
    return { ...(await issueTicket(ctx.deps.coord, ctx.principal.userId, { kind: 'csv', containerId: c.id, positionId: p.id, query })), total };
  },

  async create_ApplicantPDFExport(ctx, data) {
    const p = await positionIn(ctx, data.positionId);
    const ids = [...new Set(data.items)];
    if (ids.length > PDF_MAX) {
      const message = fill(sv.exports.tooMany, { max: PDF_MAX });
      throw errors.invalid([{ path: '/items', message }], message);
    }
    const found = await countOfPosition(ctx.deps.store, p.id, ids);
    if (found !== ids.length) throw errors.notFound(sv.applicants.server.applicantsGone);
    return { ...(await issueTicket(ctx.deps.coord, ctx.principal.userId, { kind: 'pdf', containerId: p.containerId, positionId: p.id, ids })), total: ids.length };
  },
};
