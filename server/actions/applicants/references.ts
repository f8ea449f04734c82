import type { ActionContext, ActionTable } from '../../dispatcher/types';
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { errors } from '../../errors';
import type { ContainerDoc } from '../../domain/core/docs';
import { anonymityOf, isAnonymous } from '../../domain/screening/screening';
import { loadApplication, who } from '../../domain/applicants/applicants';
import { loadContainer } from '../../domain/organisations/containers';
import { loadPosition } from '../../domain/positions/positions';
import { askApplicant } from '../../domain/references/applicant';
import { referencesView, requestReferences } from '../../domain/references/references';

/**
 * References (issue 30 item 3). The policy has checked the right on the application's position
 * (asking needs Write, reading any right); the handlers compare containers again, as the other
 * action files do. A writer enters the referees, or asks the applicant to name them on Mina sidor. References name the person (a referee writes about them): while anonymous
 * screening hides the application, they are neither asked for nor shown (409, in Swedish).
 */
async function applicationIn(ctx: ActionContext, id: number) {
  const a = await loadApplication(ctx.deps.store, id);
  const p = await loadPosition(ctx.deps.store, a.positionId);
  if (ctx.resolved.containerId !== undefined && ctx.resolved.containerId !== p.containerId) throw errors.forbidden();
  const c: ContainerDoc = await loadContainer(ctx.deps.store, p.containerId);
  if (isAnonymous(c, anonymityOf(p), a.processLabelId)) throw errors.conflict(sv.references.server.anonymous);
  return { a, p, c };
}

export const actions: ActionTable = {
  async get_references(ctx, data) {
    const { a } = await applicationIn(ctx, data.id);
    return referencesView(ctx.deps, a.id);
  },

  async create_referenceRequest(ctx, data) {
    const { a, p, c } = await applicationIn(ctx, data.id);
    const templateKey = data.templateKey !== undefined ? { templateKey: data.templateKey } : {};
    if ((data.referees === undefined) === (data.askApplicant === undefined)) throw errors.invalid([{ path: '/referees', message: sv.references.server.askOne }], sv.references.server.askOne);
    if (data.askApplicant !== undefined) {
      await askApplicant(ctx.deps, { a, p, c }, { ...templateKey, count: data.askApplicant }, who(ctx.principal));
      return referencesView(ctx.deps, a.id);
    }
    return requestReferences(ctx.deps, { a, p, c }, { ...templateKey, referees: data.referees ?? [] }, who(ctx.principal));
  },
};
