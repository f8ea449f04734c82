/**
 * A screen file's top-level `description` (schemas/screens/*.json) is the author's note on what
 * the screen is for and why: the runner never reads it (docs/screens.md), yet the catalogue ships
 * with the admin app's first chunk, where the notes were a third of its weight (about 7 of 20 KB
 * gzip). The browser build leaves them out; the server, vitest and the checks read the files whole.
 * So with a view's `uses` (top level or per block): the list the catalogue checks hold a view's
 * calls to (scripts/check-screens.ts); the browser reads the generated VIEW_USES instead
 * (screens/runner/viewCall.ts), so the lists left the first chunk too (issue 30's screens).
 */
import type { Plugin } from 'vite';

const SCREEN_FILE = /\/schemas\/screens\/[^/]+\.json$/;

/** The screen file's JSON without its top-level `description` and its views' `uses`, or null when `id` is no screen file or has neither. */
export function withoutScreenNote(id: string, code: string): string | null {
  if (!SCREEN_FILE.test(id.split('?')[0]!)) return null;
  const screen = JSON.parse(code) as Record<string, unknown>;
  const blocks = Array.isArray(screen.blocks) ? (screen.blocks as Record<string, unknown>[]) : [];
  const parts = [screen, ...blocks.filter((b) => b && typeof b === 'object')];
  if (!('description' in screen) && !parts.some((p) => 'uses' in p)) return null;
  delete screen.description;
  for (const p of parts) delete p.uses;
  return JSON.stringify(screen);
}

const ACTION_FILE = /\/schemas\/actions\/[^/]+\/[^/]+\.json$/;

/** Drops the `description` keyword of a data schema and of the schemas under it (never a property named description). */
function dropNotes(schema: unknown): void {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return;
  const s = schema as Record<string, unknown>;
  if (typeof s.description === 'string') delete s.description;
  if (s.properties && typeof s.properties === 'object') for (const sub of Object.values(s.properties)) dropNotes(sub);
  dropNotes(s.items);
  for (const key of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(s[key])) for (const sub of s[key] as unknown[]) dropNotes(sub);
}

/**
 * An action file's data schema without its notes: the browser imports only its `properties`,
 * for coercing bound values (screens/runner/actionTypes.ts), where the per-field descriptions
 * weighed on the first chunk. Null when `id` is no action file or has no note to drop.
 */
export function withoutActionNotes(id: string, code: string): string | null {
  if (!ACTION_FILE.test(id.split('?')[0]!)) return null;
  const action = JSON.parse(code) as Record<string, unknown>;
  const before = JSON.stringify(action.properties ?? null);
  dropNotes({ properties: action.properties });
  return JSON.stringify(action.properties ?? null) === before ? null : JSON.stringify(action);
}

export function screenNotes(): Plugin {
  return {
    name: 'blankett-screen-notes',
    enforce: 'pre',
    apply: 'build',
    transform(code, id, options) {
      if (options?.ssr) return null;
      const out = withoutScreenNote(id, code) ?? withoutActionNotes(id, code);
      return out === null ? null : { code: out, map: null };
    },
  };
}
