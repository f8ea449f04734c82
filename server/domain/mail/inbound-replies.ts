import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../../../engine/fill';
import { sanitizeHtml } from '../../../engine/sanitize';
import type { ServerDeps } from '../../base/deps';
import type { Delivery, InboundHandlers, InboundMail } from '../../mail/inbound';
import { MESSAGE_MAX, receiveMailedMessage } from '../chat/chat';
import type { ApplicationDoc, LogEntry } from '../core/docs';
import { confirmationCounters, textOf } from './email';
import { applicationOfReplyAddress } from './reply-addresses';
import { isHiddenApplication } from '../screening/anonymous-screening';

const m = sv.replies;

/** Where the quoted mail starts in a reply ("Den 3 maj 2026 skrev …:", "On … wrote:", an Outlook separator). */
const QUOTE_START = /^(?:(?:den|on)\s.{0,200}\b(?:skrev|wrote)\b.{0,200}:|-{2,}\s*(?:ursprungligt meddelande|original message)\s*-{2,}|_{10,})\s*$/i;

/**
 * The text of a reply as it lands in the conversation: the plain part, or the HTML part
 * sanitised and turned into text (never HTML: a script in a reply is gone before anyone sees
 * it), without the quoted mail under it, at most MESSAGE_MAX characters.
 */
function replyText(mail: Pick<InboundMail, 'text' | 'html'>): string {
  const plain = mail.text.trim() ? mail.text : textOf(sanitizeHtml(mail.html ?? ''));
  const lines: string[] = [];
  for (const line of plain.replace(/\r\n?/g, '\n').split('\n')) {
    if (QUOTE_START.test(line.trim())) break;
    if (line.startsWith('>')) continue;
    lines.push(line.trimEnd());
  }
  const text = lines.join('\n').replace(/\n{3,}/g, '\n\n').trim();
  return text.length > MESSAGE_MAX ? `${text.slice(0, MESSAGE_MAX - 1)}…` : text;
}

export interface ReplyOptions {
  /** SMTP_INBOUND_TRUST_AUTH_RESULTS: the authserv-id of the MTA in front whose DMARC verdict on the From header counts. */
  trustAuthResults?: string;
}

/** Replies an application takes per hour, and replies one sender's address sends per hour (to all its applications). */
export const REPLIES_PER_APPLICATION = 10;
const REPLIES_PER_SENDER = 20;
const HOUR_MS = 60 * 60 * 1000;

const same = (address: string) => address.trim().toLowerCase();

/**
 * Whether the mail comes from the applicant. The From header is whatever the sender typed, so
 * it counts only with the envelope sender (MAIL FROM) the applicant's too, or when the MTA in
 * front (`trustAuthResults`, its authserv-id) says in its own Authentication-Results header —
 * the top one, which it adds above any the sender wrote — that DMARC passed for the From's domain.
 */
function fromApplicant(email: string, mail: InboundMail, trustAuthResults: string | undefined): boolean {
  if (same(mail.from) !== same(email)) return false;
  if (same(mail.envelopeFrom) === same(email)) return true;
  if (!trustAuthResults) return false;
  const top = mail.authResults[0] ?? '';
  const [authserv, ...results] = top.split(';').map((p) => p.trim());
  if (authserv?.split(/\s+/)[0]?.toLowerCase() !== trustAuthResults.toLowerCase()) return false;
  const domain = same(email).split('@')[1] ?? '';
  return results.some((r) => /^dmarc=pass\b/i.test(r) && new RegExp(`\\bheader\\.from=${domain.replace(/\./g, '\\.')}(\\s|$)`, 'i').test(r));
}

/**
 * One reply mail to a reply address: refused (false) when the address is not one we made,
 * its application is gone (withdrawn, deleted), or the sender is not the applicant (the mail
 * is not stored; the log names the application, never an address); 'limited' past
 * REPLIES_PER_APPLICATION or REPLIES_PER_SENDER in an hour (450: the sender's MTA tries later). Accepted: the text is a
 * message from the applicant in their conversation (the recruiters' bell rings through the
 * chat's own notification) and a line in the application's log.
 */
async function receiveReply(deps: ServerDeps, domain: string, opts: ReplyOptions, address: string, mail: InboundMail): Promise<Delivery> {
  const a = await applicationOfReplyAddress(deps, address, domain);
  if (!a) {
    deps.log.info('reply refused: unknown reply address');
    return false;
  }
  if (!fromApplicant(a.email, mail, opts.trustAuthResults)) {
    deps.log.warn('reply refused: sender is not the applicant', { applicationId: a.id });
    return false;
  }
  const counters = confirmationCounters(deps);
  const perApplication = await counters.take(`limit\nreply-app\n${a.id}`, REPLIES_PER_APPLICATION, HOUR_MS);
  const perSender = perApplication.taken ? await counters.take(`limit\nreply-sender\n${same(a.email)}`, REPLIES_PER_SENDER, HOUR_MS) : null;
  if (!perApplication.taken || !perSender?.taken) {
    // Logged once an hour per application, not once per mail: a flood is one line.
    if ((await counters.take(`limit\nreply-logged\n${a.id}`, 1, HOUR_MS)).taken) deps.log.warn('reply refused: too many replies', { applicationId: a.id });
    return 'limited';
  }
  const text = replyText(mail);
  if (!text) {
    deps.log.info('reply dropped: no text', { applicationId: a.id });
    return true;
  }
  try {
    await receiveMailedMessage(deps, a.containerId, a.email, text);
  } catch {
    // The application went while the reply was on its way (the chat refuses it with 404).
    deps.log.info('reply refused: application gone', { applicationId: a.id });
    return false;
  }
  // A reply's subject is staff's subject as the applicant's mail program quoted it, merge values
  // and all ('Re: Hej Anna'): not logged while the application is anonymous (anonymous-screening.ts).
  const hidden = await isHiddenApplication(deps.store, a);
  const subject = hidden ? m.hiddenSubject : mail.subject.replace(/[\r\n]+/g, ' ').trim().slice(0, 200) || m.noSubject;
  const entry: LogEntry = { at: deps.now(), what: 'reply', text: fill(m.logReply, { subject }) };
  await deps.store.collection<ApplicationDoc>('applications').updateOne({ id: a.id }, { $push: { logs: entry } });
  return true;
}

/** The inbound endpoint's handlers for the application's store: addresses at `domain` only. */
export function replyHandlers(deps: ServerDeps, domain: string, opts: ReplyOptions = {}): InboundHandlers {
  return {
    accepts: async (address) => (await applicationOfReplyAddress(deps, address, domain)) !== null,
    deliver: (address, mail) => receiveReply(deps, domain, opts, address, mail),
    onError: (err) => deps.log.warn('inbound smtp error', { error: err.name }),
  };
}
