import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';

/**
 * What a route's first screen costs in JavaScript (issue 27 item 1): every script a fresh tab
 * requests until the screen has drawn its heading (or an alert) and the network is idle, each
 * counted at the size the server sends it, the build's gzip copy (level 9, vite.config.ts) or
 * the file itself when it is too small to have one. Shared by the budget test
 * (tests/e2e/admin-js-budget.test.ts) and the bench (scripts/bench/admin-js.ts).
 */

/** The goals, KB gzip: a session page (the login) and any other first admin page (the applicant list). */
export const ADMIN_JS_GOAL_KB = { session: 120, admin: 200 } as const;

export interface RouteWeight {
  /** KB gzip of every script the route's first screen requested. */
  kb: number;
  /** The scripts by path, with their KB gzip. */
  scripts: { path: string; kb: number }[];
}

/**
 * Opens `url` in a fresh context of `browser` (logged in with `token` when given, as the admin
 * app keeps it) and weighs its scripts against `dist`, the build the server serves.
 */
export async function routeWeight(browser: Browser, url: string, dist: string, token?: string): Promise<RouteWeight> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'sv-SE' });
  try {
    const origin = new URL(url).origin;
    if (token) {
      await context.addInitScript(
        ([t, o]) => {
          if (location.origin === o && !localStorage.getItem('blankett.token')) localStorage.setItem('blankett.token', t);
        },
        [token, origin] as const,
      );
    }
    const tab = await context.newPage();
    const paths = new Set<string>();
    tab.on('request', (req) => {
      if (req.resourceType() === 'script') paths.add(new URL(req.url()).pathname);
    });
    await tab.goto(url);
    await tab.locator('h1, [role=alert]').first().waitFor({ timeout: 30_000 });
    await tab.waitForLoadState('networkidle');
    const scripts = [...paths].map((path) => ({ path, kb: sentSize(dist, path) / 1024 }));
    return { kb: scripts.reduce((n, s) => n + s.kb, 0), scripts: scripts.sort((a, b) => b.kb - a.kb) };
  } finally {
    await context.close();
  }
}

function sentSize(dist: string, path: string): number {
  const file = join(dist, decodeURIComponent(path));
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  if (existsSync(file)) return statSync(file).size;
  throw new Error(`${path} finns inte i ${dist}: bygget och servern hör inte ihop`);
}
