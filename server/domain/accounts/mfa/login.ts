import type { ServerDeps } from '../../../base/deps';
import type { UserDoc } from '../../../auth/users';
import { factorsOf, mfaOf, type Factor } from './factors';
import { staffMustUseMfa } from './policy';
import { issueTicket } from './tickets';

type SecondStep = { mfa: Factor[]; ticket: string } | { mfaEnrolmentRequired: true; ticket: string };

/**
 * What a right password (or sign-in link) leads to instead of a session, if anything: the
 * factors to choose from with a ticket, or, for someone who must have a factor and has none,
 * a ticket that only enrolling TOTP turns into a session. Null: no second step.
 */
export async function secondStepOf(deps: Pick<ServerDeps, 'store' | 'now'>, user: UserDoc): Promise<SecondStep | null> {
  const factors = factorsOf(await mfaOf(deps.store, user.id));
  if (factors.length) return { mfa: factors, ticket: await issueTicket(deps, user, 'login') };
  if (await staffMustUseMfa(deps, user.id)) return { mfaEnrolmentRequired: true, ticket: await issueTicket(deps, user, 'enrol') };
  return null;
}
