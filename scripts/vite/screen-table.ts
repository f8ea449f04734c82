/**
 * The admin app's route table (issue 27 item 1): a screen file imported with `?route`
 * (screens/runner/catalogue.ts) is only its entry (routeEntryOf in screens/runner/routeTable.ts:
 * route, access, layout, title, sidebar, the kinds and views of its blocks), so the first chunk
 * carries the table and each screen's whole file loads with that screen. In the build and under
 * vitest alike (vitest.config.ts), so the tests run the table the browser gets.
 */
import type { Plugin } from 'vite';
import { routeEntryOf } from '../../screens/runner/routeTable.ts';
import type { ScreenFile } from '../../screens/runner/types';

const SCREEN_FILE = /\/schemas\/screens\/[^/]+\.json$/;

/** The module of the entry when `id` is a screen file asked for with `?route`, else null. */
export function routeEntryModule(id: string, code: string): string | null {
  const [path, query] = id.split('?');
  if (query !== 'route' || !SCREEN_FILE.test(path!)) return null;
  return `export default ${JSON.stringify(routeEntryOf(JSON.parse(code) as ScreenFile))};`;
}

export function screenTable(): Plugin {
  return {
    name: 'blankett-screen-table',
    enforce: 'pre',
    transform(code, id) {
      const out = routeEntryModule(id, code);
      // A module of its own (the query keeps it apart from the whole file's), JavaScript already.
      return out === null ? null : { code: out, map: null, moduleType: 'js' };
    },
  };
}
