import type { ActionContext } from './types';
import type { Reader } from '../domain/gdpr/read-log';

/** Who reads, as the read log records it (server/domain/gdpr/read-log.ts): the caller, the organisation and the role the policy resolved. */
export function readerOf(ctx: ActionContext, containerId?: number): Reader | undefined {
  const id = ctx.resolved.containerId ?? containerId;
  return id === undefined ? undefined : { userId: ctx.principal.userId, containerId: id, role: ctx.resolved.level };
}
