import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import type { ActionData } from '../../../schemas/generated/actions';
import type { ServerDeps } from '../../base/deps';
import type { Principal } from '../../base/principal';
import { errors } from '../../errors';
import type { ApplicationDoc } from '../core/docs';
import { bookMine, cancelMine, myInterviews } from '../interviews/booking';
import { loadContainer } from '../organisations/containers';
import { loadPosition } from '../positions/positions';
import { nameReferees } from '../references/applicant';
import { anonymityOf, isAnonymous } from '../screening/screening';
import { candidateEmail } from './candidate';

/**
 * What the employer asks of the applicant on Mina sidor, per application (issue 30 items 1
 * and 3): the interview times offered or booked, with 'Boka om' and 'Avboka' through the same
 * domain functions as the mailed booking page, and the referees asked for. Only the applicant
 * whose proven address made the application; anyone else's, or a withdrawn one (removed), is 404.
 */

type Referee = ActionData['create_myReferees']['referees'][number];

async function ownApplication(deps: ServerDeps, p: Principal, id: number) {
  const email = candidateEmail(p);
  const a = await deps.store.collection<ApplicationDoc>('applications').findOne({ id }, { projection: { notes: 0, logs: 0 } });
  if (!a || a.email.trim().toLowerCase() !== email) throw errors.notFound(sv.references.server.applicationGoneApplicant);
  const position = await loadPosition(deps.store, a.positionId);
  const c = await loadContainer(deps.store, a.containerId);
  return { a, p: position, c, hidden: isAnonymous(c, anonymityOf(position), a.processLabelId) };
}

/** get_myApplicationTasks: the application's interviews and the referees asked for (none while hidden). */
export async function applicationTasks(deps: ServerDeps, principal: Principal, id: number) {
  const { a, hidden } = await ownApplication(deps, principal, id);
  const wanted = a.refereesWanted;
  return {
    id: a.id,
    interviews: await myInterviews(deps, a),
    refereesWanted: wanted && wanted.named === undefined && !hidden ? wanted.count : null,
  };
}

/** update_myInterview: books or moves to another of the times offered. */
export async function rebookMine(deps: ServerDeps, principal: Principal, data: { id: number; interviewId: number; slotId: number }) {
  const { a } = await ownApplication(deps, principal, data.id);
  await bookMine(deps, a, data.interviewId, data.slotId);
  return applicationTasks(deps, principal, a.id);
}

/** delete_myInterview: cancels the booked time. */
export async function cancelMyInterview(deps: ServerDeps, principal: Principal, data: { id: number; interviewId: number }) {
  const { a } = await ownApplication(deps, principal, data.id);
  await cancelMine(deps, a, data.interviewId);
  return applicationTasks(deps, principal, a.id);
}

/** create_myReferees: the applicant names the referees asked for. */
export async function nameMyReferees(deps: ServerDeps, principal: Principal, data: { id: number; referees: Referee[] }) {
  const target = await ownApplication(deps, principal, data.id);
  if (target.hidden) throw errors.conflict(sv.references.server.anonymousApplicant);
  const name = (typeof target.a.info?.name === 'string' && target.a.info.name.trim()) || `${principal.givenName} ${principal.familyName}`.trim() || principal.email;
  await nameReferees(deps, target, data.referees, name);
  return applicationTasks(deps, principal, target.a.id);
}
