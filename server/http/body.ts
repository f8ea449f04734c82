import type { Middleware } from 'koa';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import { errors } from '../errors';
import { assertPlainValue, UnsafeValueError } from '../store/safe';
import { JsonShapeGuard, type JsonShape } from './json-shape';

/** What any JSON body of ours may be at most; routes with bigger needs pass their own. */
export const DEFAULT_SHAPE: JsonShape = { maxDepth: 32, maxWidth: 60_000, maxItems: 200_000 };

/**
 * Throws 400 when any key anywhere in `value` is `__proto__`, `constructor`, `prototype`,
 * starts with `$` (a MongoDB operator) or holds a dot, or when nesting is absurdly deep —
 * the store's own rules (server/store/safe.ts), applied at parse time so a dangerous body is
 * refused before any handler or filter sees it. JSON.parse makes `"__proto__"` an own
 * property, so the walk sees it.
 */
function assertSafeJson(value: unknown): void {
  try {
    assertPlainValue(value);
  } catch (err) {
    // The store's refusal, in the HTTP layer's terms (the store itself knows no HTTP).
    if (err instanceof UnsafeValueError) throw errors.invalid(err.details);
    throw err;
  }
}

/**
 * Reads the raw request body, refusing (413) as soon as more than `limit` bytes arrive, and
 * (400) as soon as the JSON breaks `shape` (json-shape.ts), before anything is parsed.
 */
export async function readRaw(req: NodeJS.ReadableStream & { headers: Record<string, unknown> }, limit: number, shape?: JsonShape): Promise<Buffer> {
  const guard = shape ? new JsonShapeGuard(shape) : null;
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    drain(req);
    throw errors.tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > limit) {
      drain(req);
      throw errors.tooLarge();
    }
    try {
      guard?.push(buf);
    } catch (err) {
      drain(req);
      throw err;
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks, size);
}

/** Refused bodies are read away this far so the client can still read the answer; past it the connection is cut. */
const DRAIN_BUDGET = 1024 * 1024;

/**
 * Lets the rest of a refused upload flow away so the 413/400 answer can be read by the
 * client, but only up to DRAIN_BUDGET: an attacker streaming megabytes after the refusal
 * would otherwise keep the event loop busy reading what nobody wants.
 */
function drain(req: NodeJS.ReadableStream) {
  let read = 0;
  req.on('data', (chunk: Buffer | string) => {
    read += chunk.length;
    if (read > DRAIN_BUDGET) (req as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
  });
  req.resume();
}

/**
 * A request answered before anyone read its body — refused by the rate limit, the login
 * check, an unknown path, a Content-Length over the limit — is closed after the answer, and
 * at most DRAIN_BUDGET of its body is read away. Left alone, Node reads the whole rest of
 * the body to keep the connection for the next request: eight attackers sending 22 MB
 * bodies, each refused with 429, had the event loop reading megabytes for nothing (issue 27).
 */
export function closeUnreadBodies(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      const req = ctx.req;
      // complete: the whole message arrived (a GET, or a body someone read to its end);
      // flowing: someone is reading it (a handler's stream, or drain() after a refusal).
      if (!req.complete && req.readableFlowing !== true) {
        ctx.set('Connection', 'close');
        drain(req);
      }
    }
  };
}

/** Parses JSON text into a value, mapping syntax errors to 400 and checking keys (assertSafeJson). */
export function parseJson(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw errors.invalid([{ path: '/', message: sv.server.badJson }]);
  }
  assertSafeJson(value);
  return value;
}

/**
 * Per-route JSON body parsing: `router.post(path, jsonBody({ limit }), handler)`. Puts the
 * parsed body on `ctx.request.body`. Non-JSON content types → 400, bodies above `limit`
 * bytes → 413, malformed JSON or dangerous keys → 400. An empty body parses as `{}`.
 */
export function jsonBody(opts: { limit: number; shape?: JsonShape }): Middleware {
  return async (ctx, next) => {
    const type = ctx.request.type;
    const raw = await readRaw(ctx.req, opts.limit, opts.shape ?? DEFAULT_SHAPE);
    if (raw.length === 0) {
      (ctx.request as { body?: unknown }).body = {};
      return next();
    }
    if (type && type !== 'application/json' && !type.endsWith('+json')) {
      throw errors.invalid([{ path: '/', message: sv.server.expectedJson }]);
    }
    ctx.state.bodyBytes = raw.length;
    (ctx.request as { body?: unknown }).body = parseJson(raw.toString('utf8'));
    await next();
  };
}

/** The parsed JSON body of a request that went through jsonBody(). */
export function bodyOf(ctx: { request: unknown }): unknown {
  return (ctx.request as { body?: unknown }).body;
}
