import { requireAccess } from '../../domain/accounts/access';
import type { ActionTable } from '../../dispatcher/types';
import { errors } from '../../errors';
import { loadContainer } from '../../domain/organisations/containers';
import type { PositionDoc } from '../../domain/core/docs';
import { checkData, compact, PARTNERS, partner, writeOutgoing } from '../../domain/integrations/integrations';
import { orgSettings, positionPartner, positionSettings, saveSetting } from '../../domain/integrations/partner-settings';
import { positionInContainer } from '../../domain/positions/positions';
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };

/**
 * Integrations (spec document 2 §7 "Partners and integrations"). The organisation's settings
 * per partner type (`partnerSettings`: whether the type is in use, and default data such as
 * the sender id and address) and each position's own (`positionPartners`: isChecked = publish
 * the position there, and its data). Publishing writes the outgoing document to the partner
 * outbox (domain/integrations.ts).
 */

export const actions: ActionTable = {
  /** The partner types with the JSON Schema of their fields (what the builder and the forms show). */
  async get_positionsPartnersBuilderQuery() {
    return PARTNERS.map((p) => ({ typeId: p.typeId, name: p.name, schema: p.schema }));
  },

  async get_positionsPartnersSetting(ctx, data) {
    return orgSettings(ctx.deps.store, data.containerId);
  },

  /** The organisation's defaults per type: checked for types and formats, not for required fields. */
  async update_positionPartnerSetting(ctx, data) {
    const found = data.settings.flatMap((s, i) => (partner(s.typeId, `/settings/${i}/typeId`), checkData(s.typeId, compact(s.data), `/settings/${i}/data`, false)));
    if (found.length) throw errors.invalid(found, found[0]!.message);
    for (const s of data.settings) {
      await saveSetting(ctx.deps.store, 'partnerSettings', { containerId: data.containerId, typeId: s.typeId }, { isChecked: s.isChecked ?? false, data: compact(s.data) });
    }
    return orgSettings(ctx.deps.store, data.containerId);
  },

  async get_PositionsPartnersByPositionId(ctx, data) {
    return positionSettings(ctx.deps.store, data.containerId, data.positionId);
  },

  /**
   * Saves a position's partner settings. A checked type must be complete (its schema's required
   * fields, with the organisation's defaults filling in) and is published: the outgoing document
   * goes to the partner outbox. Unchecking a published type writes a withdrawal. Needs write on
   * each position; nothing is stored when any item is refused.
   */
  async update_PositionPartner(ctx, data) {
    const container = await loadContainer(ctx.deps.store, data.containerId);
    const positions = new Map<number, PositionDoc>();
    const found: { path: string; message: string }[] = [];
    for (const [i, s] of data.settings.entries()) {
      partner(s.typeId, `/settings/${i}/typeId`);
      const p = await positionInContainer(ctx.deps.store, container.id, s.positionId!);
      if (!p) throw errors.invalid([{ path: `/settings/${i}/positionId`, message: sv.org.positionNotInContainer }], sv.org.positionNotInContainer);
      await requireAccess(ctx.deps, ctx.principal, 'write', 'position', { positionId: p.id, containerId: container.id });
      positions.set(p.id, p);
      const defaults = (await orgSettings(ctx.deps.store, container.id)).find((o) => o.typeId === s.typeId)!.data;
      found.push(...checkData(s.typeId, { ...defaults, ...compact(s.data) }, `/settings/${i}/data`, s.isChecked === true));
    }
    if (found.length) throw errors.invalid(found, found[0]!.message);
    for (const s of data.settings) {
      const position = positions.get(s.positionId!)!;
      const filter = { containerId: container.id, positionId: position.id, typeId: s.typeId };
      const before = await positionPartner(ctx.deps.store, filter);
      const own = compact(s.data);
      await saveSetting(ctx.deps.store, 'positionPartners', filter, { isChecked: s.isChecked === true, data: own });
      const type = partner(s.typeId, '/settings');
      const defaults = (await orgSettings(ctx.deps.store, container.id)).find((o) => o.typeId === s.typeId)!.data;
      if (s.isChecked) await writeOutgoing(ctx.deps, 'publish', type, container, position, { ...defaults, ...own });
      else if (before?.isChecked) await writeOutgoing(ctx.deps, 'withdraw', type, container, position, { ...defaults, ...own });
    }
    const first = data.settings[0];
    return first ? positionSettings(ctx.deps.store, container.id, first.positionId!) : [];
  },
};
