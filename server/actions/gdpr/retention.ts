import type { ActionTable } from '../../dispatcher/types';
import { checkMonths, liftLegalHold, listLegalHolds, setLegalHold, type LegalHoldDoc } from '../../domain/gdpr/retention';
import { poolMonthsOf, retentionOf } from '../../domain/gdpr/periods';
import { loadContainer } from '../../domain/organisations/containers';
import { positionNames } from '../../domain/positions/positions';
import type { ServerDeps } from '../../base/deps';
import type { ContainerDoc, PositionDoc } from '../../domain/core/docs';
import { errors } from '../../errors';

/** Retention by purpose and legal holds (issue 28 item 1): the organisation's Administrator. */

async function withNames(deps: ServerDeps, list: LegalHoldDoc[]) {
  const names = await positionNames(deps.store, [...new Set(list.map((h) => h.positionId))]);
  return list.map(({ containerId: _c, _id, ...h }) => ({ ...h, positionName: names.get(h.positionId) ?? '' }));
}

async function settings(deps: ServerDeps, c: ContainerDoc) {
  return { retentionMonths: retentionOf(c), talentPoolMonths: poolMonthsOf(c), holds: await withNames(deps, await listLegalHolds(deps, c.id)) };
}

async function positionOf(deps: ServerDeps, id: number): Promise<PositionDoc> {
  const p = await deps.store.collection<PositionDoc>('positions').findOne({ id }, { projection: { id: 1, containerId: 1 } });
  if (!p) throw errors.notFound();
  return p;
}

export const actions: ActionTable = {
  async get_retentionSettings(ctx, data) {
    return settings(ctx.deps, await loadContainer(ctx.deps.store, data.containerId));
  },

  async update_retentionSettings(ctx, data) {
    checkMonths(data.retentionMonths, '/retentionMonths');
    if (data.talentPoolMonths !== undefined) checkMonths(data.talentPoolMonths, '/talentPoolMonths');
    const set = { retentionMonths: data.retentionMonths, ...(data.talentPoolMonths !== undefined ? { talentPoolMonths: data.talentPoolMonths } : {}) };
    if (!(await ctx.deps.store.collection<ContainerDoc>('containers').updateOne({ id: data.containerId }, { $set: set }))) throw errors.notFound();
    return settings(ctx.deps, await loadContainer(ctx.deps.store, data.containerId));
  },

  async create_legalHold(ctx, data) {
    const hold = await setLegalHold(ctx.deps, await positionOf(ctx.deps, data.positionId), data.reason.trim(), ctx.principal.userId);
    return (await withNames(ctx.deps, [hold]))[0]!;
  },

  async delete_legalHold(ctx, data) {
    const hold = await liftLegalHold(ctx.deps, data.positionId, data.reason.trim(), ctx.principal.userId);
    return (await withNames(ctx.deps, [hold]))[0]!;
  },
};
