/** The one parser of the server's refusals (`{ error: { code, message, details } }`, docs/contracts.md). */
import sv from '../../schemas/messages/sv.json';
import { ApiError } from '../api';

/** The server's field errors (`details: [{ path, message }]`) by JSON pointer, the first per path. */
export function fieldErrors(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (err instanceof ApiError && Array.isArray(err.body.details)) {
    for (const d of err.body.details as { path?: unknown; message?: unknown }[]) {
      if (typeof d.path === 'string' && typeof d.message === 'string' && d.path && d.message && !(d.path in out)) out[d.path] = d.message;
    }
  }
  return out;
}

/** The error's own Swedish message, or the plain failure text. */
export function messageOf(err: unknown): string {
  if (err instanceof ApiError && err.message) return err.message;
  if (err instanceof Error && err.message) return err.message;
  return sv.screens.error;
}
