import type { ActionTable } from '../../dispatcher/types';
import { endOwnSession, endSessionsOf, sessionsOf } from '../../domain/accounts/sessions';

/** Mitt konto's sessions, and an administrator ending a colleague's (server/domain/accounts/sessions.ts). */
export const actions: ActionTable = {
  get_sessions(ctx) {
    return sessionsOf(ctx.deps, ctx.principal);
  },

  delete_session(ctx, data) {
    return endOwnSession(ctx.deps, ctx.principal, data.id);
  },

  delete_sessions(ctx, data) {
    return endSessionsOf(ctx.deps, ctx.principal, data);
  },
};
