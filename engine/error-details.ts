/**
 * The one reading of a refusal's `details` (`{ error: { code, message, details } }`,
 * schemas/answers/error-detail.json): the browser reads them from an answer's body
 * (screens/api.ts), the form post without script from the server's own error
 * (server/http/apply-form.ts); both show the ones that name a field at that field.
 */
import type { ErrorDetail } from '../schemas/generated/actions';
import type { FieldError } from './types';

export type { ErrorDetail };

const FIELDS = ['path', 'key', 'validator', 'code', 'problem', 'value'] as const;

/** The well-formed details of a body as received: objects with a Swedish `message`; anything else is dropped. */
export function errorDetails(raw: unknown): ErrorDetail[] {
  if (!Array.isArray(raw)) return [];
  const out: ErrorDetail[] = [];
  for (const d of raw as unknown[]) {
    if (typeof d !== 'object' || d === null) continue;
    const r = d as Record<string, unknown>;
    if (typeof r.message !== 'string') continue;
    const detail: ErrorDetail = { message: r.message };
    for (const f of FIELDS) if (typeof r[f] === 'string') detail[f] = r[f];
    out.push(detail);
  }
  return out;
}

/** The details that name a form field, as the form shows them (validator 'server' when none is named). */
export function fieldErrorsOf(details: readonly ErrorDetail[] | undefined): FieldError[] {
  return (details ?? []).flatMap((d) => (d.key === undefined ? [] : [{ key: d.key, validator: d.validator ?? 'server', message: d.message }]));
}

/** The details by JSON pointer, the first message per path. */
export function messagesByPath(details: readonly ErrorDetail[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of details ?? []) if (d.path && d.message && !(d.path in out)) out[d.path] = d.message;
  return out;
}
