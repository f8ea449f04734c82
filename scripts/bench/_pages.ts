/**
 * What the browser benchmarks share: a page built with Vite's build API into one IIFE file
 * (plus its CSS), a tab that opens it, and the standalone entry. Chromium itself
 * comes from the browser-test harness (`launchBrowser`), so flags live in one place.
 * Files starting with `_` are not benchmarks: scripts/bench/run.ts skips them.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { build } from 'vite';
import { browserBuild } from '../../vite.config';
import { formatFigure, isFigure, type BenchContext, type BenchResult } from './_report';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface BuiltPage {
  js: string;
  css: string;
}

/** Builds `entry` (a React page) for production, as the app's build would, into `outDir` as page.js (+ page.css). */
export async function buildPage(entry: string, outDir: string, minify = true): Promise<BuiltPage> {
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'error',
    // The app's browser plugins and aliases (vite.config.ts browserBuild): the text split, the screen
    // table (schemas/screens/*.json?route), DOMPurify for sanitize-html. Without them a page here
    // carried all of sv.json and the server's sanitiser: the board 382 KB gzip, the app's build 268.
    plugins: browserBuild.plugins(),
    resolve: { alias: browserBuild.aliases },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir,
      emptyOutDir: true,
      minify,
      lib: { entry, formats: ['iife'], name: 'BenchPage', fileName: () => 'page.js', cssFileName: 'page' },
    },
  });
  const css = readdirSync(outDir).filter((f) => f.endsWith('.css')).map((f) => readFileSync(join(outDir, f), 'utf8')).join('\n');
  return { js: readFileSync(join(outDir, 'page.js'), 'utf8'), css };
}

/** Runs a benchmark's `run()` when its file is executed directly (`node --import tsx <file>`). */
export function runStandalone(moduleUrl: string, run: (ctx: BenchContext) => Promise<BenchResult>): void {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? '').href) return;
  run({ progress: (m) => console.log(`  … ${m}`) }).then(
    (lines) => console.log(lines.map((l) => (isFigure(l) ? formatFigure(l) : l)).join('\n')),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}

/**
 * A fresh tab on a page built by buildPage, served from the server's own origin (so the
 * page's relative API calls reach it), `setup` run before the page's script.
 */
export async function openBuiltPage(browser: Browser, serverUrl: string, page: BuiltPage, setup: string): Promise<{ context: BrowserContext; tab: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.route(`${serverUrl}/__bench/page.html`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="sv"><head><meta charset="utf-8"><style>${page.css}</style></head><body><div id="root"></div><script>${setup}</script><script src="/__bench/page.js"></script></body></html>`,
    }),
  );
  await context.route(`${serverUrl}/__bench/page.js`, (route) => route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: page.js }));
  const tab = await context.newPage();
  tab.on('pageerror', (err) => console.error(`[sida] ${err.message}`));
  await tab.goto(`${serverUrl}/__bench/page.html`, { timeout: 120_000 });
  return { context, tab };
}
