import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { formatStockholmDate } from '../../../engine/dates';
import type { ActionTable } from '../../dispatcher/types';
import { errors } from '../../errors';
import type { ApplicationDoc, PositionDoc } from '../../domain/core/docs';
import { inviteToApply, inviteToPool, searchPool, type PoolEntry } from '../../domain/gdpr/talent-pool';
import { consentWording } from '../../domain/gdpr/periods';
import { loadContainer } from '../../domain/organisations/containers';
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
    const a = await ctx.deps.store.collection<ApplicationDoc>('applications').findOne({ id: data.id }, { projection: { metadata: 0, notes: 0, logs: 0, files: 0 } });
    if (!a) throw errors.notFound();
    return inviteToPool(ctx.deps, await loadContainer(ctx.deps.store, a.containerId), a);
  },

  async create_talentPoolApplyInvite(ctx, data) {
    const c = await loadContainer(ctx.deps.store, data.containerId);
    const entry = await ctx.deps.store.collection<PoolEntry>('talentPool').findOne({ id: data.id, containerId: c.id, expires: { $gt: ctx.deps.now() } });
    if (!entry) throw errors.notFound(sv.talentPool.notFound);
    const p = await ctx.deps.store.collection<PositionDoc>('positions').findOne({ id: data.positionId, containerId: c.id }, { projection: { metadata: 0, text: 0 } });
    if (!p || p.deleting) throw errors.notFound();
    if (closedReason(p, ctx.deps.now())) throw errors.conflict(sv.talentPool.positionClosed);
    await inviteToApply(ctx.deps, c, entry, p, positionPublicUrl(ctx.deps.publicUrl ?? '', c, p), ctx.principal.userId);
    return { id: entry.id, positionId: p.id };
  },
};
