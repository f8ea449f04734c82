import type { ActionContext, ActionTable } from '../../dispatcher/types';
import { errors } from '../../errors';
import { loadApplication, who } from '../../domain/applicants/applicants';
import { loadContainer } from '../../domain/organisations/containers';
import { loadPosition } from '../../domain/positions/positions';
import { referencesView, requestReferences } from '../../domain/references/references';

/**
 * References (issue 30 item 3). The policy has checked the right on the application's position
 * (asking needs Write, reading any right); the handlers compare containers again, as the other
 * action files do.
 */
async function applicationIn(ctx: ActionContext, id: number) {
  const a = await loadApplication(ctx.deps.store, id);
  const p = await loadPosition(ctx.deps.store, a.positionId);
  if (ctx.resolved.containerId !== undefined && ctx.resolved.containerId !== p.containerId) throw errors.forbidden();
  return { a, p };
}

export const actions: ActionTable = {
  async get_references(ctx, data) {
    const { a } = await applicationIn(ctx, data.id);
    return referencesView(ctx.deps, a.id);
  },

  async create_referenceRequest(ctx, data) {
    const { a, p } = await applicationIn(ctx, data.id);
    const c = await loadContainer(ctx.deps.store, p.containerId);
    return requestReferences(ctx.deps, { a, p, c }, { ...(data.templateKey !== undefined ? { templateKey: data.templateKey } : {}), referees: data.referees }, who(ctx.principal));
  },
};
