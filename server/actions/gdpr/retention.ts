import type { ActionTable } from '../../dispatcher/types';
import { liftLegalHold, listLegalHolds, setLegalHold, setRetentionMonths, type LegalHoldDoc } from '../../domain/gdpr/retention';
import { poolMonthsOf, retentionOf } from '../../domain/gdpr/periods';
import { loadContainer } from '../../domain/organisations/containers';
import { loadPosition, positionNames } from '../../domain/positions/positions';
import type { ServerDeps } from '../../base/deps';
import type { ContainerDoc } from '../../domain/core/docs';

/** Retention by purpose and legal holds (issue 28 item 1): the organisation's Administrator. */

async function withNames(deps: ServerDeps, list: LegalHoldDoc[]) {
  const names = await positionNames(deps.store, [...new Set(list.map((h) => h.positionId))]);
  return list.map(({ containerId: _c, _id, ...h }) => ({ ...h, positionName: names.get(h.positionId) ?? '' }));
}

async function settings(deps: ServerDeps, c: ContainerDoc) {
  return { retentionMonths: retentionOf(c), talentPoolMonths: poolMonthsOf(c), holds: await withNames(deps, await listLegalHolds(deps, c.id)) };
}

export const actions: ActionTable = {
  async get_retentionSettings(ctx, data) {
    return settings(ctx.deps, await loadContainer(ctx.deps.store, data.containerId));
  },

  async update_retentionSettings(ctx, data) {
    await setRetentionMonths(ctx.deps, data.containerId, data.retentionMonths, data.talentPoolMonths);
    return settings(ctx.deps, await loadContainer(ctx.deps.store, data.containerId));
  },

  async create_legalHold(ctx, data) {
    const hold = await setLegalHold(ctx.deps, await loadPosition(ctx.deps.store, data.positionId), data.reason.trim(), ctx.principal.userId);
    return (await withNames(ctx.deps, [hold]))[0]!;
  },

  async delete_legalHold(ctx, data) {
    const hold = await liftLegalHold(ctx.deps, data.positionId, data.reason.trim(), ctx.principal.userId);
    return (await withNames(ctx.deps, [hold]))[0]!;
  },
};
