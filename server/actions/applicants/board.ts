import type { ActionTable } from '../../dispatcher/types';
import { errors } from '../../errors';
import { boardOf } from '../../domain/applicants/board';
import { loadContainer } from '../../domain/organisations/containers';
import { loadPosition } from '../../domain/positions/positions';

/**
 * The pipeline board's read (issue 17). A move on the board is update_jobApplicationProcess
 * with one id (applicants.ts): one call, logged, and it restarts the stage clock.
 */
export const actions: ActionTable = {
  async get_applicantBoard(ctx, data) {
    const p = await loadPosition(ctx.deps.store, data.positionId);
    if (ctx.resolved.containerId !== undefined && ctx.resolved.containerId !== p.containerId) throw errors.forbidden();
    return boardOf(ctx.deps, await loadContainer(ctx.deps.store, p.containerId), p, data, ctx.principal.userId);
  },
};
