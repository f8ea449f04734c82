import type { ActionContext, ActionTable } from '../../dispatcher/types';
import { errors } from '../../errors';
import { loadApplication, who } from '../../domain/applicants/applicants';
import { meritPreview, sendMerits } from '../../domain/applicants/merits';
import { loadContainer } from '../../domain/organisations/containers';
import { loadPosition } from '../../domain/positions/positions';

/** 'Uppgift om meriter' (issue 28 item 6): the writer's review and send; the handlers re-check the container. */
async function requesterIn(ctx: ActionContext, id: number) {
  const r = await loadApplication(ctx.deps.store, id);
  if (ctx.resolved.containerId !== undefined && ctx.resolved.containerId !== r.containerId) throw errors.forbidden();
  const [c, p] = await Promise.all([loadContainer(ctx.deps.store, r.containerId), loadPosition(ctx.deps.store, r.positionId)]);
  return { r, c, p };
}

export const actions: ActionTable = {
  async get_meritDisclosure(ctx, data) {
    const { r, c, p } = await requesterIn(ctx, data.id);
    const { identities: _identities, ...view } = await meritPreview(ctx.deps, c, p, r);
    return view;
  },

  async send_meritDisclosure(ctx, data) {
    const { r, c, p } = await requesterIn(ctx, data.id);
    return sendMerits(ctx.deps, who(ctx.principal), c, p, r, data.keys, data.note);
  },
};
