/**
 * Benchmark of issue 8, the screen runner, in Chromium against the real server:
 * 1. a route change to the first 30 rows of a list screen (the positions screen file through
 *    the runner: guard, title, ListScreen) vs a hand-written React table of the same rows from
 *    the same call with the same columns, in the same run, alternating (goal ≤ 1.1×);
 * 2. the admin JavaScript each route loads (KB gzip, every script response summed), the
 *    build of HEAD beside the build of the commit before the runner (BENCH_SCREEN_BASE,
 *    default c080410~1), each built from its own git worktree (committed code only, so
 *    work in progress in the shared tree does not count) and measured the same way.
 * Standalone: node --import tsx scripts/bench/screen-list.ts
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { launchBrowser } from '../../tests/e2e/helpers/app';
import type { PositionDoc } from '../../server/domain/core/docs';
import { ROOT, buildPage, openBuiltPage, runStandalone, type BuiltPage } from './_pages';
import { median } from './_stats';
import type { BenchContext, BenchResult, Figure } from './_report';
import { login, startBenchServer, type BenchServer } from './server-common';

const ROUNDS = Number(process.env.BENCH_SCREEN_ROUNDS ?? 15);
const POSITIONS = 40;
const BASE = process.env.BENCH_SCREEN_BASE ?? 'c080410~1';
const ROWS = { ours: 'table.scr-table tbody tr', plain: '#plain tbody tr' };
/** Routes whose JavaScript is weighed: [path, what must show before counting]. */
const ROUTES: [string, string][] = [
  ['/login', 'Logga in'],
  ['/admin', 'Start'],
  ['/admin/positions', 'Annonser'],
  ['/admin/positions/new', 'Skapa annons'],
  ['/admin/form-templates', 'Formulärmallar'],
];

async function seedPositions(server: BenchServer): Promise<void> {
  const positions = server.store.collection<PositionDoc>('positions');
  const model = await positions.findOne({ containerId: 1, isInternal: false });
  if (!model) throw new Error('the demo seed has no position');
  const docs: PositionDoc[] = [];
  for (let i = 0; i < POSITIONS; i++) docs.push({ ...model, id: 900_000 + i, name: `Benchtjänst ${i + 1}`, start: model.start + i * 3600 });
  await positions.insertMany(docs);
}

async function openPage(browser: Browser, server: BenchServer, page: BuiltPage, token: string) {
  const setup = `localStorage.setItem('blankett.token', ${JSON.stringify(token)});localStorage.setItem('blankett.containerId','1');`;
  const { context, tab } = await openBuiltPage(browser, server.url, page, setup);
  await tab.waitForFunction(() => window.__benchReady === true, undefined, { timeout: 60_000 });
  return { tab, close: () => context.close() };
}

/** Builds the whole front end of `root` (its own vite.config.ts) into `outDir`. */
async function buildApp(root: string, outDir: string): Promise<void> {
  await build({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'error', build: { outDir, emptyOutDir: true } });
}

/** KB gzip of every script a fresh tab loads for each route, logged in as a writer. */
async function jsPerRoute(browser: Browser, distDir: string, ctx: BenchContext): Promise<Map<string, number>> {
  const server = await startBenchServer({ distDir });
  const out = new Map<string, number>();
  try {
    const token = await login(server.url, 'writer@demo.test');
    for (const [path, heading] of ROUTES) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const sizes = new Map<string, number>();
      const tab = await context.newPage();
      tab.on('response', (res) => {
        if (res.request().resourceType() !== 'script') return;
        void res.body().then((b) => sizes.set(res.url(), gzipSync(b).length), () => undefined);
      });
      if (path !== '/login') {
        await tab.goto(`${server.url}/login`);
        await tab.evaluate((t) => localStorage.setItem('blankett.token', t), token);
        await context.clearCookies();
      }
      // A fresh tab for the route itself: only what that route loads counts.
      const routeTab = await context.newPage();
      const routeSizes = new Map<string, number>();
      routeTab.on('response', (res) => {
        if (res.request().resourceType() !== 'script') return;
        void res.body().then((b) => routeSizes.set(res.url(), gzipSync(b).length), () => undefined);
      });
      await routeTab.goto(`${server.url}${path}`);
      await routeTab.getByRole('heading', { level: 1, name: heading }).first().waitFor({ timeout: 30_000 });
      await routeTab.waitForLoadState('networkidle');
      out.set(path, [...routeSizes.values()].reduce((a, b) => a + b, 0) / 1024);
      await context.close();
      ctx.progress(`${path}: ${out.get(path)!.toFixed(1)} KB`);
    }
  } finally {
    await server.close();
  }
  return out;
}

export async function run(ctx: BenchContext = { progress: () => undefined }): Promise<BenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'blankett-screen-list-'));
  const server = await startBenchServer();
  let browser: Browser | undefined;
  const worktree = join(dir, 'base');
  const headTree = join(dir, 'head');
  try {
    await seedPositions(server);
    const token = await login(server.url, 'writer@demo.test');
    ctx.progress('bygger sidorna');
    const ours = await buildPage(join(ROOT, 'scripts/bench/screen-list/ours.tsx'), join(dir, 'ours'));
    const plain = await buildPage(join(ROOT, 'scripts/bench/screen-list/plain.tsx'), join(dir, 'plain'));
    browser = await launchBrowser();
    const o = await openPage(browser, server, ours, token);
    const p = await openPage(browser, server, plain, token);
    const times = { ours: [] as number[], plain: [] as number[] };
    // The measured tab is brought to the front first (a background tab's frames are throttled).
    const go = async (page: typeof o, rows: string) => {
      await page.tab.bringToFront();
      return page.tab.evaluate((s) => window.__benchGo!(s), rows);
    };
    // One warm-up each (chunk evaluation, first fetch), then alternate.
    await go(p, ROWS.plain);
    await go(o, ROWS.ours);
    for (let i = 0; i < ROUNDS; i++) {
      times.plain.push(await go(p, ROWS.plain));
      times.ours.push(await go(o, ROWS.ours));
    }
    ctx.progress(`vår ${times.ours.map((t) => t.toFixed(0)).join(' ')} ms; handskriven ${times.plain.map((t) => t.toFixed(0)).join(' ')} ms`);
    await o.close();
    await p.close();

    ctx.progress(`bygger appen här och vid ${BASE}`);
    const base = execFileSync('git', ['rev-parse', '--short', BASE], { cwd: ROOT, encoding: 'utf8' }).trim();
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    for (const [tree, commit] of [[worktree, base], [headTree, head]] as const) {
      execFileSync('git', ['worktree', 'add', '--detach', tree, commit], { cwd: ROOT, stdio: 'ignore' });
      symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'));
    }
    await buildApp(headTree, join(dir, 'dist-now'));
    await buildApp(worktree, join(dir, 'dist-base'));
    const now = await jsPerRoute(browser, join(dir, 'dist-now'), ctx);
    const before = await jsPerRoute(browser, join(dir, 'dist-base'), ctx);
    const sizes: Figure[] = ROUTES.map(([path]) => ({
      name: `admin-JavaScript för ${path} (gzip)`,
      ours: now.get(path)!,
      peer: before.get(path),
      peerName: `före skärmmotorn (${base}); vår = HEAD`,
      unit: 'KB',
    }));
    return [
      `  ${POSITIONS + 0} annonser till i demoföretaget; Chromium mot riktig server; median av ${ROUNDS} ruttbyten var, växelvis`,
      { name: 'ruttbyte till listans första 30 rader', ours: median(times.ours), peer: median(times.plain), peerName: 'handskriven React-tabell, samma anrop och kolumner', unit: 'ms', goal: { ratioAtMost: 1.1 } },
      ...sizes,
    ];
  } finally {
    await browser?.close();
    await server.close();
    for (const tree of [worktree, headTree]) if (existsSync(tree)) execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: ROOT, stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  }
}

runStandalone(import.meta.url, run);
