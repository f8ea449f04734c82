import type { ActionTable } from '../../dispatcher/types';
import { candidateEmail } from '../../domain/accounts/candidate';
import type { ContainerDoc } from '../../domain/core/docs';
import { withdrawConsent, type PoolEntry } from '../../domain/gdpr/talent-pool';

/** Mina sidor: the caller's own talent-pool consents, and withdrawing one (issue 28 item 2). */
export const actions: ActionTable = {
  async get_myTalentPool(ctx) {
    if (!ctx.principal.emailProven) return { rows: [] };
    const mine = await ctx.deps.store.collection<PoolEntry>('talentPool').find({ email: candidateEmail(ctx.principal) });
    const names = new Map(
      (await ctx.deps.store.collection<ContainerDoc>('containers').find({ id: { $in: mine.map((e) => e.containerId) } }, { projection: { id: 1, name: 1, displayName: 1 } })).map((c) => [c.id, c.displayName || c.name]),
    );
    return { rows: mine.map((e) => ({ containerId: e.containerId, company: names.get(e.containerId) ?? '', expires: e.expires, consents: e.consents })) };
  },

  delete_myTalentPoolConsent: (ctx, data) => withdrawConsent(ctx.deps, data.containerId, candidateEmail(ctx.principal)),
};
