/**
 * Benchmark of issue 11: the public organisation page's time to first render with a custom
 * theme vs the same page with the default theme, in the same run (goal ≤ 1.05×: the theme
 * must cost nothing measurable). Chromium against the real server and the built front end
 * (DIST_DIR, else dist/, else a fresh `vite build` into a temp dir); the demo organisation's
 * page at demo.localhost. The two themes alternate round by round (set and reset through the
 * store), each load in a fresh context; the time is from navigation start until the h1
 * 'Jobba hos …' and the first position are on screen. The custom theme picks low-contrast
 * colours on purpose, so the public side's readability adjustment (screens/public/theme.ts)
 * is part of what is measured. Page loads on a shared machine vary by more than the theme can
 * cost, so the run also prints the paired ratio (median of each round's own ratio) and the cost
 * of the theme computation itself (themeVariables per page view). Standalone:
 *   node --import tsx scripts/bench/theme-page.ts
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../tests/e2e/helpers/app';
import { ROOT, runStandalone } from './_pages';
import { median } from './_stats';
import type { BenchContext, BenchResult } from './_report';
import { startBenchServer, type BenchServer } from './server-common';
import { themeVariables } from '../../screens/public/theme';

const ROUNDS = Number(process.env.BENCH_THEME_ROUNDS ?? 15);

const CUSTOM_THEME = {
  button: { backgroundColor: '#F4D35E', textColor: '#FFFFFF', borderRadius: 'rounded-full' },
  backgroundColor: { mainContent: '#0D3B66', footer: '#FAF0CA', socialMedia: '#EE964B' },
  textColor: { workAtText: '#1B4F80', contactText: '#F95738', detailText: '#2A5D8F', otherText: '#EEEEEE', footerText: '#F4D35E' },
  icon: { footerIcon: '#FAF0CA', positionIcons: '#F95738', positionIcon1: '#EE964B', positionIcon2: '#F4D35E', positionIcon3: '#FAF0CA', positionIcon4: '#0D3B66', socialMedia: '#F95738' },
};

function distDir(ctx: BenchContext): { dir: string; cleanup(): void } {
  const given = process.env.DIST_DIR ? resolve(process.env.DIST_DIR) : join(ROOT, 'dist');
  if (existsSync(join(given, 'index.html'))) return { dir: given, cleanup: () => undefined };
  const dir = mkdtempSync(join(tmpdir(), 'blankett-theme-dist-'));
  ctx.progress('bygger framsidan (vite build)');
  execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'error'], { cwd: ROOT, stdio: 'inherit' });
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** One load in a fresh context: ms from navigation start until the h1 and the first position are visible. */
async function firstRender(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    // Playwright polls for the selector in the page every frame; the same overhead for both themes.
    await page.waitForSelector('h1.pub-work-at', { state: 'visible', timeout: 30_000 });
    await page.waitForSelector('.pub-section li a', { state: 'visible', timeout: 30_000 });
    return await page.evaluate(() => performance.now());
  } finally {
    await context.close();
  }
}

async function setTheme(server: BenchServer, theme: unknown) {
  const containers = server.store.collection('containers');
  if (theme) await containers.updateOne({ name: 'demo' }, { $set: { theme } });
  else await containers.updateOne({ name: 'demo' }, { $unset: { theme: true } });
}

/**
 * What the theme itself costs a page view: themeVariables (with its contrast adjustment) on a
 * theme object it has not seen (it caches per object, so a page view computes it once).
 */
function themeCost(): { custom: number; standard: number } {
  const per = (theme: object) => {
    for (let i = 0; i < 200; i++) themeVariables({ ...theme });
    const n = 5000;
    const t0 = performance.now();
    for (let i = 0; i < n; i++) themeVariables({ ...theme });
    return (performance.now() - t0) / n;
  };
  return { custom: per(CUSTOM_THEME), standard: per({}) };
}

export async function run(ctx: BenchContext = { progress: () => undefined }): Promise<BenchResult> {
  const dist = distDir(ctx);
  const server = await startBenchServer({ distDir: dist.dir });
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const port = new URL(server.url).port;
    const url = `http://demo.localhost:${port}/`;
    // One load each first: caches warm alike for both.
    await setTheme(server, CUSTOM_THEME);
    await firstRender(browser, url);
    await setTheme(server, null);
    await firstRender(browser, url);
    const custom: number[] = [];
    const standard: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      if (round % 5 === 0) ctx.progress(`omgång ${round + 1} av ${ROUNDS}`);
      // Alternate which goes first so a slow moment of the shared machine hits both alike.
      const order = round % 2 ? ['custom', 'default'] : ['default', 'custom'];
      for (const which of order) {
        await setTheme(server, which === 'custom' ? CUSTOM_THEME : null);
        (which === 'custom' ? custom : standard).push(await firstRender(browser, url));
      }
    }
    // Each round loads both back to back: the median of the per-round ratios cancels the shared
    // machine's slow moments better than the ratio of the two medians.
    const paired = median(custom.map((c, i) => c / standard[i]!));
    const cost = themeCost();
    return [
      `  Chromium mot riktig server och byggd framsida; organisationssidan demo.localhost; median av ${ROUNDS} omgångar, varannan ordning`,
      { name: 'organisationssidan, första rendering med eget tema', ours: median(custom), peer: median(standard), peerName: 'samma sida med standardtemat', unit: 'ms', goal: { ratioAtMost: 1.05 } },
      `  parad kvot (median av varje omgångs eget/standard): ${paired.toFixed(3).replace('.', ',')}×`,
      { name: 'temats CSS-variabler (themeVariables) per sidvisning', ours: cost.custom, peer: cost.standard, peerName: 'standardtemat', unit: 'ms', goal: { atMost: 1 }, note: 'en gång per sidvisning; mål: under en millisekund' },
    ];
  } finally {
    await browser?.close();
    await server.close();
    dist.cleanup();
  }
}

runStandalone(import.meta.url, run);
