import type { ActionContext, ActionTable } from '../../dispatcher/types';
import { errors } from '../../errors';
import { loadApplication, who } from '../../domain/applicants/applicants';
import type { PositionDoc } from '../../domain/core/docs';
import { loadPosition } from '../../domain/positions/positions';
import { criteriaOf, saveCriteria, saveScorecard, scorecardsView, targetOf } from '../../domain/applicants/scorecards';
import { kitsOf, saveKit } from '../../domain/applicants/interview-kits';
import { loadContainer } from '../../domain/organisations/containers';

/**
 * Scorecards (issue 17 item 2). The policy has checked the right: reading and rating need any
 * right on the position (readers included), the criteria need Write. The handlers compare
 * containers again, as the other action files do. Interview kits (issue 30 item 2): read with
 * any right, edited with Write; an interview's scorecards as the application's.
 */

async function positionIn(ctx: ActionContext, id: number): Promise<PositionDoc> {
  const p = await loadPosition(ctx.deps.store, id);
  if (ctx.resolved.containerId !== undefined && ctx.resolved.containerId !== p.containerId) throw errors.forbidden();
  return p;
}

async function applicationIn(ctx: ActionContext, id: number) {
  const a = await loadApplication(ctx.deps.store, id);
  return { a, p: await positionIn(ctx, a.positionId) };
}

export const actions: ActionTable = {
  async get_positionScoreCriteria(ctx, data) {
    return criteriaOf(ctx.deps, await positionIn(ctx, data.positionId));
  },

  async update_positionScoreCriteria(ctx, data) {
    return saveCriteria(ctx.deps, await positionIn(ctx, data.positionId), data.criteria);
  },

  async get_positionInterviewKits(ctx, data) {
    return kitsOf(ctx.deps, await positionIn(ctx, data.positionId));
  },

  async update_positionInterviewKit(ctx, data) {
    const p = await positionIn(ctx, data.positionId);
    return saveKit(ctx.deps, p, await loadContainer(ctx.deps.store, p.containerId), { processLabelId: data.processLabelId, questions: data.questions, criteria: data.criteria });
  },

  async get_applicantScorecards(ctx, data) {
    const { a, p } = await applicationIn(ctx, data.id);
    return scorecardsView(ctx.deps, await targetOf(ctx.deps, p, a, data.interviewId), a.id, ctx.principal.userId);
  },

  async upsert_applicantScorecard(ctx, data) {
    const { a, p } = await applicationIn(ctx, data.id);
    const rater = { id: ctx.principal.userId, name: who(ctx.principal) };
    return saveScorecard(ctx.deps, await targetOf(ctx.deps, p, a, data.interviewId), a, rater, { scores: data.scores, overall: data.overall, ...(data.comment !== undefined ? { comment: data.comment } : {}) });
  },
};
