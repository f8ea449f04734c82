import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import type { GetMeritDisclosureAnswer } from '../../../schemas/generated/actions';
import { replaceEmails } from '../../../engine/email';
import { fill } from '../../../engine/fill';
import { fixedKeyOf } from '../../../engine/answer-kinds';
import type { ServerDeps } from '../../base/deps';
import { errors } from '../../errors';
import type { ApplicationDoc, ContainerDoc, LogEntry, PositionDoc, PositionFormDoc } from '../core/docs';
import { answerColumns, answerText, type AnswerColumn } from '../exports/exports';
import type { PdfLine } from '../exports/text-pdf';
import { sendAbout } from '../mail/mail-copies';
import { criteriaOf } from './scorecards';

/**
 * 'Uppgift om meriter' (diskrimineringslagen 2 kap. 4 §, issue 28 item 6): an applicant who was
 * not hired may ask for the education, experience and other merits of the person who was. The
 * hired are the position's applicants on the Process level 'Anställd'. Their merits are their
 * answers to the fields that are not person fields (no field type with a fixed key: name,
 * personnummer, address, contact) and hold no files, with every identifying value they gave
 * (name, e-mail, phone, personnummer, address) struck from the text; plus the position's
 * criteria. A writer sees it, chooses the fields, and it is mailed (text and PDF) to the
 * requester and logged on the requester's application.
 */
const m = sv.merits;
const HIRED = 'anställd';
const STRUCK = m.struck;

/** The review a writer sees (get_meritDisclosure's answer, generated from its schema). */
type MeritPreview = GetMeritDisclosureAnswer;
type Merit = MeritPreview['hired'][number]['merits'][number];

const refuse = (path: string, message: string): never => {
  throw errors.invalid([{ path, message }], message);
};

/** Keys of person fields (a field type with a fixed key) in any version of the position's form. */
async function personKeys(deps: ServerDeps, p: PositionDoc): Promise<Set<string>> {
  const versions = await deps.store.collection<PositionFormDoc>('positionForms').find({ positionId: p.id }, { projection: { metadata: 1 } });
  const props = [p.metadata ?? [], ...versions.map((v) => v.metadata ?? [])].flat();
  return new Set(props.filter((x) => fixedKeyOf(x.type) !== undefined).map((x) => x.key));
}

/** Every identifying value of a person, longest first, for striking from text. */
function identityOf(a: ApplicationDoc, persons: Set<string>): string[] {
  const values = [a.email, ...Object.values(a.info ?? {}), ...[...persons].map((k) => a.metadata?.[k])];
  const words = values.flatMap((v) => (typeof v === 'string' ? [v, ...v.split(/\s+/)] : [])).map((v) => v.trim());
  return [...new Set(words.filter((v) => v.length >= 2))].sort((x, y) => y.length - x.length);
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NUMBERISH = /\+?\d[\d\s-]{5,}\d/g;

/** The text with the person's identifying values, any e-mail address and any long number (phone, personnummer) struck. */
function strike(text: string, identity: readonly string[]): string {
  let out = replaceEmails(text, STRUCK).replace(NUMBERISH, STRUCK);
  for (const v of identity) out = out.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(v)}(?![\\p{L}\\p{N}])`, 'giu'), STRUCK);
  return out;
}

function isHired(c: ContainerDoc, a: Pick<ApplicationDoc, 'processLabelId'>): boolean {
  const l = (c.labels ?? []).find((x) => x.id === a.processLabelId);
  return !!l && l.labelType === 'Process' && l.name.trim().toLocaleLowerCase('sv') === HIRED;
}

async function hiredOf(deps: ServerDeps, c: ContainerDoc, p: PositionDoc): Promise<ApplicationDoc[]> {
  const ids = (c.labels ?? []).filter((l) => isHired(c, { processLabelId: l.id })).map((l) => l.id);
  if (ids.length === 0) return [];
  return deps.store.collection<ApplicationDoc>('applications').find({ positionId: p.id, processLabelId: { $in: ids } }, { sort: { id: 1 }, limit: 20, projection: { notes: 0, logs: 0 } });
}

function meritsOf(a: ApplicationDoc, columns: AnswerColumn[], persons: Set<string>): Merit[] {
  const identity = identityOf(a, persons);
  return columns
    .filter((col) => !persons.has(col.key) && col.kind !== 'files')
    .flatMap((col) => {
      const text = answerText(col, a.metadata?.[col.key]).trim();
      return text ? [{ key: col.key, label: col.label, text: strike(text, identity) }] : [];
    });
}

/** The disclosure a writer reviews, for the requester's application `r`; refused (400, Swedish) when nobody is hired or `r` was. */
export async function meritPreview(deps: ServerDeps, c: ContainerDoc, p: PositionDoc, r: ApplicationDoc): Promise<MeritPreview & { identities: string[][] }> {
  if (isHired(c, r)) refuse('/id', m.requesterHired);
  const hired = await hiredOf(deps, c, p);
  if (hired.length === 0) refuse('/id', fill(m.noHire, { position: p.name }));
  const [columns, persons, criteria] = await Promise.all([answerColumns(deps.store, p), personKeys(deps, p), criteriaOf(deps, p)]);
  return {
    position: p.name,
    organisation: c.displayName || c.name,
    requester: { id: r.id },
    hired: hired.map((h) => ({ merits: meritsOf(h, columns, persons) })),
    criteria: criteria.criteria.map((x) => x.name),
    identities: hired.map((h) => identityOf(h, persons)),
  };
}

/** The letter as paragraphs (the mail's text and the PDF's lines alike). */
function letter(view: MeritPreview, keys: ReadonlySet<string>, note: string): PdfLine[] {
  const lines: PdfLine[] = [
    { text: fill(m.intro, { position: view.position, organisation: view.organisation }) },
  ];
  view.hired.forEach((h, i) => {
    lines.push({ text: view.hired.length > 1 ? fill(m.hiredNumbered, { n: i + 1 }) : m.hiredHeading, bold: true });
    const chosen = h.merits.filter((x) => keys.has(x.key));
    if (chosen.length === 0) lines.push({ text: m.noMerits });
    for (const x of chosen) lines.push({ text: `${x.label}: ${x.text}` });
  });
  if (view.criteria.length) lines.push({ text: m.criteriaHeading, bold: true }, { text: view.criteria.join(', ') });
  if (note) lines.push({ text: m.noteHeading, bold: true }, { text: note });
  lines.push({ text: m.closing });
  return lines;
}

/**
 * Sends the disclosure to the requester (text and PDF), with the merits of the fields `keys`
 * and the writer's `note` (identifying values of the hired struck from it too), and logs it on
 * the requester's application. Answers what was sent.
 */
export async function sendMerits(deps: ServerDeps, by: string, c: ContainerDoc, p: PositionDoc, r: ApplicationDoc, keys: string[], note = '') {
  const view = await meritPreview(deps, c, p, r);
  const known = new Set(view.hired.flatMap((h) => h.merits.map((x) => x.key)));
  keys.forEach((k, i) => {
    if (!known.has(k)) refuse(`/keys/${i}`, m.unknownKey);
  });
  const clean = view.identities.reduce((t, id) => strike(t, id), note.trim());
  const lines = letter(view, new Set(keys), clean);
  const subject = fill(m.subject, { position: view.position });
  const text = [m.title, '', ...lines.map((l) => (l.bold ? `\n${l.text}` : l.text))].join('\n');
  // pdfkit and the fonts load with the first PDF, not with every start-up.
  const { textPdf } = await import('../exports/text-pdf');
  const pdf = await textPdf(m.title, lines);
  await sendAbout(deps, { containerId: c.id, applicationId: r.id }, {
    to: r.email,
    subject,
    text,
    fromName: view.organisation,
    attachments: [{ filename: m.fileName, contentType: 'application/pdf', content: pdf }],
  });
  const log: LogEntry = { at: deps.now(), what: 'merits', by, text: m.logSent };
  await deps.store.collection<ApplicationDoc>('applications').updateOne({ id: r.id }, { $push: { logs: log } });
  return { id: r.id, text };
}

/** The requester's own ask, from Mina sidor: logged on their application for staff to act on. */
export async function requestMerits(deps: ServerDeps, c: ContainerDoc, r: ApplicationDoc) {
  if (isHired(c, r)) refuse('/id', m.requesterHired);
  const log: LogEntry = { at: deps.now(), what: 'meritRequest', text: m.logRequested };
  await deps.store.collection<ApplicationDoc>('applications').updateOne({ id: r.id }, { $push: { logs: log } });
  return { id: r.id, requested: true };
}
