import type { ActionTable } from '../../dispatcher/types';
import { candidateEmail, mayActAsCandidate } from '../../domain/accounts/candidate';
import { consentsOf, withdrawConsent } from '../../domain/gdpr/talent-pool';

/** Mina sidor: the caller's own talent-pool consents, and withdrawing one (issue 28 item 2). */
export const actions: ActionTable = {
  get_myTalentPool: async (ctx) => ({ rows: mayActAsCandidate(ctx.principal) ? await consentsOf(ctx.deps, candidateEmail(ctx.principal)) : [] }),

  delete_myTalentPoolConsent: (ctx, data) => withdrawConsent(ctx.deps, data.containerId, candidateEmail(ctx.principal)),
};
