/**
 * Where the apply page spends its time: a CPU profile (CDP Profiler) of the public apply page
 * in Chromium, phone viewport, CPU slowed 4×, with an unminified build (so functions keep
 * their names) served in place of dist/. Prints self and total time per function and per
 * package, and the long tasks. A diagnostic tool, not a benchmark:
 *   node --import tsx scripts/bench/apply-page/profile.ts [--minify]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { build } from 'vite';
import { launchBrowser, startApp } from '../../../tests/e2e/helpers/app';

const ROOT = resolve(import.meta.dirname, '../../..');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html; charset=utf-8' };

function packageOf(url: string, fn: string): string {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1]!;
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  const local = /\/(engine|widgets|screens|schemas)\//.exec(url);
  return local ? local[1]! : url.replace(/^.*\//, '');
}

async function main() {
  const minify = process.argv.includes('--minify');
  const out = mkdtempSync(join(tmpdir(), 'blankett-apply-profile-'));
  await build({
    configFile: join(ROOT, 'vite.config.ts'),
    root: ROOT,
    logLevel: 'error',
    build: { outDir: out, emptyOutDir: true, minify, sourcemap: false },
  });
  const app = await startApp();
  const browser = await launchBrowser();
  try {
    const list = (await (await fetch(`${app.url}/api/public/positions?take=1&page=1`)).json()) as { data: { items: { id: number; slug: string }[] } };
    const pos = list.data.items[0]!;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'sv-SE', bypassCSP: true });
    // Serve this build's index.html and assets instead of dist/.
    await context.route('**/*', async (route) => {
      const req = route.request();
      const url = new URL(req.url());
      if (req.resourceType() === 'document') return route.fulfill({ status: 200, contentType: TYPES['.html'], body: readFileSync(join(out, 'index.html')) });
      if (url.pathname.startsWith('/assets/')) {
        return route.fulfill({ status: 200, contentType: TYPES[extname(url.pathname)] ?? 'application/octet-stream', body: readFileSync(join(out, url.pathname)) });
      }
      return route.continue();
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(`window.__lt = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });`);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${app.orgUrl}/${pos.id}_${pos.slug}/apply`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('[name="form_firstname"]', { timeout: 60_000 });
    await page.waitForTimeout(2000);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    const longTasks = await page.evaluate(() => (window as unknown as { __lt: [number, number][] }).__lt);
    const formAt = await page.evaluate(() => performance.now());
    const resources = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => {
        const r = e as PerformanceResourceTiming;
        return `${Math.round(r.startTime)}→${Math.round(r.responseEnd)} ${r.initiatorType} ${new URL(r.name).pathname}${new URL(r.name).search}`;
      }),
    );
    const nav = await page.evaluate(() => {
      const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return `document ${Math.round(n.responseEnd)} ms, DOMContentLoaded ${Math.round(n.domContentLoadedEventEnd)} ms`;
    });
    console.log(nav);
    console.log(`resources:\n    ${resources.join('\n    ')}`);
    await context.close();

    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const self = new Map<number, number>();
    profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
    const selfFn = new Map<string, number>();
    const totalFn = new Map<string, number>();
    const selfPkg = new Map<string, number>();
    const totalPkg = new Map<string, number>();
    const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
    for (const [id, ms] of self) {
      const n = byId.get(id)!;
      const name = `${n.callFrame.functionName || '(anonymous)'} ${packageOf(n.callFrame.url, n.callFrame.functionName)}:${n.callFrame.lineNumber}`;
      add(selfFn, name, ms);
      add(selfPkg, packageOf(n.callFrame.url, n.callFrame.functionName), ms);
      // Total: count each function/package once per stack.
      const seenFn = new Set<string>();
      const seenPkg = new Set<string>();
      for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
        const c = byId.get(cur)!;
        const fn = `${c.callFrame.functionName || '(anonymous)'} ${packageOf(c.callFrame.url, c.callFrame.functionName)}:${c.callFrame.lineNumber}`;
        const pkg = packageOf(c.callFrame.url, c.callFrame.functionName);
        if (!seenFn.has(fn)) add(totalFn, fn, ms), seenFn.add(fn);
        if (!seenPkg.has(pkg)) add(totalPkg, pkg, ms), seenPkg.add(pkg);
      }
    }
    const top = (m: Map<string, number>, n: number) =>
      [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `    ${v.toFixed(0).padStart(6)} ms  ${k}`).join('\n');
    console.log(`long tasks [start, duration] ms: ${JSON.stringify(longTasks)} (page at ${formAt.toFixed(0)} ms)`);
    console.log(`self time by package:\n${top(selfPkg, 20)}`);
    console.log(`total time by package:\n${top(totalPkg, 20)}`);
    console.log(`self time by function:\n${top(selfFn, 30)}`);
    console.log(`total time by function:\n${top(totalFn, 60)}`);
  } finally {
    await browser.close();
    await app.stop();
    rmSync(out, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
