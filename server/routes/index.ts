import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type Router from '@koa/router';
import type { Config } from '../config';
import type { ServerDeps } from '../base/deps';

/**
 * Route modules are DISCOVERED, not listed: every file in server/routes/ other than this one
 * exports `mount(router: Router, deps: ServerDeps, config: Config): void` and is mounted in
 * file-name order at start-up. To add routes, add a file; no shared list to edit. A file
 * without `mount` is a start-up error naming it. Paths must not clash (the router takes
 * the first match); the SPA fallback runs after all of them.
 */
export type RouteModule = { mount(router: Router, deps: ServerDeps, config: Config): void };

export async function mountRoutes(router: Router, deps: ServerDeps, config: Config, dir = import.meta.dirname): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((f) => /\.(ts|js|mjs)$/.test(f) && !/^index\./.test(f) && !/\.(d|test|spec)\.(ts|js|mjs)$/.test(f))
    .sort();
  for (const file of files) {
    // The default folder's .ts files are imported by a path relative to this file, which the
    // server bundle follows (scripts/server-bundle.ts: every ./*.ts); others by their absolute path.
    // @vite-ignore: vitest's transform would warn that such a path names its own folder.
    const bundled = dir === import.meta.dirname && file.endsWith('.ts');
    const mod = (bundled ? await import(/* @vite-ignore */ `./${file.slice(0, -3)}.ts`) : await import(pathToFileURL(join(dir, file)).href)) as Partial<RouteModule>;
    if (typeof mod.mount !== 'function') throw new Error(`server/routes/${file} must export mount(router, deps, config)`);
    mod.mount(router, deps, config);
  }
  return files;
}
