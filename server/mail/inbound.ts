import type { AddressInfo } from 'node:net';
import type { SMTPServerDataStream } from 'smtp-server';

/**
 * The one file that imports smtp-server and mailparser: Blankett's inbound SMTP endpoint for
 * replies to mail sent to applicants (SMTP_INBOUND_PORT). It knows nothing of applications:
 * `accepts` says whether an address is one of ours (else 550 at RCPT TO, before any content),
 * `deliver` takes one parsed mail for one accepted address and says whether it was taken
 * (else 550). Mail over `maxBytes` is refused with 552: at MAIL FROM when the client announces
 * its SIZE, otherwise at the end of DATA (smtp-server's `size`), and never buffered past the
 * limit. Unparseable mail and mail of more than MAX_MIME_PARTS parts get 554 (for good: sending
 * it again will not help); `deliver` may answer 'limited' (450: too many replies, try later).
 * At most MAX_CONNECTIONS_PER_IP connections from one address, idle ones closed after `idleMs`.
 * No AUTH (nobody logs in to send us a reply) and no STARTTLS (no certificate of ours;
 * an MTA in front terminates TLS where that is wanted). Both libraries load when the endpoint
 * starts, so a server without SMTP_INBOUND_PORT never loads them (a fifth of a second of start-up).
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
  /** The Authentication-Results headers as they came (the MTA in front adds its own on top). */
  authResults: string[];
}

/** What `deliver` says of one mail for one address: taken, refused for good, or 'limited' (try later). */
export type Delivery = boolean | 'limited';

export interface InboundHandlers {
  accepts(address: string): Promise<boolean>;
  deliver(address: string, mail: InboundMail): Promise<Delivery>;
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

/** Connections at once from one address; more are refused at once with 421 (issue 24: 50 idle ones from one address held every slot). */
export const MAX_CONNECTIONS_PER_IP = 5;
/** MIME parts a reply may have; more are refused before parsing (a reply has a handful). */
const MAX_MIME_PARTS = 100;
/** Lines that open a MIME part ("--boundary"), counted without parsing; an upper bound on the parts. */
function partLines(raw: Buffer): number {
  let n = 0;
  for (let at = raw.indexOf('\n--'); at >= 0 && n <= MAX_MIME_PARTS; at = raw.indexOf('\n--', at + 3)) n++;
  return n;
}

const headerValues = (value: unknown): string[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter((v): v is string => typeof v === 'string');

export async function startInboundSmtp(opts: { port: number; host: string; maxBytes: number; handlers: InboundHandlers; idleMs?: number }): Promise<InboundServer> {
  const { handlers, maxBytes } = opts;
  const [{ SMTPServer }, { simpleParser }] = await Promise.all([import('smtp-server'), import('mailparser')]);
  const perIp = new Map<string, number>();
  // Sessions counted in perIp (onClose runs for refused connections too).
  const counted = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    size: maxBytes,
    maxClients: 500,
    // An idle connection is closed after this long (a sender's MTA sends at once).
    socketTimeout: opts.idleMs ?? 30_000,
    closeTimeout: 1_000,
    onConnect(session, cb) {
      const ip = session.remoteAddress;
      const n = perIp.get(ip) ?? 0;
      if (n >= MAX_CONNECTIONS_PER_IP) return cb(refusal(421, '4.7.0 Too many connections from your address, try again later'));
      perIp.set(ip, n + 1);
      counted.add(session.id);
      cb();
    },
    onClose(session) {
      if (!counted.delete(session.id)) return;
      const ip = session.remoteAddress;
      const n = (perIp.get(ip) ?? 1) - 1;
      if (n > 0) perIp.set(ip, n);
      else perIp.delete(ip);
    },
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
        if (partLines(raw) > MAX_MIME_PARTS) return cb(refusal(554, '5.6.0 Too many MIME parts'));
        let parsed: Awaited<ReturnType<typeof simpleParser>>;
        try {
          parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
        } catch {
          // Sending it again will not make it readable: refused for good, not 451.
          return cb(refusal(554, '5.6.0 Message could not be parsed'));
        }
        const from = parsed.from?.value[0]?.address ?? '';
        const mail: InboundMail = {
          from,
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          ...(typeof parsed.html === 'string' ? { html: parsed.html } : {}),
          authResults: headerValues(parsed.headers.get('authentication-results')),
        };
        let taken = 0;
        let limited = 0;
        for (const rcpt of session.envelope.rcptTo) {
          const d = await handlers.deliver(rcpt.address, mail);
          if (d === 'limited') limited += 1;
          else if (d) taken += 1;
        }
        if (taken > 0) return cb();
        cb(limited > 0 ? refusal(450, '4.7.1 Too many replies from this sender or to this address, try again later') : refusal(550, '5.7.1 Sender not accepted for this address'));
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
