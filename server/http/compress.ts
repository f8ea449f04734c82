import { existsSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Stream } from 'node:stream';
import type { Context, Middleware } from 'koa';

/**
 * Compression of what the server sends as files or pages: brotli when the client accepts it,
 * else gzip, for text types (HTML, JS, CSS, JSON, SVG, plain text). Hashed assets are
 * compressed once at the highest level (precompressed by the build as `<file>.br`/`.gz`,
 * else on first request) and kept; pages are compressed per response at a fast level.
 */

export type Encoding = 'br' | 'gzip';

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
/** Below this a compressed body saves less than its headers cost. */
const MIN_BYTES = 512;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export function compressible(type: string, size: number): boolean {
  return size >= MIN_BYTES && COMPRESSIBLE.test(type);
}

/** The encoding to answer with (brotli preferred), or null for identity. Adds Vary. */
export function pickEncoding(ctx: Context): Encoding | null {
  ctx.vary('Accept-Encoding');
  // Browsers list gzip first ('gzip, deflate, br, zstd'); brotli is smaller, so it wins when accepted.
  if (ctx.acceptsEncodings('br') === 'br') return 'br';
  return ctx.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : null;
}

function compress(data: Buffer, enc: Encoding, best: boolean): Promise<Buffer> {
  if (enc === 'br') {
    return brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: best ? constants.BROTLI_MAX_QUALITY : 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
  }
  return gz(data, { level: best ? 9 : 6 });
}

const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };
/** Compressed bytes of immutable (hashed) files, per file and encoding; bounded by the build. */
const cache = new Map<string, Promise<Buffer>>();

/** The compressed bytes of an immutable file: the build's precompressed copy, or compressed once and kept. */
export function compressedAsset(file: string, enc: Encoding): Promise<Buffer> {
  const key = `${enc}:${file}`;
  let hit = cache.get(key);
  if (!hit) {
    const pre = file + SUFFIX[enc];
    hit = existsSync(pre) ? Promise.resolve(readFileSync(pre)) : compress(readFileSync(file), enc, true);
    hit.catch(() => cache.delete(key));
    cache.set(key, hit);
  }
  return hit;
}

/** Sends `body` as the response, compressed when the type allows and the client accepts. */
export async function sendCompressed(ctx: Context, body: Buffer, type: string): Promise<void> {
  ctx.type = type;
  const enc = compressible(type, body.length) ? pickEncoding(ctx) : null;
  if (!enc) {
    ctx.body = body;
    return;
  }
  ctx.set('Content-Encoding', enc);
  ctx.body = await compress(body, enc, false);
}

/**
 * Compresses what the rest of the app answered when it is text in memory (API JSON, a
 * validator module, a CSV): brotli or gzip at a fast level. Streams (files, downloads) and
 * answers that already carry an encoding pass untouched.
 */
export function compressResponses(): Middleware {
  return async (ctx, next) => {
    await next();
    const body: unknown = ctx.body;
    if (body == null || ctx.response.get('Content-Encoding') || ctx.status === 204 || ctx.status === 304) return;
    let bytes: Buffer;
    if (Buffer.isBuffer(body)) bytes = body;
    else if (typeof body === 'string') bytes = Buffer.from(body);
    else if (typeof body === 'object' && !(body instanceof Stream) && !ArrayBuffer.isView(body)) bytes = Buffer.from(JSON.stringify(body));
    else return;
    const type = ctx.response.get('Content-Type') || 'application/json; charset=utf-8';
    if (!compressible(type, bytes.length)) return;
    const enc = pickEncoding(ctx);
    if (!enc) return;
    const packed = await compress(bytes, enc, false);
    ctx.body = packed;
    ctx.type = type;
    ctx.set('Content-Encoding', enc);
  };
}
