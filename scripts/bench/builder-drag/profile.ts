/**
 * Where a drag frame's time goes, for tuning the builder-drag benchmark (not part of
 * `npm run bench`): Chromium's own counters (script, style recalc, layout) summed over one
 * timed drag on each page, after a warm-up drag. Run:
 *   node --import tsx scripts/bench/builder-drag/profile.ts [cpu]
 * With `cpu`, pages are built unminified and a CPU profile of each timed drag goes to $TMPDIR
 * (open it in Chrome's DevTools, Performance panel).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { ARGS, CHROMIUM, FIELDS, FROM, HANDLES, ROOT, ROWS, STEPS, buildPage, percentile, type BuiltPage } from '../builder-drag';

const METRICS = ['ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration', 'RecalcStyleCount', 'LayoutCount', 'Nodes'] as const;

async function profile(browser: Browser, page: BuiltPage, handle: string, tracePath?: string): Promise<string> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const tab = await context.newPage();
  try {
    await tab.setContent('<!doctype html><html lang="sv"><head><meta charset="utf-8"></head><body><div id="root"></div></body></html>');
    await tab.evaluate((n) => Object.assign(window, { __benchCount: n }), FIELDS);
    if (page.css) await tab.addStyleTag({ content: page.css });
    await tab.addScriptTag({ content: page.js });
    await tab.waitForFunction((sel) => window.__benchReady === true && document.querySelectorAll(sel).length >= 200, handle);
    const drag = () =>
      tab.evaluate(([sel, from, rows, steps]) => window.__benchDrag!(sel as string, from as number, rows as number, steps as number), [handle, FROM, ROWS, STEPS] as const);
    await drag();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Performance.enable');
    const read = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
    };
    if (tracePath) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    const before = await read();
    const times = await drag();
    const after = await read();
    if (tracePath) writeFileSync(tracePath, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    const parts = METRICS.map((m) => {
      const delta = (after[m] ?? 0) - (before[m] ?? 0);
      const v = m.endsWith('Duration') ? `${((delta * 1000) / STEPS).toFixed(2)} ms` : m === 'Nodes' ? String(after[m]) : (delta / STEPS).toFixed(1);
      return `${m.replace('Duration', '')} ${v}`;
    });
    return `p95 ${percentile(times, 95).toFixed(2)} ms, median ${percentile(times, 50).toFixed(2)} ms; per move: ${parts.join(', ')}`;
  } finally {
    await context.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'blankett-drag-prof-'));
let browser: Browser | undefined;
try {
  const cpu = process.argv.includes('cpu');
  const ours = await buildPage(join(ROOT, 'scripts/bench/builder-drag/ours.tsx'), join(dir, 'ours'), !cpu);
  const plain = await buildPage(join(ROOT, 'scripts/bench/builder-drag/plain.tsx'), join(dir, 'plain'), !cpu);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  for (let round = 0; round < 2; round++) {
    const path = (name: string) => (cpu && round === 1 ? join(tmpdir(), `builder-drag-${name}.cpuprofile`) : undefined);
    console.log(`plain: ${await profile(browser, plain, HANDLES.plain, path('plain'))}`);
    console.log(`ours:  ${await profile(browser, ours, HANDLES.ours, path('ours'))}`);
  }
} finally {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
}
