import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A webhook receiver on loopback (node:http): records every request and answers as the test
 * says (a status, a redirect, or never: `respond` returns 'hang').
 */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

type Answer = number | 'hang' | { redirect: string };

export interface Receiver {
  url: string;
  received: Received[];
  /** How the next requests are answered (default 200). */
  respond: (r: Received) => Answer;
  /** Waits until `n` requests have arrived (or fails after `ms`). */
  waitFor(n: number, ms?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const hanging: ServerResponse[] = [];
  const receiver: Receiver = {
    url: '',
    received: [],
    respond: () => 200,
    async waitFor(n, ms = 10_000) {
      const until = Date.now() + ms;
      while (receiver.received.length < n) {
        if (Date.now() > until) throw new Error(`expected ${n} webhook requests, got ${receiver.received.length}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return receiver.received;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((res) => server.close(() => res()));
    },
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      receiver.received.push(r);
      const answer = receiver.respond(r);
      if (answer === 'hang') {
        hanging.push(res);
        return;
      }
      if (typeof answer === 'object') {
        res.writeHead(302, { location: answer.redirect }).end();
        return;
      }
      res.writeHead(answer, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((res) => server.listen(0, '127.0.0.1', () => res()));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}
