import type { ActionContext, ActionTable } from '../../dispatcher/types';
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { errors } from '../../errors';
import { erasePerson, findPerson } from '../../domain/gdpr/gdpr';
import { removeApplications } from '../../domain/gdpr/removal';
import { applicantPositionsFor } from '../../domain/accounts/candidate';
import {
  addNote,
  applicantView,
  listApplicants,
  listPositionApplicants,
  loadApplication,
  who,
} from '../../domain/applicants/applicants';
import { editAnswers } from '../../domain/applicants/applicant-edit';
import { loadContainer } from '../../domain/organisations/containers';
import type { ApplicationDoc } from '../../domain/core/docs';
import { loadPosition } from '../../domain/positions/positions';
import { moveToLabel } from '../../domain/applicants/label-moves';
import { readerOf } from '../../dispatcher/reader';
import { enqueueApplicationEvents } from '../../domain/webhooks/outbox';

/**
 * Applicant actions. As in positions.ts the handlers re-check that the objects they load
 * belong to the container the policy resolved.
 */

function sameContainer(ctx: ActionContext, containerId: number): void {
  if (ctx.resolved.containerId !== undefined && ctx.resolved.containerId !== containerId) throw errors.forbidden();
}

async function applicationIn(ctx: ActionContext, id: number): Promise<ApplicationDoc> {
  const a = await loadApplication(ctx.deps.store, id);
  sameContainer(ctx, a.containerId);
  return a;
}

export const actions: ActionTable = {
  async get_applicantPositionByPosition(ctx, data) {
    const p = await loadPosition(ctx.deps.store, data.positionId);
    sameContainer(ctx, p.containerId);
    return listPositionApplicants(ctx.deps, await loadContainer(ctx.deps.store, p.containerId), p, data, ctx.principal.userId, readerOf(ctx));
  },

  async get_applicantPositionByLabel(ctx, data) {
    sameContainer(ctx, data.containerId);
    if (data.positionId !== undefined && data.positionId !== -1) {
      const p = await loadPosition(ctx.deps.store, data.positionId);
      if (p.containerId !== data.containerId) throw errors.notFound();
    }
    return listApplicants(ctx.deps, data, ctx.principal.userId, readerOf(ctx));
  },

  async get_applicantPosition(ctx, data) {
    return applicantView(ctx.deps, await applicationIn(ctx, data.id), ctx.principal.userId, readerOf(ctx));
  },

  async get_applicantPositions(ctx, data) {
    // Staff: anyone's applications in their organisation; a candidate: only their own (403 otherwise).
    return applicantPositionsFor(ctx.deps, ctx.principal, data.containerId, data.email);
  },

  async update_jobApplicationStatus(ctx, data) {
    // The containers the policy resolved for these ids: every id must lie in one of them.
    return moveToLabel(ctx.deps, who(ctx.principal), 'Interest', data.labelId, data.ids, ctx.resolved.containerIds, ctx.principal.userId);
  },

  async update_jobApplicationProcess(ctx, data) {
    return moveToLabel(ctx.deps, who(ctx.principal), 'Process', data.labelId, data.ids, ctx.resolved.containerIds, ctx.principal.userId);
  },

  async create_JobApplicantNote(ctx, data) {
    const a = await applicationIn(ctx, data.id);
    return addNote(ctx.deps, ctx.principal, a, data.note, readerOf(ctx));
  },

  async update_jobApplicant(ctx, data) {
    const a = await applicationIn(ctx, data.applicant.id);
    return editAnswers(ctx.deps, who(ctx.principal), a, data.applicant.metadata, readerOf(ctx));
  },

  async delete_jobapplication(ctx, data) {
    const a = await applicationIn(ctx, data.id);
    if (a.positionId !== data.positionId) throw errors.notFound();
    await removeApplications(ctx.deps, [a]);
    await enqueueApplicationEvents(ctx.deps, 'application.deleted', [a]);
    return { id: a.id };
  },

  async delete_ApplicantFromContainer(ctx, data) {
    sameContainer(ctx, data.containerId);
    // GDPR erasure (server/domain/gdpr.ts): every trace of the person, as the entity schemas' tags declare.
    const person = await findPerson(ctx.deps, data.containerId, data.userId);
    if (!person) throw errors.notFound(sv.gdpr.notFound);
    const erased = await erasePerson(ctx.deps, data.containerId, person, ctx.principal.userId);
    return { deleted: erased.applications ?? 0 };
  },
};
