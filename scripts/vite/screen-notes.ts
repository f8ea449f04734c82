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

export function screenNotes(): Plugin {
  return {
    name: 'blankett-screen-notes',
    enforce: 'pre',
    apply: 'build',
    transform(code, id, options) {
      if (options?.ssr) return null;
      const out = withoutScreenNote(id, code);
      return out === null ? null : { code: out, map: null };
    },
  };
}
