import type { Middleware } from 'koa';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import type { Logger } from '../base/logger';
import { HttpError } from '../errors';
import { UnsafeValueError } from '../store/safe';

const CODES: Record<number, string> = {
  400: 'invalid',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'too_large',
  415: 'invalid',
  429: 'rate_limited',
};

const MESSAGES: Record<string, string> = {
  invalid: sv.server.invalid,
  unauthorized: sv.server.unauthorized,
  forbidden: sv.server.forbidden,
  not_found: sv.server.notFound,
  conflict: sv.server.conflict,
  too_large: sv.server.tooLarge,
  rate_limited: sv.server.rateLimited,
  method_not_allowed: sv.server.methodNotAllowed,
};

/**
 * The one error handler: an HttpError becomes `{ error: { code, message, details } }` with
 * its status; errors Koa or its middleware raise with an `expose`d 4xx status get the matching
 * code and our Swedish message (never theirs); anything else is logged and answered as
 * 500 'internal' with no message, stack or echo of the input.
 */
export function errorHandler(log: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      if (err instanceof HttpError) {
        ctx.status = err.status;
        ctx.body = { error: { code: err.code, message: err.message, ...(err.details !== undefined ? { details: err.details } : {}) } };
        return;
      }
      // The store's refusal of a client value (server/store/safe.ts) is the client's error.
      if (err instanceof UnsafeValueError) {
        ctx.status = 400;
        ctx.body = { error: { code: 'invalid', message: sv.server.invalid, details: err.details } };
        return;
      }
      let status = (err as { status?: unknown; expose?: unknown }).status;
      // koa-router answers a method it does not know at all (TRACE, PROPFIND…) with 501; for a
      // client that is the same as any other method this path does not allow.
      if (status === 501 && (err as Error).name === 'NotImplementedError') status = 405;
      if (typeof status === 'number' && status >= 400 && status < 500) {
        const code = CODES[status] ?? 'invalid';
        ctx.status = status;
        ctx.body = { error: { code, message: MESSAGES[code] ?? sv.server.invalid } };
        return;
      }
      log.error('request failed', {
        method: ctx.method,
        path: ctx.path,
        error: err instanceof Error ? { name: err.name, message: err.message } : String(err),
      });
      ctx.status = 500;
      ctx.body = { error: { code: 'internal', message: sv.server.internal } };
    }
  };
}
