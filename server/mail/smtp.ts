import nodemailer from 'nodemailer';
import { senderOf, type Mail, type Mailer } from '../mail';

/**
 * The one file that imports nodemailer: delivery over SMTP to `SMTP_URL`
 * (`smtp://user:pass@host:port`, `smtps://…` for TLS from the first byte). A pooled
 * transport reuses connections for a bulk send; short timeouts make a dead server fail a
 * send within seconds instead of nodemailer's two minutes, so the caller can log it.
 */
const PING_EVERY_MS = 30_000;

export function createSmtpMailer(smtpUrl: string, from: string): Mailer & { close(): void } {
  const url = new URL(smtpUrl);
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error('SMTP_URL must start with smtp:// or smtps://');
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    pool: true,
    maxConnections: 2,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    // Loopback servers in tests (and internal relays) often have no certificate for their name.
    tls: url.searchParams.get('tls') === 'insecure' ? { rejectUnauthorized: false } : undefined,
  });
  let lastPing: { at: number; failed: boolean; outcome: Promise<unknown> } | undefined;
  return {
    async send(mail: Mail) {
      const sender = senderOf(mail, from);
      await transport.sendMail({
        from: sender.name ? { name: sender.name, address: sender.address } : from,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.calendar ? { icalEvent: { method: mail.calendar.method, content: mail.calendar.content } } : {}),
        ...(mail.attachments?.length || mail.calendar
          ? {
              attachments: [
                ...(mail.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
                ...(mail.calendar ? [{ filename: mail.calendar.method === 'CANCEL' ? 'cancel.ics' : 'invite.ics', contentType: 'application/ics', content: mail.calendar.content }] : []),
              ],
            }
          : {}),
        textEncoding: 'base64',
      });
    },
    ping: () => {
      // A probe every few seconds must not open an SMTP session each time: a verify that
      // succeeded (or is under way) stands for 30 s; one that failed is tried again next time.
      if (lastPing && !lastPing.failed && Date.now() - lastPing.at < PING_EVERY_MS) return lastPing.outcome;
      const current = { at: Date.now(), failed: false, outcome: transport.verify() as Promise<unknown> };
      current.outcome.catch(() => {
        current.failed = true;
      });
      lastPing = current;
      return current.outcome;
    },
    close() {
      transport.close();
    },
  };
}
