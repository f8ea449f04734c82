/** The one HTTP client of the front end (docs/contracts.md). */
import type { ActionAnswer, ActionData, ActionName } from '../schemas/generated/actions';
import sv from '../schemas/messages/sv.json';
import { errorDetails, type ErrorDetail } from '../engine/error-details';

export const TOKEN_KEY = 'blankett.token';
export const CONTAINER_KEY = 'blankett.containerId';

export interface ApiErrorBody {
  code: string;
  message: string;
  /** Read once, in `refusal` (engine/error-details.ts): only well-formed details. */
  details?: ErrorDetail[];
}

/** A failed call: HTTP status plus the server's `{ error }` body (or a network error). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message);
    this.name = 'ApiError';
  }
  get isNetwork(): boolean {
    return this.status === 0;
  }
}

async function request<T>(url: string, init: RequestInit, whole = false): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch {
    throw new ApiError(0, { code: 'network', message: sv.toast.errorRetry });
  }
  const text = await res.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  if (!res.ok) throw refusal(res.status, body, sv.toast.error);
  const data = (body as { data: T } | null)?.data;
  return (whole && data === undefined ? body : data) as T;
}

/** The one reading of a refused answer's body (`{ error: { code, message, details } }`) as an ApiError; `fallback` when it has none. */
export function refusal(status: number, body: unknown, fallback: string): ApiError {
  const err = (body as { error?: { code?: unknown; message?: unknown; details?: unknown } } | null)?.error;
  if (!err) return new ApiError(status, { code: String(status), message: fallback });
  return new ApiError(status, {
    code: typeof err.code === 'string' ? err.code : String(status),
    message: typeof err.message === 'string' ? err.message : fallback,
    details: errorDetails(err.details),
  });
}

export function getToken(): string | null {
  return typeof localStorage === 'undefined' ? null : localStorage.getItem(TOKEN_KEY);
}

export function publicGet<T>(path: string): Promise<T> {
  return request<T>(path, { headers: { accept: 'application/json' } });
}

export function publicPost<T>(path: string, body: unknown): Promise<T> {
  return request<T>(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
}

/**
 * POST to a plain account route (a form's `save.route`): its `data`, or the whole body when it
 * has none (the spec's login answer is a bare `{ token }`).
 */
export function accountPost(path: string, body: unknown): Promise<unknown> {
  return request<unknown>(path, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) }, true);
}

/**
 * A staff call: POST /api/dispatcher {action, data} with the stored bearer token. Typed from
 * the action's schema file (`npm run gen`): `data` must be what its data schema admits and the
 * answer is its `x-answer`, so reading or sending a field the schema lacks fails the type check.
 * `keepalive` lets a save outlive the page (autosave on pagehide).
 */
export function dispatch<N extends ActionName>(action: N, data: ActionData[N], query = '', opts: { keepalive?: boolean } = {}): Promise<ActionAnswer[N]> {
  return dispatchByName(action, data, query, opts) as Promise<ActionAnswer[N]>;
}

/**
 * The same call for an action named only at run time (a screen file's `load`/`save`): not
 * checked by the compiler; `npm test` checks screen files against the action schemas instead.
 */
export function dispatchByName(action: string, data: unknown, query = '', opts: { keepalive?: boolean } = {}): Promise<unknown> {
  const token = getToken();
  const body = JSON.stringify({ action, data });
  return request<unknown>(`/api/dispatcher${query}`, {
    method: 'POST',
    // Browsers refuse keepalive bodies over 64 KiB; a big one is sent normally instead.
    ...(opts.keepalive && body.length < 60_000 ? { keepalive: true } : {}),
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body,
  });
}

/** POST /api/account/reset {email}; any failure throws (the caller shows 'Vi kunde inte hitta e-postadressen'). */
export async function requestPasswordReset(email: string): Promise<void> {
  await publicPost<unknown>('/api/account/reset', { email });
}
