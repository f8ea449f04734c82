import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import type { ActionData } from '../../../schemas/generated/actions';
import { fill } from '../../../engine/fill';
import type { ServerDeps } from '../../base/deps';
import { errors } from '../../errors';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../core/docs';
import { referenceForm } from '../templates/reference-template';
import { checkReferees, pushLog, requestReferences } from './references';

/**
 * The applicant names their own referees (issue 30 item 3): a writer asks for a number of them
 * (`refereesWanted` on the application, shown on Mina sidor until `named`), the applicant names exactly that
 * many, and each then gets the same mail and single-use link as when a writer enters them
 * (requestReferences). The request is taken by one conditional update, so it is answered once.
 * While anonymous screening hides the application, references are neither asked for nor sent
 * (the rule of server/actions/applicants/references.ts); the callers check it.
 */

const m = sv.references.server;
type Referee = NonNullable<ActionData['create_referenceRequest']['referees']>[number];
type Target = { a: ApplicationDoc; p: PositionDoc; c: ContainerDoc };

const applications = (deps: Pick<ServerDeps, 'store'>) => deps.store.collection<ApplicationDoc>('applications');

/** A writer asks the applicant to name `count` referees on Mina sidor; a later ask replaces an open one. */
export async function askApplicant(deps: ServerDeps, { a, c }: Target, input: { count: number; templateKey?: string }, by: string): Promise<void> {
  await referenceForm(deps, c.id, input.templateKey);
  const at = deps.now();
  const wanted = { count: input.count, at, by, ...(input.templateKey !== undefined ? { templateKey: input.templateKey } : {}) };
  await applications(deps).updateOne({ id: a.id }, { $set: { refereesWanted: wanted } });
  await pushLog(deps, a.id, [{ at, what: 'reference', by, text: input.count === 1 ? m.logAskApplicantOne : fill(m.logAskApplicant, { count: String(input.count) }) }]);
}

/** The applicant names the referees asked for; everything is checked before anything is stored. */
export async function nameReferees(deps: ServerDeps, { a, p, c }: Target, referees: Referee[], applicant: string): Promise<void> {
  const wanted = a.refereesWanted;
  if (!wanted) throw errors.conflict(m.notAsked);
  if (wanted.named !== undefined) throw errors.conflict(m.alreadyNamed);
  if (referees.length !== wanted.count) {
    const message = wanted.count === 1 ? m.wrongCountOne : fill(m.wrongCount, { count: String(wanted.count) });
    throw errors.invalid([{ path: '/referees', message }], message);
  }
  const checked = checkReferees(referees);
  const vague = checked.findIndex((r) => !r.relation);
  if (vague >= 0) throw errors.invalid([{ path: `/referees/${vague}/relation`, message: m.relationMissing }], m.relationMissing);
  const emails = checked.map((r) => r.email);
  const twice = emails.findIndex((e, i) => emails.indexOf(e) !== i);
  if (twice >= 0) throw errors.invalid([{ path: `/referees/${twice}/email`, message: m.sameEmail }], m.sameEmail);
  await referenceForm(deps, c.id, wanted.templateKey);
  // Taken once: of two posts (two tabs), the second finds the request answered.
  const taken = await applications(deps).updateOne({ id: a.id, 'refereesWanted.at': wanted.at, 'refereesWanted.named': { $exists: false } }, { $set: { 'refereesWanted.named': deps.now() } });
  if (!taken) throw errors.conflict(m.alreadyNamed);
  await requestReferences(deps, { a, p, c }, { ...(wanted.templateKey !== undefined ? { templateKey: wanted.templateKey } : {}), referees: checked }, fill(m.byApplicant, { name: applicant }));
}
