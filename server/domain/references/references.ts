import { randomBytes } from 'node:crypto';
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import type { ActionAnswer, ActionData } from '../../../schemas/generated/actions';
import type { Reference } from '../../../schemas/generated/entities';
import { isValidEmail } from '../../../engine/email';
import { fill } from '../../../engine/fill';
import { htmlToText } from '../../../engine/sanitize';
import { formatStockholmDate } from '../../../engine/dates';
import type { ServerDeps } from '../../base/deps';
import { sha256 } from '../../auth/signin';
import { errors } from '../../errors';
import type { Doc } from '../../store/port';
import type { ApplicationDoc, ContainerDoc, LogEntry, PositionDoc } from '../core/docs';
import { composeMail } from '../mail/email';
import { sendAbout } from '../mail/mail-copies';
import { referenceForm } from '../templates/reference-template';

/**
 * References (issue 30 item 3). A writer asks referees about an application; each referee gets
 * one `references` document (schemas/entities/reference.json) holding a copy of the reference
 * form sent and the sha256 of a single-use token, and a mail with the link
 * `PUBLIC_URL/referens#token=…` (the fragment never reaches a server log). The public page
 * (server/routes/references.ts, screens/public/ReferencePage.tsx) opens the form with the token
 * and answers it once, before it expires; the answer lands on the applicant page and in the log.
 */

const m = sv.references.server;

/** How long a referee's link works. */
const REFERENCE_TTL_SECONDS = 14 * 24 * 60 * 60;

export type ReferenceDoc = Reference & Doc;
type View = ActionAnswer['get_references'];
type Referee = NonNullable<ActionData['create_referenceRequest']['referees']>[number];

export const referencesOf = (deps: Pick<ServerDeps, 'store'>) => deps.store.collection<ReferenceDoc>('references');

/** A staff-typed or referee-typed text as plain text: markup is dropped by the one sanitiser (engine/sanitize.ts), line breaks kept. */
export const plainText = (v: string, max = 10_000): string =>
  v
    .slice(0, max)
    .split(/\r?\n/)
    .map((line) => htmlToText(line))
    .join('\n')
    .trim();

/** The referees as stored (trimmed, markup dropped), or a refusal in Swedish naming the first bad one. */
export function checkReferees(list: Referee[]): Referee[] {
  return list.map((r, i) => {
    const name = plainText(r.name, 200);
    const email = r.email.trim().toLowerCase();
    if (!name) throw errors.invalid([{ path: `/referees/${i}/name`, message: m.nameMissing }], m.nameMissing);
    if (!isValidEmail(email)) throw errors.invalid([{ path: `/referees/${i}/email`, message: m.badEmail }], m.badEmail);
    const phone = plainText(r.phone ?? '', 40);
    const relation = plainText(r.relation ?? '', 200);
    return { name, email, ...(phone ? { phone } : {}), ...(relation ? { relation } : {}) };
  });
}

function statusOf(doc: ReferenceDoc, now: number): View[number]['status'] {
  if (doc.answers) return 'answered';
  return doc.expires < now ? 'expired' : 'sent';
}

/** The references of one application, oldest first (get_references). */
export async function referencesView(deps: Pick<ServerDeps, 'store' | 'now'>, applicationId: number): Promise<View> {
  const now = deps.now();
  const docs = await referencesOf(deps).find({ applicationId }, { sort: { id: 1 } });
  return docs.map((d) => ({
    id: d.id,
    referee: d.referee,
    status: statusOf(d, now),
    formName: d.form.name,
    metadata: d.form.metadata,
    ...(d.answers ? { answers: d.answers } : {}),
    ...(d.answered !== undefined ? { answered: d.answered } : {}),
    created: d.created,
    expires: d.expires,
    by: d.by,
  }));
}

export async function pushLog(deps: ServerDeps, applicationId: number, entries: LogEntry[]): Promise<void> {
  for (const entry of entries) await deps.store.collection<ApplicationDoc>('applications').updateOne({ id: applicationId }, { $push: { logs: entry } });
}

/**
 * Asks each referee (create_referenceRequest): everything is checked before anything is stored;
 * then one document and one mail per referee, and a log line each. A mail that fails is logged
 * as failed; the link stays valid (the writer can see the referee as 'Skickad' and ask again).
 */
export async function requestReferences(
  deps: ServerDeps,
  target: { a: ApplicationDoc; p: PositionDoc; c: ContainerDoc },
  input: { templateKey?: string; referees: Referee[] },
  by: string,
): Promise<View> {
  const { a, p, c } = target;
  const referees = checkReferees(input.referees);
  const form = await referenceForm(deps, c.id, input.templateKey);
  const company = c.displayName || c.name;
  const applicant = a.info?.name || a.email;
  const logs: LogEntry[] = [];
  for (const referee of referees) {
    const token = randomBytes(32).toString('base64url');
    const now = deps.now();
    const doc: ReferenceDoc = {
      id: await deps.store.nextSequence('references'),
      containerId: c.id,
      positionId: p.id,
      applicationId: a.id,
      referee,
      form,
      tokenHash: sha256(token),
      expires: now + REFERENCE_TTL_SECONDS,
      created: now,
      by,
    };
    await referencesOf(deps).insertOne(doc);
    const link = `${deps.publicUrl ?? ''}/referens#token=${token}`;
    const values = { referee: referee.name, applicant, position: p.name, company, link, date: formatStockholmDate(doc.expires) };
    const mail = composeMail(referee.email, m.mailSubject, m.mailBody, values);
    let ok = true;
    try {
      await sendAbout(deps, { containerId: c.id, applicationId: a.id }, { ...mail, fromName: company });
    } catch (err) {
      ok = false;
      deps.log.warn('reference mail failed', { applicationId: a.id, error: (err as Error).name });
    }
    const text = fill(m.logAsked, { name: referee.name });
    logs.push({ at: now, what: 'reference', by, text: ok ? text : `${text} (${m.mailFailed})` });
  }
  await pushLog(deps, a.id, logs);
  return referencesView(deps, a.id);
}
