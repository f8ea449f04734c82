import { vi } from 'vitest';

/**
 * Made-up server answers for unit-dom tests that stub fetch: a JSON response, the API's
 * structured refusal, and a fetch that always answers the same. tests/unit/screens/harness.tsx
 * builds the dispatcher table on these.
 */

/** A JSON response with `status`. */
export const json = (status: number, body: unknown): Response => new Response(JSON.stringify(body), { status });

/** The API's refusal `{ error: { code, message, details } }` with `status`. */
export const refusal = (status: number, code: string, message: string, details?: unknown): Response =>
  json(status, { error: { code, message, ...(details === undefined ? {} : { details }) } });

/** Stubs fetch with one that answers every request with `status` and `body`; the mock, to read its calls. */
export function fetchAnswering(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => json(status, body));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
