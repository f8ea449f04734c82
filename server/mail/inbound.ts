import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';

/**
 * The one file that imports smtp-server and mailparser: Blankett's inbound SMTP endpoint for
 * replies to mail sent to applicants (SMTP_INBOUND_PORT). It knows nothing of applications:
 * `accepts` says whether an address is one of ours (else 550 at RCPT TO, before any content),
 * `deliver` takes one parsed mail for one accepted address and says whether it was taken
 * (else 550). Mail over `maxBytes` is refused with 552: at MAIL FROM when the client announces
 * its SIZE, otherwise at the end of DATA (smtp-server's `size`), and never buffered past the
 * limit. No AUTH (nobody logs in to send us a reply) and no STARTTLS (no certificate of ours;
 * an MTA in front terminates TLS where that is wanted).
 */
export interface InboundMail {
  /** The From header's address (what the sender's mail program shows as the sender). */
  from: string;
  /** The envelope sender (MAIL FROM), often a bounce address. */
  envelopeFrom: string;
  subject: string;
  text: string;
  /** The HTML part as sent (unsanitised): the receiver sanitises or turns it into text. */
  html?: string;
}

export interface InboundHandlers {
  accepts(address: string): Promise<boolean>;
  deliver(address: string, mail: InboundMail): Promise<boolean>;
  /** Errors of the endpoint itself (never a mail's content). */
  onError?(err: Error): void;
}

export interface InboundServer {
  port: number;
  close(): Promise<void>;
}

const refusal = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

/** Reads the message up to `max` bytes; past that it drains the rest and answers null. */
async function readUpTo(stream: SMTPServerDataStream, max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= max) chunks.push(chunk);
  }
  return size > max || stream.sizeExceeded ? null : Buffer.concat(chunks);
}

export async function startInboundSmtp(opts: { port: number; host: string; maxBytes: number; handlers: InboundHandlers }): Promise<InboundServer> {
  const { handlers, maxBytes } = opts;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    size: maxBytes,
    maxClients: 50,
    socketTimeout: 60_000,
    closeTimeout: 1_000,
    onRcptTo(address, session, cb) {
      // One reply goes to one application: a mail to several of our addresses is refused per address.
      if (session.envelope.rcptTo.length >= 5) return cb(refusal(452, '4.5.3 Too many recipients'));
      handlers.accepts(address.address).then(
        (ok) => cb(ok ? undefined : refusal(550, '5.1.1 No such recipient')),
        () => cb(refusal(451, '4.3.0 Temporary failure, try again later')),
      );
    },
    onData(stream, session, cb) {
      (async () => {
        const raw = await readUpTo(stream, maxBytes);
        if (!raw) return cb(refusal(552, '5.3.4 Message too big'));
        const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
        const from = parsed.from?.value[0]?.address ?? '';
        const mail: InboundMail = {
          from,
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          ...(typeof parsed.html === 'string' ? { html: parsed.html } : {}),
        };
        let taken = 0;
        for (const rcpt of session.envelope.rcptTo) if (await handlers.deliver(rcpt.address, mail)) taken += 1;
        cb(taken > 0 ? undefined : refusal(550, '5.7.1 Sender not accepted for this address'));
      })().catch((err: unknown) => {
        handlers.onError?.(err as Error);
        cb(refusal(451, '4.3.0 Temporary failure, try again later'));
      });
    },
  });
  server.on('error', (err) => handlers.onError?.(err));
  await new Promise<void>((res, rej) => {
    server.server.once('error', rej);
    server.listen(opts.port, opts.host, () => res());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((res) => server.close(() => res())),
  };
}
