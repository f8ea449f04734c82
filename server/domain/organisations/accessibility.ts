import product from '../../../schemas/accessibility-checks.json' with { type: 'json' };
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../../../engine/fill';
import { isValidEmail } from '../../../engine/email';
import type { ServerDeps } from '../../base/deps';
import { errors } from '../../errors';
import type { ContainerDoc } from '../core/docs';

/**
 * The accessibility statement (tillgänglighetsredogörelse, issue 28 item 7, after DIGG's model):
 * the organisation's parts (compliance, what is not accessible and why, how and when it was
 * assessed, where reports go) in `accessibilityStatements`, one per organisation, edited by
 * its administrators; the product's part from schemas/accessibility-checks.json, the file the
 * product's WCAG tests run from. Reports of a problem are kept in `accessibilityReports` and
 * mailed as plain text (no HTML part: script in a report stays inert text) to the
 * organisation's address.
 */
const m = sv.accessibility;
type Compliance = 'full' | 'partial' | 'none';

/** What the organisation writes in its statement. */
export interface StatementParts {
  compliance: Compliance;
  nonAccessible: string;
  assessment: string;
  assessedOn: string;
  contactEmail: string;
}

export type StatementDoc = StatementParts & { [k: string]: unknown; containerId: number; updated: number };

const statements = (deps: Pick<ServerDeps, 'store'>) => deps.store.collection<StatementDoc>('accessibilityStatements');

/** The organisation's parts as stored, or the defaults until an administrator has saved them. */
export async function statementOf(deps: Pick<ServerDeps, 'store'>, containerId: number): Promise<StatementParts & { containerId: number; updated: number | null }> {
  const own = await statements(deps).findOne({ containerId });
  return {
    containerId,
    compliance: own?.compliance ?? 'partial',
    nonAccessible: own?.nonAccessible ?? '',
    assessment: own?.assessment ?? '',
    assessedOn: own?.assessedOn ?? '',
    contactEmail: own?.contactEmail ?? '',
    updated: own?.updated ?? null,
  };
}

const refuse = (path: string, message: string): never => {
  throw errors.invalid([{ path, message }], message);
};

/** Saves the organisation's parts (administrators); a bad date or address is a 400, nothing saved. */
export async function saveStatement(deps: ServerDeps, containerId: number, input: StatementParts) {
  const assessedOn = input.assessedOn.trim();
  if (assessedOn && (!/^\d{4}-\d{2}-\d{2}$/.test(assessedOn) || Number.isNaN(Date.parse(`${assessedOn}T00:00:00Z`)))) refuse('/assessedOn', m.badDate);
  const contactEmail = input.contactEmail.trim().toLowerCase();
  if (contactEmail && !isValidEmail(contactEmail)) refuse('/contactEmail', m.badEmail);
  const doc: StatementDoc = {
    containerId,
    compliance: input.compliance,
    nonAccessible: input.nonAccessible.trim(),
    assessment: input.assessment.trim(),
    assessedOn,
    contactEmail,
    updated: deps.now(),
  };
  await statements(deps).updateOne({ containerId }, { $set: doc }, { upsert: true });
  return statementOf(deps, containerId);
}

const reviewedAt = Math.floor(Date.parse(`${product.reviewed}T00:00:00Z`) / 1000);

/** The product's part, as every statement shows it. */
const productPart = () => ({ standard: product.standard, method: product.method, reviewed: product.reviewed, pages: product.pages.map((p) => p.name), checks: product.checks.map((c) => c.name), known: product.known });

/** The statement a public page shows: the organisation's parts (null on the portal), the product's part, last updated. */
export async function publicStatement(deps: Pick<ServerDeps, 'store'>, c: ContainerDoc | null) {
  const own = c ? await statementOf(deps, c.id) : null;
  const reportTo = own ? own.contactEmail || (typeof c?.profile?.email === 'string' ? c.profile.email : '') : '';
  return {
    organisation: c ? c.displayName || c.name : null,
    name: c?.name ?? null,
    compliance: own?.compliance ?? 'partial',
    nonAccessible: own?.nonAccessible ?? '',
    assessment: own?.assessment ?? '',
    assessedOn: own?.assessedOn ?? '',
    canReport: !!reportTo,
    updated: Math.max(own?.updated ?? 0, reviewedAt),
    product: productPart(),
  };
}

/**
 * A visitor's report of an accessibility problem: kept, then mailed as plain text to the
 * organisation's address (the statement's, else the profile's). No address: 409 in Swedish,
 * nothing kept.
 */
export async function reportProblem(deps: ServerDeps, c: ContainerDoc, input: { text: string; email?: string; page?: string }) {
  const own = await statementOf(deps, c.id);
  const to = own.contactEmail || (typeof c.profile?.email === 'string' ? c.profile.email : '');
  if (!to) throw errors.conflict(m.noAddress);
  const text = input.text.trim();
  if (!text) refuse('/data/text', m.emptyReport);
  const email = input.email?.trim().toLowerCase() ?? '';
  if (email && !isValidEmail(email)) refuse('/data/email', m.badEmail);
  const page = (input.page ?? '').trim().slice(0, 500);
  const id = await deps.store.nextSequence('accessibilityReports');
  await deps.store.collection('accessibilityReports').insertOne({ id, containerId: c.id, text, email, page, created: deps.now() });
  const organisation = c.displayName || c.name;
  await deps.mail.send({
    to,
    subject: fill(m.reportSubject, { organisation }),
    text: fill(m.reportBody, { organisation, page: page || '–', email: email || m.noReplyAddress, text }),
    ...(email ? { replyTo: email } : {}),
  });
  return { id, received: true, message: fill(m.reportThanks, { organisation }) };
}

/** The organisation's reports, newest first (administrators). */
export async function reportsOf(deps: Pick<ServerDeps, 'store'>, containerId: number) {
  const found = await deps.store.collection<{ id: number; text: string; email: string; page: string; created: number }>('accessibilityReports').find({ containerId }, { sort: { id: -1 }, limit: 200 });
  return found.map((r) => ({ id: r.id, text: r.text, email: r.email, page: r.page, created: r.created }));
}
