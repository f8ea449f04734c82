import nodemailer from 'nodemailer';

/**
 * A reply as a mail program sends it: over SMTP to the inbound endpoint on loopback. `envelopeFrom`
 * (MAIL FROM) is the From address unless given; `localAddress` sends from another loopback address.
 */
export async function reply(
  port: number,
  mail: { from: string; to: string; subject?: string; text?: string; html?: string; raw?: string; envelopeFrom?: string; headers?: Record<string, string>; localAddress?: string },
) {
  const { envelopeFrom, localAddress, ...content } = mail;
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, connectionTimeout: 5_000, ...(localAddress ? { localAddress } : {}) });
  const envelope = { from: envelopeFrom ?? bare(mail.from), to: mail.to };
  try {
    return await transport.sendMail(content.raw ? { envelope, raw: content.raw } : { subject: 'Re: Intervju', envelope, ...content });
  } finally {
    transport.close();
  }
}

/** The address in `Name <address>`. */
const bare = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from;

/** The SMTP reply code a send was refused with (0: accepted). */
export const refusalCode = (p: Promise<unknown>) =>
  p.then(
    () => 0,
    (err: { responseCode?: number }) => err.responseCode ?? -1,
  );
