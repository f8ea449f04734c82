import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { formatStockholmDate } from '../../../engine/dates';
import type { ActionTable } from '../../dispatcher/types';
import { errors } from '../../errors';
import { loadApplication } from '../../domain/applicants/applicants';
import { inviteToApply, inviteToPool, livePoolEntry, searchPool } from '../../domain/gdpr/talent-pool';
import { consentWording } from '../../domain/gdpr/periods';
import { loadContainer } from '../../domain/organisations/containers';
import { positionInContainer } from '../../domain/positions/positions';
import { positionPublicUrl } from '../../domain/positions/public';
import { closedReason } from '../../domain/positions/status';

const how = sv.talentPool.how;

/** The talent pool for staff (issue 28 item 2): search it, invite to it, invite from it to apply. */
export const actions: ActionTable = {
  async get_talentPool(ctx, data) {
    const c = await loadContainer(ctx.deps.store, data.containerId);
    const rows = await searchPool(ctx.deps, c.id, data.query, data.skill);
    const w = consentWording(c);
    return {
      consentLabel: w.label,
      consentVersion: w.version,
      rows: rows.map(({ _id, containerId: _c, renewMailed: _r, created: _cr, applicationId: _a, ...e }) => ({
        ...e,
        skillsText: e.skills.join(', '),
        consentText: e.consents.map((k) => `${how[k.how]} ${formatStockholmDate(k.at)} (text v${k.textVersion}, ${k.months} mån)`).join('; '),
      })),
    };
  },

  async create_talentPoolInvitation(ctx, data) {
    const a = await loadApplication(ctx.deps.store, data.id);
    return inviteToPool(ctx.deps, await loadContainer(ctx.deps.store, a.containerId), a);
  },

  async create_talentPoolApplyInvite(ctx, data) {
    const c = await loadContainer(ctx.deps.store, data.containerId);
    const entry = await livePoolEntry(ctx.deps, c.id, data.id);
    const p = await positionInContainer(ctx.deps.store, c.id, data.positionId);
    if (!p || p.deleting) throw errors.notFound();
    if (closedReason(p, ctx.deps.now())) throw errors.conflict(sv.talentPool.positionClosed);
    await inviteToApply(ctx.deps, c, entry, p, positionPublicUrl(ctx.deps.publicUrl ?? '', c, p), ctx.principal.userId);
    return { id: entry.id, positionId: p.id };
  },
};
