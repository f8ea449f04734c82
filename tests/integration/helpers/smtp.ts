import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback for the mail tests: it parses every accepted mail with
 * mailparser, can refuse recipients (`refuse = true` → 550) and can be stopped and started
 * again on the same port ("the mail server is down").
 */
export interface TestSmtp {
  port: number;
  url: string;
  mails: ParsedMail[];
  refuse: boolean;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Waits until `n` mails have arrived (or fails after `ms`). */
  waitFor(n: number, ms?: number): Promise<ParsedMail[]>;
}

export async function startSmtp(): Promise<TestSmtp> {
  const mails: ParsedMail[] = [];
  let server: SMTPServer | undefined;
  const state = { refuse: false };
  let port = 0;
  const listen = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      closeTimeout: 200,
      onRcptTo(_address, _session, cb) {
        if (state.refuse) {
          const err = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
          cb(err);
          return;
        }
        cb();
      },
      onData(stream, _session, cb) {
        simpleParser(stream)
          .then((m) => {
            mails.push(m);
            cb();
          })
          .catch(cb);
      },
    });
    await new Promise<void>((res, rej) => {
      server!.once('error', rej);
      server!.listen(port, '127.0.0.1', () => res());
    });
    port = (server.server.address() as AddressInfo).port;
  };
  await listen();
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    get refuse() {
      return state.refuse;
    },
    set refuse(v: boolean) {
      state.refuse = v;
    },
    async stop() {
      await new Promise<void>((res) => server!.close(() => res()));
    },
    start: listen,
    async waitFor(n, ms = 10_000) {
      const until = Date.now() + ms;
      while (mails.length < n) {
        if (Date.now() > until) throw new Error(`expected ${n} mails, got ${mails.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return mails;
    },
  };
}
