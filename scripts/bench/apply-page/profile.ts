/**
 * Where the apply page spends its time: a CPU profile (CDP Profiler) of the public apply page
 * people get (the server-rendered page, its modulepreloads, and its take-over by the script at
 * the first touch: a tap on the first name field once the load is quiet) in Chromium,
 * phone viewport, CPU slowed 4×. The real server runs in its own process on an unminified
 * build (so functions keep their names) made into a temp dir (DIST_DIR), both its browser and
 * its server half. Prints self and total time per function and per package, and the long
 * tasks. A diagnostic tool, not a benchmark:
 *   node --import tsx scripts/bench/apply-page/profile.ts [--minify]
 * PROFILE_OUT=file.cpuprofile also writes the profile for Chromium's DevTools.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { launchBrowser, startApp } from '../../../tests/e2e/helpers/app';
import { afterTouch, observed, observerScript } from './observer';

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
  // The server renders with this build (its .ssr half) and serves its assets: the page is the one people get.
  const app = await startApp({ DIST_DIR: out });
  const browser = await launchBrowser();
  try {
    const list = (await (await fetch(`${app.url}/api/public/positions?take=1&page=1`)).json()) as { data: { items: { id: number; slug: string }[] } };
    const pos = list.data.items[0]!;
    const url = `${app.orgUrl}/${pos.id}_${pos.slug}/apply`;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'sv-SE', bypassCSP: true });
    // Warm the server (its first render loads the SSR bundle; that is not the page's cost), unthrottled.
    const warm = await context.newPage();
    for (let i = 0; i < 3; i++) await warm.goto(url, { waitUntil: 'load' });
    await warm.close();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(observerScript('[name="form_firstname"]', null, 1000));
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    // Profiled: the load until no long task has ended for a second, then a tap on the first name
    // field until the script has taken the form over (data-live) and a quiet second followed,
    // observed from inside the page (observer.ts).
    const done = observed(page);
    const res = await page.goto(url, { waitUntil: 'domcontentloaded' });
    const html = (await res?.text()) ?? '';
    if (!html.includes('id="blankett-ssr"') || !html.includes('name="form_firstname"')) {
      throw new Error('the apply page came without its server render (no #blankett-ssr or no form): nothing to profile');
    }
    const seen = await done;
    const touched = await afterTouch(page, cdp, '[name="form_firstname"]', '.pub-form-gate[data-live]');
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));
    const longTasks = seen.longTasks.map(([start, end]) => [Math.round(start), Math.round(end - start)]);
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
    // The busy stretches (samples between idle ones) of 50 ms or more, each with what filled it:
    // a long task is one of these, and this says whose it is.
    const stretches: { at: number; ms: number; fns: Map<string, number> }[] = [];
    let t = 0;
    let cur: { at: number; ms: number; fns: Map<string, number> } | null = null;
    profile.samples.forEach((id, i) => {
      const dt = (profile.timeDeltas[i] ?? 0) / 1000;
      t += dt;
      const n = byId.get(id)!;
      if (n.callFrame.functionName === '(idle)') {
        if (cur && cur.ms >= 50) stretches.push(cur);
        cur = null;
        return;
      }
      cur ??= { at: t, ms: 0, fns: new Map() };
      cur.ms += dt;
      const seen = new Set<string>();
      for (let k: number | undefined = id; k !== undefined; k = parent.get(k)) {
        const c = byId.get(k)!.callFrame;
        const fn = `${c.functionName || '(anonymous)'} ${packageOf(c.url, c.functionName)}:${c.lineNumber}`;
        if (!seen.has(fn) && c.functionName !== '(root)') add(cur.fns, fn, dt), seen.add(fn);
      }
    });
    const top = (m: Map<string, number>, n: number) =>
      [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `    ${v.toFixed(0).padStart(6)} ms  ${k}`).join('\n');
    console.log(`long tasks of the load [start, duration] ms: ${JSON.stringify(longTasks)} (form at ${seen.formAt.toFixed(0)} ms, quiet from ${seen.quietFrom.toFixed(0)} ms)`);
    console.log(`after the tap at ${touched.touchAt.toFixed(0)} ms: taken over at ${touched.liveAt.toFixed(0)} ms, long tasks ${JSON.stringify(touched.longTasks.map(([a, b]) => [Math.round(a), Math.round(b - a)]))}`);
    for (const st of stretches) console.log(`busy ${st.ms.toFixed(0)} ms at ${st.at.toFixed(0)} ms of the profile:\n${top(st.fns, 14)}`);
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
