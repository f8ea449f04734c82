import { createFileMailer, FROM, type Mailer } from '../mail';
import { createSmtpMailer } from './smtp';

/**
 * The portal's mailer: SMTP delivery when `SMTP_URL` is set, otherwise the file outbox
 * (zero setup). Password reset, invitations and mails to applicants all go through it.
 */
export function createMailer(config: { dataDir: string; smtpUrl?: string; mailFrom?: string }, outbox?: (from: string) => Mailer): Mailer {
  const from = config.mailFrom || FROM;
  if (config.smtpUrl) return createSmtpMailer(config.smtpUrl, from);
  return outbox ? outbox(from) : createFileMailer(config.dataDir, from);
}
