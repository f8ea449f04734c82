import sv from '../schemas/messages/sv.json' with { type: 'json' };

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
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

const m = sv.server;

export const errors = {
  invalid: (details?: unknown, message = m.invalid) => new HttpError(400, 'invalid', message, details),
  unknownAction: (action: string) => new HttpError(400, 'unknown_action', m.unknownAction, [{ path: '/action', value: action.slice(0, 80) }]),
  unauthorized: () => new HttpError(401, 'unauthorized', m.unauthorized),
  forbidden: () => new HttpError(403, 'forbidden', m.forbidden),
  notFound: (message = m.notFound) => new HttpError(404, 'not_found', message),
  conflict: (message = m.conflict, details?: unknown) => new HttpError(409, 'conflict', message, details),
  duplicateApplication: () => new HttpError(409, 'duplicate_application', sv.public.alreadyApplied),
  positionClosed: (message: string) => new HttpError(409, 'position_closed', message),
  tooLarge: () => new HttpError(413, 'too_large', m.tooLarge),
  rateLimited: () => new HttpError(429, 'rate_limited', m.rateLimited),
  unavailable: (details?: unknown) => new HttpError(503, 'unavailable', sv.deployment.unavailable, details),
};
