import { request as httpRequest } from 'node:http';

/**
 * Form bodies built to cost a parser (issue 24), and a poster that sends them with the
 * organisation's Host (fetch cannot set it). Also run as a process of its own by
 * form-flood.ts: one client flooding the no-script apply form.
 */
export interface Body {
  type: string;
  data: Buffer;
}

export const urlencoded = (pairs: number): Body => ({ type: 'application/x-www-form-urlencoded', data: Buffer.from(Array.from({ length: pairs }, (_, i) => `f${i}=x`).join('&')) });

export function multipart(parts: { name: string; value: string | Buffer }[]): Body {
  const boundary = 'blankettgrans';
  const chunks: Buffer[] = [];
  for (const p of parts) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n`), Buffer.from(p.value), Buffer.from('\r\n'));
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { type: `multipart/form-data; boundary=${boundary}`, data: Buffer.concat(chunks) };
}

/** The three bodies of the issue: 400,000 pairs, 150,000 parts, a 31 MB text field. */
export const costlyBodies = (): Record<'pairs' | 'parts' | 'longField', Body> => ({
  pairs: urlencoded(400_000),
  parts: multipart(Array.from({ length: 150_000 }, (_, i) => ({ name: `f${i}`, value: 'x' }))),
  longField: multipart([{ name: 'form_firstname', value: Buffer.alloc(31 * 1024 * 1024, 'a') }]),
});

export interface Got {
  status: number;
  text: string;
  ms: number;
}

/**
 * One request to `base` with the demo organisation's Host. Resolves with the answer as soon as
 * it is read, even when the server then cuts a refused upload (an error after the answer is ignored).
 */
export function send(base: string, method: string, path: string, body?: Body): Promise<Got> {
  const url = new URL(base);
  const started = performance.now();
  return new Promise((done, fail) => {
    let answered = false;
    const req = httpRequest(
      {
        hostname: url.hostname,
        port: url.port,
        path,
        method,
        agent: false,
        headers: { host: `demo.localhost:${url.port}`, ...(body ? { 'content-type': body.type, 'content-length': body.data.length } : {}) },
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        const settle = () => done({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started });
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', settle);
        // The upload cut after the answer (EPIPE on the body still being written): the answer stands.
        res.on('error', settle);
      },
    );
    req.on('error', (err) => {
      if (!answered) fail(err);
    });
    req.end(body?.data);
  });
}
