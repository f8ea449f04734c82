import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { assertPublicUrl, UnsafeUrlError } from '../base/public-address';
import { pinnedLookup } from '../base/pinned-fetch';
import type { DeliveryError } from '../domain/webhooks/outbox';

/**
 * One try of one webhook delivery, by the Standard Webhooks specification: a POST of the
 * JSON body with `webhook-id`, `webhook-timestamp` (unix seconds) and `webhook-signature`
 * (`v1,` + base64 HMAC-SHA256 of `id.timestamp.body`, keyed with the secret's decoded bytes).
 * The URL is checked again on every try (a name's address may have changed since it was
 * saved) and the connection goes to the address checked, never to a fresh lookup. Redirects
 * are not followed (a 3xx is a failed try), and the receiver has `timeoutMs` to answer.
 */

export type TryOutcome = { ok: true; status: number } | { ok: false; status: number | null; error: DeliveryError };

/** `v1,<base64>`: the signature of one try. */
function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The most of an answer's body that is read (and thrown away). */
const MAX_ANSWER_BYTES = 64 * 1024;

export async function sendOnce(
  target: { url: string; secret: string },
  msg: { id: string; body: string; timestamp: number },
  opts: { allowPrivate: boolean; timeoutMs: number },
): Promise<TryOutcome> {
  let checked;
  try {
    checked = await assertPublicUrl(target.url, { allowPrivate: opts.allowPrivate });
  } catch (err) {
    if (err instanceof UnsafeUrlError) return { ok: false, status: null, error: 'address' };
    throw err;
  }
  const { url, address, family } = checked;
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<TryOutcome>((resolve) => {
    let settled = false;
    const finish = (o: TryOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(o);
    };
    const req = request(
      url,
      {
        method: 'POST',
        lookup: pinnedLookup(address, family),
        agent: false,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Blankett-Webhooks/1',
          'webhook-id': msg.id,
          'webhook-timestamp': String(msg.timestamp),
          'webhook-signature': signature(target.secret, msg.id, msg.timestamp, msg.body),
          'content-length': Buffer.byteLength(msg.body),
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) res.destroy();
        });
        const done = () => {
          if (status >= 200 && status < 300) finish({ ok: true, status });
          else finish({ ok: false, status, error: status >= 300 && status < 400 ? 'redirect' : 'status' });
        };
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    // One deadline for connecting, sending and the whole answer.
    const timer = setTimeout(() => {
      finish({ ok: false, status: null, error: 'timeout' });
      req.destroy();
    }, opts.timeoutMs);
    req.on('error', () => finish({ ok: false, status: null, error: 'network' }));
    req.end(msg.body);
  });
}
