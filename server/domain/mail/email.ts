import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { isValidEmail } from '../../../engine/email';
import { fill } from '../../../engine/fill';
import { escapeHtml, fillHtml, sanitizeHtml, sanitizeHtmlMemo } from '../../../engine/sanitize';
import { errors } from '../../errors';
import type { ServerDeps } from '../../base/deps';
import type { Mail } from '../../mail';
import { loadContainer } from '../organisations/containers';
import type { ApplicationDoc, ContainerDoc, LogEntry, PositionDoc } from '../core/docs';
import { sendAbout } from './mail-copies';
import { withoutLinkText } from '../../../engine/link-text';
import { memoryAttemptCounters, type AttemptCounters } from '../../coord/attempt-counters';
import { replyAddressFor } from './reply-addresses';
import { anonymityOf, anonymousName, isAnonymous } from '../screening/screening';
import { isShielded } from '../applicants/protected-identity';
import { claimTemplateMail } from './template-claims';

const m = sv.mail;
const SEND_CONCURRENCY = 4;

/** A log entry of a mail: `what: 'email'`, the subject, and on failure the mail itself so it can be sent again. */
export interface EmailLogEntry extends LogEntry {
  what: 'email';
  subject: string;
  ok: boolean;
  /** Only on a failed send: the filled HTML body, for 'Skicka igen'. */
  body?: string;
}

export interface Sender {
  givenName: string;
  familyName: string;
  email: string;
}

const who = (p: Sender) => `${p.givenName} ${p.familyName}`.trim() || p.email;

/**
 * The merge values of one applicant (get_TemplateProperties keys). What the applicant typed
 * goes without link-like words (engine/link-text.ts), so no mail carries a link of theirs;
 * `email` is the address the mail goes to, and position and company are staff's.
 */
export function mergeValues(a: ApplicationDoc, position: Pick<PositionDoc, 'name'>, c: ContainerDoc): Record<string, string> {
  const info = a.info ?? ({} as ApplicationDoc['info']);
  const typed = (v: unknown) => (typeof v === 'string' ? withoutLinkText(v) : '');
  return {
    firstname: typed(info.firstname),
    lastname: typed(info.lastname),
    name: typed(info.name),
    email: a.email ?? '',
    phone: typed(info.phone),
    city: typed(info.city),
    position: position.name,
    company: c.displayName || c.name,
  };
}

/**
 * A mail as the application's log keeps it: the template with the person's merge fields left
 * as placeholders ('Hej {firstname}!'), only the position and company filled. The log is read
 * on the applicant page, also while the application is anonymous, and 'Skicka igen' fills it
 * again from the application when it sends.
 */
export function loggedMail(subject: string, body: string, values: Record<string, string>): { subject: string; body: string } {
  const neutral = { position: values.position ?? '', company: values.company ?? '' };
  const escaped = { position: escapeHtml(neutral.position), company: escapeHtml(neutral.company) };
  return { subject: fill(subject, neutral).replace(/[\r\n]+/g, ' ').trim(), body: sanitizeHtmlMemo(fill(body, escaped)) };
}

/** The name an answer gives an applicant: 'Sökande <id>' while their position's anonymous mode hides them (screening.ts). */
function shownName(c: ContainerDoc, p: Pick<PositionDoc, 'anonymous'>, a: ApplicationDoc): string {
  if (isAnonymous(c, anonymityOf(p), a.processLabelId)) return anonymousName(a.id);
  return a.info?.name || a.email || String(a.id);
}

/** Numbers the items of each ordered list ('1. ', '2. ', …); items of other lists get a bullet. */
const numbered = (html: string) =>
  html.replace(/<ol[^>]*>([\s\S]*?)<\/ol>/gi, (_all, items: string) => {
    let n = 0;
    return `<ul>${items.replace(/<li[^>]*>/gi, () => `<li data-n="${(n += 1)}">`)}</ul>`;
  });

/**
 * Plain text of a mail's HTML, as a mail reader without HTML shows it: a paragraph or a list
 * ends in a blank line (so paragraphs stay apart), a line break and a list item in a new line,
 * tags go and entities are read.
 */
export function textOf(html: string): string {
  return numbered(html)
    .replace(/<li([^>]*)>\s*<p[^>]*>/gi, '<li$1>')
    .replace(/<\/p>\s*<\/li>/gi, '</li>')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|ul|ol|h[1-6]|blockquote)>/gi, '\n\n')
    .replace(/<\/li>/gi, '\n')
    .replace(/<li data-n="(\d+)">/gi, '$1. ')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * One mail to one applicant, filled with the applicant's values: values are escaped for the
 * HTML body, which is as safe as the sanitised template (fillHtml: the template is staff HTML).
 */
export function composeMail(to: string, subject: string, body: string, values: Record<string, string>): Mail {
  const html = fillHtml(body, values);
  const wrapped = `<!doctype html><html lang="sv"><head><meta charset="utf-8"></head><body>${html}</body></html>`;
  return { to, subject: fill(subject, values).replace(/[\r\n]+/g, ' ').trim(), text: textOf(html), html: wrapped };
}

export interface SendResult {
  id: number;
  name: string;
  ok: boolean;
}

/** Sends one mail about an application (its copy recorded, mail-copies.ts); false, logged, when the mailer failed. */
export async function sendMail(deps: ServerDeps, a: ApplicationDoc, c: ContainerDoc, mail: Mail): Promise<boolean> {
  try {
    await sendAbout(deps, { containerId: a.containerId, applicationId: a.id }, { ...mail, ...(await senderFields(deps, a, c)) });
    return true;
  } catch (err) {
    deps.log.warn('mail failed', { applicationId: a.id, error: (err as Error).name, code: (err as { code?: string }).code });
    return false;
  }
}

/** The application's log entry of a mail sent (or, `ok` false, of a failed one, which keeps the mail for 'Skicka igen'). */
export function emailEntry(at: number, ok: boolean, logged: { subject: string; body: string }, opts: { by?: string; kind?: 'confirmation' } = {}): EmailLogEntry {
  return {
    at,
    what: 'email',
    ...(opts.by ? { by: opts.by } : {}),
    text: fill(ok ? (opts.kind === 'confirmation' ? m.logConfirmation : m.logSent) : m.logFailed, { subject: logged.subject }),
    subject: logged.subject,
    ok,
    // `logged`: the template as it may be kept (no merge values of the person, never the confirmation's sign-in link).
    ...(ok ? {} : { body: logged.body }),
  };
}

/**
 * Sends one mail and records it in the application's log whatever happens: a failure is
 * logged with the mail (so 'Skicka igen' can send it again) and never thrown, as the spec
 * says ("email-send failures are only logged"). A send from a label's template also sets
 * `info.emailNotificationSent` (unix seconds).
 */
export async function sendAndLog(
  deps: ServerDeps,
  a: ApplicationDoc,
  c: ContainerDoc,
  mail: Mail,
  logged: { subject: string; body: string },
  opts: { by?: string; templateLabelId?: number; kind?: 'confirmation'; name?: string } = {},
): Promise<SendResult> {
  const ok = await sendMail(deps, a, c, mail);
  const at = deps.now();
  const update: Record<string, unknown> = { $push: { logs: emailEntry(at, ok, logged, opts) } };
  if (ok && opts.templateLabelId !== undefined) update.$set = { 'info.emailNotificationSent': at };
  await deps.store.collection<ApplicationDoc>('applications').updateOne({ id: a.id }, update);
  return { id: a.id, name: opts.name ?? a.id.toString(), ok };
}

/**
 * Mail to an applicant comes from the organisation (its display name before MAIL_FROM's
 * address) and answers to the application's reply address when inbound mail is configured
 * (server/mail/inbound.ts), otherwise to the organisation's contact email, if it has one.
 * Every mail to an applicant goes through here (staff's mail, the confirmation, the chat notice).
 */
export async function senderFields(deps: ServerDeps, a: Pick<ApplicationDoc, 'id' | 'containerId'>, c: ContainerDoc): Promise<Pick<Mail, 'fromName' | 'replyTo'>> {
  const fromName = c.displayName || c.name;
  if (deps.replyDomain) return { fromName, replyTo: await replyAddressFor(deps, a, deps.replyDomain) };
  // The organisation's contact email: its company profile's (Företagsprofil), else the container's own.
  const given = [c.profile?.email, c.email].find((e): e is string => typeof e === 'string' && e.trim() !== '');
  const own = given?.trim() ?? '';
  return { fromName, ...(own && isValidEmail(own) ? { replyTo: own } : {}) };
}

export interface SendInput {
  subject: string;
  body: string;
  /** The label whose template this mail came from (records emailNotificationSent). */
  labelId?: number;
}

function checkMail(input: SendInput): void {
  if (!input.subject.trim()) throw errors.invalid([{ path: '/subject', message: m.subjectMissing }], m.subjectMissing);
  if (!sanitizeHtml(input.body).replace(/<[^>]*>/g, '').trim()) throw errors.invalid([{ path: '/body', message: m.bodyMissing }], m.bodyMissing);
}

async function positionOf(deps: ServerDeps, id: number): Promise<PositionDoc> {
  const p = await deps.store.collection<PositionDoc>('positions').findOne({ id }, { projection: { metadata: 0 } });
  if (!p) throw errors.notFound();
  return p;
}

/** send_email: one applicant, to the address staff confirmed in the dialog (`level`: the caller's role in the organisation). */
export async function sendToOne(deps: ServerDeps, sender: Sender, a: ApplicationDoc, email: string, input: SendInput, level?: string) {
  checkMail(input);
  const [c, p] = await Promise.all([loadContainer(deps.store, a.containerId), positionOf(deps, a.positionId)]);
  // While the application is anonymous staff cannot know its address, and a guessed one answered
  // from would tie the person to it: the mail goes to the application's own address. So too for
  // protected identity (protected-identity.ts): only administrators see, and may change, the address.
  const to = isAnonymous(c, anonymityOf(p), a.processLabelId) || isShielded(a, level) ? a.email : email.trim();
  const noEmail = fill(m.noEmail, { name: shownName(c, p, a) });
  if (!to) throw errors.invalid([{ path: '/email', message: noEmail }], noEmail);
  if (!isValidEmail(to)) throw errors.invalid([{ path: '/email', message: m.emailInvalid }], m.emailInvalid);
  const values = { ...mergeValues(a, p, c), email: to };
  const mail = composeMail(to, input.subject, input.body, values);
  const claim = input.labelId !== undefined ? await claimTemplateMail(deps.store, c, a, input.labelId) : null;
  if (claim && !claim.ok) return { sent: [], failed: [], missingEmail: [], alreadySent: [{ id: a.id, name: shownName(c, p, a) }] };
  const r = await sendAndLog(deps, a, c, mail, loggedMail(input.subject, input.body, values), { by: who(sender), templateLabelId: input.labelId, name: shownName(c, p, a) });
  if (!r.ok) await claim?.release();
  return { sent: r.ok ? [r.id] : [], failed: r.ok ? [] : [{ id: r.id, name: r.name }], missingEmail: [] };
}

/**
 * send_emailToApplicants: every recipient must be an application of the position (else 404
 * and nothing is sent). Applicants without a usable address are reported by name and the
 * others are sent, four at a time, each result in its own log.
 */
export async function sendToMany(deps: ServerDeps, sender: Sender, positionId: number, ids: number[], input: SendInput) {
  checkMail(input);
  const p = await positionOf(deps, positionId);
  const c = await loadContainer(deps.store, p.containerId);
  const apps = await deps.store
    .collection<ApplicationDoc>('applications')
    .find({ id: { $in: ids }, positionId }, { projection: { notes: 0, logs: 0, metadata: 0, files: 0 } });
  if (apps.length !== new Set(ids).size) throw errors.notFound(m.recipientsGone);
  const sent: number[] = [];
  const failed: { id: number; name: string }[] = [];
  const missingEmail: { id: number; name: string }[] = [];
  const alreadySent: { id: number; name: string }[] = [];
  const queue: ApplicationDoc[] = [];
  for (const a of apps) {
    if (!a.email || !isValidEmail(a.email)) missingEmail.push({ id: a.id, name: shownName(c, p, a) });
    else queue.push(a);
  }
  // A few sends at a time: the SMTP pool has two connections and each send also writes a log.
  const worker = async () => {
    for (let a = queue.shift(); a; a = queue.shift()) {
      // A label's template goes once per arrival on the label (template-claims.ts).
      const claim = input.labelId !== undefined ? await claimTemplateMail(deps.store, c, a, input.labelId) : null;
      if (claim && !claim.ok) {
        alreadySent.push({ id: a.id, name: shownName(c, p, a) });
        continue;
      }
      const values = mergeValues(a, p, c);
      const r = await sendAndLog(deps, a, c, composeMail(a.email, input.subject, input.body, values), loggedMail(input.subject, input.body, values), {
        by: who(sender),
        templateLabelId: input.labelId,
        name: shownName(c, p, a),
      });
      if (r.ok) sent.push(r.id);
      else {
        failed.push({ id: r.id, name: r.name });
        await claim?.release();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, queue.length) }, worker));
  return { sent, failed, missingEmail, ...(alreadySent.length ? { alreadySent } : {}) };
}

const ownCounters = new WeakMap<object, AttemptCounters>();
/** The app's shared counters (across instances with REDIS_URL); deps built without them count per store. */
export const confirmationCounters = (deps: ServerDeps): AttemptCounters => {
  if (deps.coord) return deps.coord.counters;
  let c = ownCounters.get(deps.store);
  if (!c) ownCounters.set(deps.store, (c = memoryAttemptCounters()));
  return c;
};
