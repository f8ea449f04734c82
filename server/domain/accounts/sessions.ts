import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import type { ServerDeps } from '../../base/deps';
import type { Principal } from '../../base/principal';
import { logout } from '../../auth/account';
import { activeSessions, endAllSessions, endOtherSessions, endSession } from '../../auth/sessions';
import { bumpTokenVersion, findUserById } from '../../auth/users';
import { errors, HttpError } from '../../errors';
import { requireAccess } from './access';

/** The caller's working sessions for Mitt konto, this one marked 'Den här enheten'. */
export async function sessionsOf(deps: Pick<ServerDeps, 'store' | 'now'>, principal: Principal) {
  const user = await findUserById(deps.store, principal.userId);
  if (!user) throw errors.unauthorized();
  const list = await activeSessions(deps.store, user, deps.now());
  return list.map((s) => {
    const current = s.id === principal.sessionId;
    return { id: s.id, device: s.device, network: s.network, created: s.created, lastUsed: s.lastUsed, current, thisDevice: current ? sv.sessions.thisDevice : '' };
  });
}

/** 'Logga ut' on one of the caller's own sessions. */
export async function endOwnSession(deps: Pick<ServerDeps, 'store'>, principal: Principal, id: string) {
  if (!(await endSession(deps.store, principal.userId, id))) throw errors.notFound();
  return { id, deleted: true as const };
}

/**
 * 'Logga ut överallt': ends every session of the caller but this one (a caller whose token has
 * no session record ends all, by the token version). With `userId`, every session of a member
 * of `containerId` whose Administrator the caller is, by the token version as well, so a token
 * from before session records ends too.
 */
export async function endSessionsOf(deps: Pick<ServerDeps, 'store'>, principal: Principal, target: { userId?: number; containerId?: number }) {
  const userId = target.userId ?? principal.userId;
  if (userId === principal.userId) {
    if (principal.sessionId) return { userId, ended: await endOtherSessions(deps.store, userId, principal.sessionId) };
    const ended = await endAllSessions(deps.store, userId);
    await logout(deps, userId);
    return { userId, ended };
  }
  if (target.containerId === undefined) throw errors.invalid([{ path: '/containerId', message: sv.sessions.containerNeeded }], sv.sessions.containerNeeded);
  await requireAccess(deps, principal, 'admin', 'container', { containerId: target.containerId });
  const [user, membership] = await Promise.all([
    findUserById(deps.store, userId),
    deps.store.collection('memberships').findOne({ containerId: target.containerId, userId }),
  ]);
  if (!user || !membership) throw errors.notFound(sv.sessions.notMember);
  if (user.role === 'odin' && !principal.isOdin) throw new HttpError(403, 'forbidden', sv.server.forbidden);
  const ended = await endAllSessions(deps.store, userId);
  await bumpTokenVersion(deps.store, userId);
  return { userId, ended };
}
