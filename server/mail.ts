import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from './store/atomic-file';

export interface Mail {
  to: string;
  subject: string;
  /** The plain-text body (always sent; mail readers without HTML show it). */
  text: string;
  /** An HTML alternative, already sanitised by the caller. */
  html?: string;
  /** The sender's display name (the organisation's) in front of the MAIL_FROM address. */
  fromName?: string;
  /** Where an answer goes (a per-application reply address, or the organisation's contact email). */
  replyTo?: string;
  /** Files sent with the mail (e.g. a PDF); the mail is then multipart/mixed. */
  attachments?: MailAttachment[];
  /**
   * A calendar invitation (iMIP, RFC 6047): sent as a `text/calendar; method=…` alternative
   * beside the text (and HTML), and once more as an `invite.ics` attachment for readers that
   * only show attachments (server/mail/icalendar.ts builds the content).
   */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string };
}

interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface Mailer {
  /**
   * Resolves once the mail is handed over (outbox file written, or SMTP server accepted it);
   * throws otherwise. Answers the name of the copy it kept, if it keeps one (the file outbox),
   * so the caller can record which application the copy belongs to (server/domain/mail-copies.ts).
   * `copy`: the name `newCopy` gave, which the copy is then kept under.
   */
  send(mail: Mail, copy?: string): Promise<string | void>;
  /**
   * A fresh name for a kept copy (only mailers that keep one). A caller that records copies takes
   * the name first, records it, then passes it to `send`: a crash between the two then leaves a
   * record without its copy (which every removal path passes over), never a copy no removal path
   * can find.
   */
  newCopy?(): string;
  /** Removes one kept copy by the name `send` answered; false when there was none. */
  drop?(copy: string): Promise<boolean>;
  /**
   * Removes every kept copy of mail to this address and says how many: used when a candidate
   * account goes with nothing of its address left anywhere (server/domain/gdpr.ts). The file
   * outbox keeps copies; SMTP hands mail over and keeps nothing, so it has no forget.
   */
  forget?(email: string): Promise<number>;
  /** Resolves while the mail server answers (SMTP only; GET /api/health reports it as `smtp`). */
  ping?(): Promise<unknown>;
}

/** The name of a kept copy: `<ms>-<12 hex>.eml`. */
const COPY_NAME = /^\d{1,16}-[0-9a-f]{12}\.eml$/;

export const FROM = 'Blankett <no-reply@blankett.local>';

/** RFC 2047 encoded-word, so Swedish subjects survive any mail reader. */
function encodeHeader(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/** Header values never carry a line break (header injection). */
const oneLine = (v: string) => v.replace(/[\r\n]+/g, ' ');

const base64Body = (text: string) => Buffer.from(text, 'utf8').toString('base64').replace(/.{76}/g, '$&\r\n');

/** The bare address of a `Name <address>` (or a bare address). */
export const addressOf = (from: string) => (/<([^>]+)>\s*$/.exec(from)?.[1] ?? from).trim();

/**
 * The From of one mail: MAIL_FROM's address, under the mail's own sender name when it has
 * one (the organisation's display name, quoted and encoded, so a name cannot add a header
 * or a second address).
 */
export function senderOf(mail: Pick<Mail, 'fromName'>, from = FROM): { name?: string; address: string; header: string } {
  const name = mail.fromName?.replace(/[\r\n"\\<>]+/g, ' ').trim();
  const address = addressOf(from);
  if (!name) return { address, header: from };
  return { name, address, header: `${/^[\x20-\x7e]*$/.test(name) ? `"${name}"` : encodeHeader(name)} <${address}>` };
}

/** A fresh copy name `<ms>-<12 hex>.eml` (composeEml's, and a mailer's `newCopy`). */
export const newCopyName = (): string => `${Date.now()}-${randomBytes(6).toString('hex')}.eml`;

/**
 * One mail as an RFC 5322 message (UTF-8, base64 body) and the name its kept copy gets: `name`
 * when given (one newCopyName made), else a fresh one.
 */
export function composeEml(mail: Mail, from = FROM, name?: string): { name: string; eml: string } {
  const id = (name !== undefined && isCopyName(name) ? name : newCopyName()).slice(0, -'.eml'.length);
  const head = [
    `From: ${oneLine(senderOf(mail, from).header)}`,
    `To: ${oneLine(mail.to)}`,
    ...(mail.replyTo ? [`Reply-To: ${oneLine(mail.replyTo)}`] : []),
    `Subject: ${encodeHeader(oneLine(mail.subject))}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${id}@blankett.local>`,
    'MIME-Version: 1.0',
  ];
  let body: string[];
  if (mail.calendar) {
    body = calendarBody(mail, mail.calendar);
  } else if (mail.html === undefined) {
    body = ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: base64', '', base64Body(mail.text), ''];
  } else {
    const boundary = `=_blankett_${randomBytes(12).toString('hex')}`;
    const part = (type: string, text: string) => [
      `--${boundary}`,
      `Content-Type: ${type}; charset=utf-8`,
      'Content-Transfer-Encoding: base64',
      '',
      base64Body(text),
    ];
    body = [
      `Content-Type: multipart/alternative; boundary="${boundary}"`,
      '',
      ...part('text/plain', mail.text),
      ...part('text/html', mail.html),
      `--${boundary}--`,
      '',
    ];
  }
  const files = [...(mail.attachments ?? []), ...(mail.calendar ? [icsFile(mail.calendar)] : [])];
  if (files.length) body = withAttachments(body, files);
  return { name: `${id}.eml`, eml: [...head, ...body].join('\r\n') };
}

/** The invitation again as a file, for mail readers that only offer attachments. */
const icsFile = (c: NonNullable<Mail['calendar']>): MailAttachment => ({
  filename: c.method === 'CANCEL' ? 'cancel.ics' : 'invite.ics',
  contentType: `application/ics`,
  content: Buffer.from(c.content, 'utf8'),
});

/** multipart/alternative of the text, the HTML (if any) and the calendar part (RFC 6047 2.4). */
function calendarBody(mail: Mail, c: NonNullable<Mail['calendar']>): string[] {
  const boundary = `=_blankett_${randomBytes(12).toString('hex')}`;
  const part = (type: string, text: string) => [`--${boundary}`, `Content-Type: ${type}`, 'Content-Transfer-Encoding: base64', '', base64Body(text)];
  return [
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    ...part('text/plain; charset=utf-8', mail.text),
    ...(mail.html === undefined ? [] : part('text/html; charset=utf-8', mail.html)),
    ...part(`text/calendar; method=${c.method}; charset=UTF-8`, c.content),
    `--${boundary}--`,
    '',
  ];
}

/** The body (its own Content-Type lines first) wrapped as the first part of a multipart/mixed, the files after it. */
function withAttachments(body: string[], files: MailAttachment[]): string[] {
  const boundary = `=_blankett_mixed_${randomBytes(12).toString('hex')}`;
  const name = (f: MailAttachment) => encodeHeader(oneLine(f.filename).replace(/["\\]/g, ''));
  return [
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    ...body,
    ...files.flatMap((f) => [
      `--${boundary}`,
      `Content-Type: ${oneLine(f.contentType)}; name="${name(f)}"`,
      'Content-Transfer-Encoding: base64',
      `Content-Disposition: attachment; filename="${name(f)}"`,
      '',
      f.content.toString('base64').replace(/.{76}/g, '$&\r\n'),
    ]),
    `--${boundary}--`,
    '',
  ];
}

/** Whether a kept copy is a mail to `email` (its To header, bare or in angle brackets). */
function isMailTo(eml: string, email: string): boolean {
  const to = `to: ${oneLine(email).trim().toLowerCase()}`;
  const address = to.slice(4);
  const header = eml.slice(0, eml.indexOf('\r\n\r\n') >>> 0).toLowerCase().split('\r\n');
  return header.some((line) => line.trim() === to || (line.startsWith('to:') && line.includes(`<${address}>`)));
}

/** Only a name `composeEml` made: never a path out of the outbox. */
export const isCopyName = (copy: string) => COPY_NAME.test(copy);

/**
 * The mail adapter with a file transport: each mail becomes one RFC 5322 message
 * `DATA_DIR/outbox/<time>-<random>.eml` (UTF-8, base64 body) that any mail client opens and
 * an operator can hand to a real MTA. A text-only mail is one part; with `html` it is
 * multipart/alternative (text, then HTML). SMTP delivery is `createSmtpMailer`; in Mongo
 * mode the outbox is a collection instead (mail/store-outbox.ts).
 */
export function createFileMailer(dataDir: string, from = FROM): Mailer {
  const outbox = join(dataDir, 'outbox');
  let made = false;
  const makeOutbox = async () => {
    await mkdir(outbox, { recursive: true, mode: 0o700 });
    made = true;
  };
  return {
    newCopy: newCopyName,
    async send(mail, copy) {
      const { name, eml } = composeEml(mail, from, copy);
      // The folder is made once, and again should it have gone: a mkdir before every mail was
      // 3 % of an application's server CPU (scripts/bench/server-apply.ts).
      if (!made) await makeOutbox();
      try {
        await writeFileAtomic(join(outbox, name), eml);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        await makeOutbox();
        await writeFileAtomic(join(outbox, name), eml);
      }
      return name;
    },
    async drop(copy) {
      if (!isCopyName(copy)) return false;
      return unlink(join(outbox, copy)).then(
        () => true,
        () => false,
      );
    },
    async forget(email) {
      let files: string[];
      try {
        files = (await readdir(outbox)).filter((f) => f.endsWith('.eml'));
      } catch {
        return 0;
      }
      let removed = 0;
      for (const f of files) {
        const text = await readFile(join(outbox, f), 'utf8').catch(() => '');
        if (isMailTo(text, email)) {
          await unlink(join(outbox, f)).catch(() => undefined);
          removed += 1;
        }
      }
      return removed;
    },
  };
}
