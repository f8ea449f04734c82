/** The one parser of the server's refusals (`{ error: { code, message, details } }`, docs/contracts.md). */
import sv from '../../schemas/messages/sv.json';
import { messagesByPath } from '../../engine/error-details';
import { ApiError } from '../api';

/** The server's field errors (`details: [{ path, message }]`) by JSON pointer, the first per path. */
export function fieldErrors(err: unknown): Record<string, string> {
  return err instanceof ApiError ? messagesByPath(err.body.details) : {};
}

/** The error's own Swedish message, or the plain failure text. */
export function messageOf(err: unknown): string {
  if (err instanceof ApiError && err.message) return err.message;
  if (err instanceof Error && err.message) return err.message;
  return sv.screens.error;
}
