import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

const FROM = 'Blankett <no-reply@blankett.local>';

/** RFC 2047 encoded-word, so Swedish subjects survive any mail reader. */
function encodeHeader(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/** Header values never carry a line break (header injection). */
const oneLine = (v: string) => v.replace(/[\r\n]+/g, ' ');

/**
 * The mail adapter with a file transport: each mail becomes one RFC 5322 message
 * `DATA_DIR/outbox/<time>-<random>.eml` (UTF-8, base64 body) that any mail client opens and
 * an operator can hand to a real MTA. Real SMTP delivery is out of scope; another transport
 * only has to implement `Mailer`.
 */
export function createFileMailer(dataDir: string): Mailer {
  const outbox = join(dataDir, 'outbox');
  return {
    async send(mail) {
      await mkdir(outbox, { recursive: true, mode: 0o700 });
      const id = `${Date.now()}-${randomBytes(6).toString('hex')}`;
      const message = [
        `From: ${FROM}`,
        `To: ${oneLine(mail.to)}`,
        `Subject: ${encodeHeader(oneLine(mail.subject))}`,
        `Date: ${new Date().toUTCString()}`,
        `Message-ID: <${id}@blankett.local>`,
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: base64',
        '',
        Buffer.from(mail.text, 'utf8').toString('base64').replace(/.{76}/g, '$&\r\n'),
        '',
      ].join('\r\n');
      await writeFile(join(outbox, `${id}.eml`), message, { mode: 0o600 });
    },
  };
}
