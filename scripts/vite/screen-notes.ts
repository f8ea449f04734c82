/**
 * A screen file's top-level `description` (schemas/screens/*.json) is the author's note on what
 * the screen is for and why: the runner never reads it (docs/screens.md), yet the catalogue ships
 * with the admin app's first chunk, where the notes were a third of its weight (about 7 of 20 KB
 * gzip). The browser build leaves them out; the server, vitest and the checks read the files whole.
 */
import type { Plugin } from 'vite';

const SCREEN_FILE = /\/schemas\/screens\/[^/]+\.json$/;

/** The screen file's JSON without its top-level `description`, or null when `id` is no screen file. */
export function withoutScreenNote(id: string, code: string): string | null {
  if (!SCREEN_FILE.test(id.split('?')[0]!)) return null;
  const screen = JSON.parse(code) as Record<string, unknown>;
  if (!('description' in screen)) return null;
  delete screen.description;
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
