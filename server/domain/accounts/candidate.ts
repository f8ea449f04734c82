import { hasAccess } from './access';
import type { ServerDeps } from '../../base/deps';
import type { Principal } from '../../base/principal';
import { errors, HttpError } from '../../errors';
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { applicationsByEmail } from '../applicants/applicants';
import { removeApplications } from '../gdpr/removal';
import { requestMerits } from '../applicants/merits';
import { loadContainer } from '../organisations/containers';
import type { ApplicationDoc, ContainerDoc } from '../core/docs';
import { enqueueApplicationEvents } from '../webhooks/outbox';

/**
 * The candidate area's server side. A candidate is any logged-in user without a right in the
 * organisation: they see and withdraw only the applications made with their account's email.
 * Staff keep their view of anyone's applications (the applicant page's "Ansökta tjänster").
 */

/** 403 `email_unproven` with the Swedish explanation: the candidate area's answer to an unproven caller. */
export const emailUnproven = () => new HttpError(403, 'email_unproven', sv.signin.unproven);

/**
 * The caller's email as a candidate: only once the account's owner has followed a link
 * mailed to it. Until then the candidate area shows and changes nothing about anyone.
 */
export function candidateEmail(p: Principal): string {
  // The organisation's provider vouched for staff of that organisation, not for the person's own applications.
  if (p.sso !== undefined) throw new HttpError(403, 'sso_session', sv.sso.candidateArea);
  if (!p.emailProven) throw emailUnproven();
  return p.email.toLowerCase();
}

/** Whether the caller may act as the applicant of what their address applied with (candidateEmail would answer, not refuse). */
export const mayActAsCandidate = (p: Principal): boolean => p.sso === undefined && p.emailProven === true;

const own = (p: Principal, email: string) => candidateEmail(p) === email.trim().toLowerCase();

/** get_applicantPositions for staff (read right) and for the candidate themself; 403 for anyone else's email. */
export async function applicantPositionsFor(deps: ServerDeps, p: Principal, containerId: number, email: string) {
  if (!(await deps.store.collection('containers').findOne({ id: containerId }, { projection: { id: 1 } }))) throw errors.notFound();
  if (await hasAccess(deps, p, 'read', 'container', { containerId })) return applicationsByEmail(deps, containerId, email);
  if (!own(p, email)) throw errors.forbidden();
  return (await applicationsByEmail(deps, containerId, email, false)).map(candidateView);
}

const OWN_INFO = new Set(['firstname', 'lastname', 'name', 'email', 'address', 'zipCode', 'city', 'phone', 'dateOfBirth', 'gender', 'age']);

/**
 * The applicant's own view of an application (schemas/answers/candidate-application.json),
 * built from a list of what it may carry, so a staff field added to the list item never
 * reaches a candidate: where it stands (the Process level), never staff's Interest label or
 * its id, notes or their count.
 */
function candidateView(a: Awaited<ReturnType<typeof applicationsByEmail>>[number]) {
  const info = Object.fromEntries(Object.entries(a.info).filter(([k]) => OWN_INFO.has(k))) as Pick<typeof a.info, 'firstname' | 'lastname' | 'name' | 'email'>;
  return {
    own: true as const,
    id: a.id,
    created: a.created,
    containerId: a.containerId,
    positionId: a.positionId,
    position: a.position,
    email: a.email,
    info,
    metadata: withoutFileUrls(a.metadata),
    processLabelId: a.processLabelId,
    labels: a.labels.filter((l) => l.labelType === 'Process').map((l) => ({ id: l.id, name: l.name, labelType: 'Process' as const })),
    files: a.files.map((f) => ({ filename: f.filename, type: f.type, ...(typeof f.size === 'number' ? { size: f.size } : {}) })),
  };
}

/** Answers with file lists stripped to their names and types (the storage url is staff's download link). */
function withoutFileUrls(metadata: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(metadata).map(([k, v]) => [
      k,
      Array.isArray(v) && v.every((f) => f && typeof f === 'object' && 'filename' in f) ? v.map((f: { filename: unknown; type?: unknown }) => ({ filename: f.filename, type: f.type })) : v,
    ]),
  );
}

/** The organisations the caller has applied to (the candidate area's choice of organisation). */
export async function myContainers(deps: ServerDeps, p: Principal) {
  const apps = await deps.store.collection<ApplicationDoc>('applications').find({ email: candidateEmail(p) }, { projection: { containerId: 1 }, limit: 1000 });
  const ids = [...new Set(apps.map((a) => a.containerId))];
  const list = ids.length ? await deps.store.collection<ContainerDoc>('containers').find({ id: { $in: ids } }, { sort: { id: 1 } }) : [];
  return list.map((c) => ({ id: c.id, name: c.name, displayName: c.displayName ?? c.name }));
}

/**
 * The organisation a sign-in link asked for from its candidate pages (`?org=`), by name, when the
 * address has applied there: its mail then speaks in the employer's name. Otherwise null (the
 * product's own mail), so no one gets a mail in the name of an organisation they never applied to.
 */
export async function employerOfApplicant(deps: Pick<ServerDeps, 'store'>, email: string, containerId: number): Promise<{ id: number; name: string } | null> {
  const applied = await deps.store.collection<ApplicationDoc>('applications').findOne({ containerId, email: email.trim().toLowerCase() }, { projection: { id: 1 } });
  if (!applied) return null;
  const c = await deps.store.collection<ContainerDoc>('containers').findOne({ id: containerId });
  return c ? { id: c.id, name: c.displayName || c.name } : null;
}

/** Withdraws one of the caller's own applications; anyone else's is a 404. */
export async function withdrawApplication(deps: ServerDeps, p: Principal, id: number) {
  candidateEmail(p);
  const a = await deps.store.collection<ApplicationDoc>('applications').findOne({ id });
  if (!a || !own(p, a.email)) throw errors.notFound();
  await removeApplications(deps, [a]);
  await enqueueApplicationEvents(deps, 'application.withdrawn', [a]);
  return { id };
}

/** The candidate asks for 'Uppgift om meriter' about one of their own applications (domain/applicants/merits.ts). */
export async function meritRequest(deps: ServerDeps, p: Principal, id: number) {
  candidateEmail(p);
  const a = await deps.store.collection<ApplicationDoc>('applications').findOne({ id }, { projection: { notes: 0, logs: 0 } });
  if (!a || !own(p, a.email)) throw errors.notFound();
  return requestMerits(deps, await loadContainer(deps.store, a.containerId), a);
}
