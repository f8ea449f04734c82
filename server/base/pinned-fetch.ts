import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { assertPublicUrl, type Resolve } from './public-address';

/**
 * A fetch for requests to addresses someone else chose (an organisation's OpenID provider): the
 * URL is checked (server/base/public-address.ts) and the connection goes to the address that
 * was checked, never to a second lookup. A name that answers a public address to the check and
 * an internal one a moment later (DNS rebinding) reaches nothing inside. Redirects are not
 * followed, the answer is read up to `maxBytes`, and the whole request has `timeoutMs`.
 */
export interface PinnedFetchOptions {
  allowPrivate: boolean;
  timeoutMs: number;
  maxBytes?: number;
  /** Name resolution (tests); the system's by default. */
  resolve?: Resolve;
}

/** A lookup that answers the checked address whatever is asked. */
export function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return (_host, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

function headersOf(raw: IncomingHttpHeaders): Headers {
  const h = new Headers();
  for (const [k, v] of Object.entries(raw)) {
    if (v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) h.append(k, one);
  }
  return h;
}

async function bodyOf(body: RequestInit['body']): Promise<Buffer | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof URLSearchParams) return Buffer.from(body.toString());
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  return Buffer.from(await new Response(body).arrayBuffer());
}

export async function pinnedFetch(input: string | URL, init: RequestInit, opts: PinnedFetchOptions): Promise<Response> {
  const { url, address, family } = await assertPublicUrl(String(input), { allowPrivate: opts.allowPrivate, resolve: opts.resolve });
  const body = await bodyOf(init.body);
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((v, k) => (headers[k] = v));
  if (body && !headers['content-type'] && init.body instanceof URLSearchParams) headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
  if (body) headers['content-length'] = String(body.length);
  const max = opts.maxBytes ?? 1024 * 1024;
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Response>((resolve, reject) => {
    let settled = false;
    // As fetch does: a request that gets no answer fails with a TypeError (the reason as its cause).
    const fail = (e: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      reject(new TypeError('fetch failed', { cause: e }));
    };
    const req = request(url, { method: init.method ?? 'GET', headers, lookup: pinnedLookup(address, family), agent: false }, (res) => {
      const chunks: Buffer[] = [];
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > max) return fail(new Error('answer too large'));
        chunks.push(chunk);
      });
      res.on('error', fail);
      res.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        const status = res.statusCode ?? 0;
        // A Response may carry no body for these statuses.
        const empty = status === 204 || status === 205 || status === 304;
        resolve(new Response(empty ? null : Buffer.concat(chunks), { status, statusText: res.statusMessage, headers: headersOf(res.headers) }));
      });
    });
    const timer = setTimeout(() => fail(new Error('timeout')), opts.timeoutMs);
    init.signal?.addEventListener('abort', () => fail(new Error('aborted')), { once: true });
    req.on('error', fail);
    req.end(body);
  });
}
