import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect } from 'node:net';

/**
 * A small round-robin reverse proxy for HTTP and WebSocket upgrades, the load balancer of the
 * scale-out tests and `npm run cluster`: each request or upgrade goes to the next live
 * backend, with X-Forwarded-For / -Proto / -Host set as a real proxy does. A backend that
 * refuses the connection is skipped for that request. Not for production (use nginx, HAProxy
 * or the platform's balancer).
 */
export interface Proxy {
  server: Server;
  url: string;
  /** Which backend served each request, by index (the test can check both were used). */
  served: number[];
  close(): Promise<void>;
}

export interface Backend {
  host: string;
  port: number;
}

const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

function forwarded(headers: IncomingHttpHeaders, remote: string, host: string | undefined): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined && !hopByHop.has(k)) out[k] = v;
  const prior = headers['x-forwarded-for'];
  out['x-forwarded-for'] = prior ? `${String(prior)}, ${remote}` : remote;
  out['x-forwarded-proto'] = 'http';
  if (host) out['x-forwarded-host'] = host;
  return out;
}

export async function startProxy(backends: Backend[], port = 0): Promise<Proxy> {
  let next = 0;
  const served: number[] = [];
  const pick = () => {
    const i = next++ % backends.length;
    return { i, b: backends[i]! };
  };
  const server = createServer((req, res) => {
    const attempt = (tries: number) => {
      const { i, b } = pick();
      const up = request(
        { host: b.host, port: b.port, method: req.method, path: req.url, headers: forwarded(req.headers, req.socket.remoteAddress ?? '', req.headers.host) },
        (answer) => {
          served.push(i);
          const headers = Object.fromEntries(Object.entries(answer.headers).filter(([k]) => !hopByHop.has(k)));
          res.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(res);
        },
      );
      up.on('error', (err: NodeJS.ErrnoException) => {
        // Refused before anything was sent: another backend may answer (the body is still unread).
        if (err.code === 'ECONNREFUSED' && tries + 1 < backends.length && !req.readableEnded) return attempt(tries + 1);
        if (!res.headersSent) res.writeHead(502).end();
        else res.destroy();
      });
      req.pipe(up);
    };
    attempt(0);
  });
  const upgraded = new Set<import('node:stream').Duplex>();
  server.on('upgrade', (req, socket, head) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
    const { i, b } = pick();
    const up = connect({ host: b.host, port: b.port }, () => {
      served.push(i);
      const headers = forwarded(req.headers, req.socket.remoteAddress ?? '', req.headers.host);
      const lines = [`${req.method} ${req.url} HTTP/1.1`, 'Connection: Upgrade', `Upgrade: ${String(req.headers.upgrade)}`];
      for (const [k, v] of Object.entries(headers)) for (const one of Array.isArray(v) ? v : [v]) lines.push(`${k}: ${one}`);
      up.write(lines.join('\r\n') + '\r\n\r\n');
      if (head.length) up.write(head);
      up.pipe(socket);
      socket.pipe(up);
    });
    up.on('error', () => socket.destroy());
    socket.on('error', () => up.destroy());
    up.on('close', () => socket.destroy());
    socket.on('close', () => up.destroy());
  });
  await new Promise<void>((res) => server.listen(port, '127.0.0.1', () => res()));
  const addr = server.address();
  const actual = typeof addr === 'object' && addr ? addr.port : port;
  return {
    server,
    url: `http://127.0.0.1:${actual}`,
    served,
    close: () =>
      new Promise<void>((res) => {
        server.closeAllConnections();
        for (const socket of upgraded) socket.destroy();
        server.close(() => res());
      }),
  };
}
