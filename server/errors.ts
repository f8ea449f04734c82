import type { ErrorObject } from 'ajv';
import sv from '../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../engine/fill';
import type { ErrorDetail } from '../engine/error-details';

/**
 * Errors as factories with ids. One error handler (server/app.ts) turns an HttpError into
 * `{ error: { code, message, details } }`; anything else becomes 500 'internal' with no
 * message, stack or input echoed to the client.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** What the refusal names (schemas/answers/error-detail.json); the health check's report per part. */
    readonly details?: ErrorDetail[] | Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

const m = sv.server;

export const errors = {
  invalid: (details?: ErrorDetail[], message = m.invalid) => new HttpError(400, 'invalid', message, details),
  unknownAction: (action: string) => new HttpError(400, 'unknown_action', m.unknownAction, [{ path: '/action', value: action.slice(0, 80), message: m.unknownAction }]),
  unauthorized: () => new HttpError(401, 'unauthorized', m.unauthorized),
  forbidden: () => new HttpError(403, 'forbidden', m.forbidden),
  notFound: (message = m.notFound, details?: ErrorDetail[]) => new HttpError(404, 'not_found', message, details),
  conflict: (message = m.conflict, details?: ErrorDetail[]) => new HttpError(409, 'conflict', message, details),
  duplicateApplication: () => new HttpError(409, 'duplicate_application', sv.public.alreadyApplied),
  positionClosed: (message: string) => new HttpError(409, 'position_closed', message),
  tooLarge: () => new HttpError(413, 'too_large', m.tooLarge),
  rateLimited: () => new HttpError(429, 'rate_limited', m.rateLimited),
  unavailable: (details?: Record<string, string>) => new HttpError(503, 'unavailable', sv.deployment.unavailable, details),
};

const fields = sv.server.fields;

/**
 * ajv errors → `details`: `[{ path, message }]` with JSON-pointer paths (after `prefix`) and
 * Swedish messages, never the offending value; at most 20. The one reading of ajv's errors.
 */
export function detailsOf(errs: ErrorObject[] | null | undefined, prefix = ''): ErrorDetail[] {
  const out: ErrorDetail[] = [];
  for (const e of errs ?? []) {
    const params = e.params as Record<string, unknown>;
    let path = prefix + (e.instancePath || '');
    let message: string;
    switch (e.keyword) {
      case 'required':
        path += `/${String(params.missingProperty)}`;
        message = fields.missing;
        break;
      case 'additionalProperties':
      case 'unevaluatedProperties': // an object composed of a shared schema (allOf) closes itself this way
        path += `/${String(params.additionalProperty ?? params.unevaluatedProperty).slice(0, 40)}`;
        message = fields.unknown;
        break;
      case 'type':
        message = fill(fields.type, { type: String(params.type).split(',').map((t) => fields.types[t as keyof typeof fields.types] ?? t).join(sv.engine.problems.or) });
        break;
      case 'minLength':
      case 'minItems':
      case 'minProperties':
        message = fields.tooShort;
        break;
      case 'maxLength':
      case 'maxItems':
      case 'maxProperties':
        message = fields.tooLong;
        break;
      case 'minimum':
      case 'maximum':
      case 'exclusiveMinimum':
      case 'exclusiveMaximum':
        message = fields.range;
        break;
      case 'format':
      case 'pattern':
        message = fields.format;
        break;
      default:
        message = fields.value;
    }
    out.push({ path: path || '/', message });
    if (out.length >= 20) break;
  }
  return out;
}
