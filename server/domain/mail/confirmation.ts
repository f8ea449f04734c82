import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../../../engine/fill';
import { escapeHtml } from '../../../engine/sanitize';
import { htmlToText } from '../../../engine';
import { withoutLinkText } from '../../../engine/link-text';
import type { ServerDeps } from '../../base/deps';
import type { Mail } from '../../mail';
import type { Doc } from '../../store/port';
import { newApplicationLink, VIEW_LINK_TTL_SECONDS } from '../../auth/signin';
import { sharedLimiter } from '../../coord/rate-limit';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../core/docs';
import { poolMonthsOf, retentionOf } from '../gdpr/periods';
import { confirmationCounters, composeMail, emailEntry, loggedMail, mergeValues, sendAndLog, sendMail, type EmailLogEntry } from './email';
import { confirmationTemplate } from './email-templates';

/** Confirmation mails per address per hour: the address is whatever the applicant typed. */
const CONFIRMATIONS_PER_ADDRESS = 3;
const FIRSTNAME_MAX = 40;

/**
 * The merge values of the confirmation mail. It goes to an address the applicant typed, so it
 * carries no free text of the applicant's choosing but the first name (plain text, one line,
 * without link-like words, at most 40 characters); everything else the applicant typed is left empty.
 */
function confirmationValues(a: ApplicationDoc, position: Pick<PositionDoc, 'name'>, c: ContainerDoc): Record<string, string> {
  const first = withoutLinkText(htmlToText(a.info?.firstname ?? '')).slice(0, FIRSTNAME_MAX).trim();
  return { ...mergeValues(a, position, c), firstname: first, name: first, lastname: '', email: '', phone: '', city: '' };
}

/** The 'Se din ansökan' block: a one-time sign-in link leading to the applicant's own view. */
function withViewLink(mail: Mail, link: string): Mail {
  const note = fill(sv.signin.viewLinkNote, { hours: String(VIEW_LINK_TTL_SECONDS / 3600) });
  const block = `<p><a href="${escapeHtml(link)}">${escapeHtml(sv.signin.viewLinkLabel)}</a></p><p>${escapeHtml(note)}</p>`;
  return {
    ...mail,
    text: `${mail.text}\n\n${fill(sv.signin.viewLinkText, { link, hours: String(VIEW_LINK_TTL_SECONDS / 3600) })}`,
    html: mail.html?.replace('</body>', `${block}</body>`),
  };
}

/** How long the application is kept (the organisation's period), and the talent-pool consent when given (issue 28). */
function withRetentionNote(mail: Mail, c: ContainerDoc, pooled: boolean): Mail {
  const lines = [fill(sv.retention.mailNote, { months: String(retentionOf(c)) })];
  if (pooled) lines.push(fill(sv.retention.mailNotePool, { months: String(poolMonthsOf(c)) }));
  return { ...mail, text: `${mail.text}\n\n${lines.join('\n\n')}`, html: mail.html?.replace('</body>', `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}</body>`) };
}

/** Whether one more confirmation may go to the address this hour (logged when not). */
async function allowed(deps: ServerDeps, a: ApplicationDoc): Promise<boolean> {
  if (await sharedLimiter(confirmationCounters(deps), 'confirmations', { windowMs: 60 * 60_000, max: CONFIRMATIONS_PER_ADDRESS }).hit(a.email)) return true;
  deps.log.info('confirmation mail skipped: too many to the address', { applicationId: a.id });
  return false;
}

/**
 * The confirmation of an application, made before the application is stored: its log entry
 * (the mail as sent) and its 'Se din ansökan' link go into the same commit as the application
 * (apply.ts), and the mail goes out after the answer (sendStoredConfirmation). Logged after
 * the send instead, each application was written twice: a second commit rewriting its whole
 * document (6.5 KB of a 200-field form, its 10 index entries) for one log line. What a crash
 * between the commit and the send leaves differs: the entry without its mail (before: the
 * mail without its entry); the moment is the same few milliseconds.
 */
interface Confirmation {
  /** Logged with the application: 'Bekräftelse skickad'. */
  entry: EmailLogEntry;
  /** The template's label: the application's `info.emailNotificationSent` is `entry.at`. */
  labelId: number;
  /** The 'Se din ansökan' link, stored with the application. */
  link: { collection: string; doc: Doc };
  mail: Mail;
  logged: { subject: string; body: string };
}

/**
 * The confirmation of `a`, when the container has a template for its default Interest label
 * and the position's type (the demo seed and every new organisation start with the Swedish
 * defaults, default-email-templates.ts). It ends with 'Se din ansökan', the application's own
 * sign-in link (VIEW_LINK_TTL_SECONDS; other applications' links stay alive). Null (logged)
 * when there is none or it cannot be made: never a reason to refuse an application.
 */
export async function prepareConfirmation(deps: ServerDeps, a: ApplicationDoc, p: PositionDoc, c: ContainerDoc, pooled: boolean): Promise<Confirmation | null> {
  try {
    const t = await confirmationTemplate(deps.store, c, p.positionTypeId);
    if (!t) return null;
    const values = confirmationValues(a, p, c);
    const logged = loggedMail(t.subject, t.content, values);
    const link = await newApplicationLink(deps, a);
    const mail = withRetentionNote(withViewLink(composeMail(a.email, t.subject, t.content, values), link.url), c, pooled);
    return { entry: emailEntry(deps.now(), true, logged, { kind: 'confirmation' }), labelId: t.labelId, link: { collection: link.collection, doc: link.doc }, mail, logged };
  } catch (err) {
    deps.log.error('confirmation mail failed', { applicationId: a.id, error: (err as Error).name });
    return null;
  }
}

/**
 * Sends the confirmation of an application stored with it (prepareConfirmation): at most
 * CONFIRMATIONS_PER_ADDRESS an hour to one address. Only when it does not go out is the
 * application written again: a skipped mail's entry (and its unsent link) is taken out, a
 * failed one is logged as failed with the mail ('Skicka igen'). Never throws: the application
 * is already stored.
 */
export async function sendStoredConfirmation(deps: ServerDeps, a: ApplicationDoc, c: ContainerDoc, conf: Confirmation): Promise<void> {
  try {
    const go = await allowed(deps, a);
    if (go && (await sendMail(deps, a, c, conf.mail))) return;
    const apps = deps.store.collection<ApplicationDoc>('applications');
    const { at, what, subject } = conf.entry;
    await apps.updateOne({ id: a.id }, { $pull: { logs: { at, what, subject, ok: true } }, $unset: { 'info.emailNotificationSent': '' } });
    // A skipped mail's link was never sent: it goes (as before, when it was made only for a mail).
    if (!go) return void (await deps.store.collection(conf.link.collection).deleteOne({ tokenHash: conf.link.doc.tokenHash }));
    await apps.updateOne({ id: a.id }, { $push: { logs: emailEntry(deps.now(), false, conf.logged) } });
  } catch (err) {
    deps.log.error('confirmation mail failed', { applicationId: a.id, error: (err as Error).name });
  }
}

/**
 * The confirmation of an application already stored, sent again (and logged once sent): its
 * link is stored alone. Never throws.
 */
export async function sendConfirmation(deps: ServerDeps, a: ApplicationDoc, p: PositionDoc, c: ContainerDoc, pooled = false): Promise<void> {
  const conf = await prepareConfirmation(deps, a, p, c, pooled);
  if (!conf) return;
  try {
    if (!(await allowed(deps, a))) return;
    await deps.store.collection(conf.link.collection).insertOne(conf.link.doc);
    await sendAndLog(deps, a, c, conf.mail, conf.logged, { kind: 'confirmation', templateLabelId: conf.labelId });
  } catch (err) {
    deps.log.error('confirmation mail failed', { applicationId: a.id, error: (err as Error).name });
  }
}
