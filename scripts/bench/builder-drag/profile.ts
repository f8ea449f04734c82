/**
 * Where a drag frame's time goes, for tuning the builder-drag benchmark (not part of
 * `npm run bench`): per page, the timed drag's p95 and median frame, how far the page
 * auto-scrolled, Chromium's own counters per pointer move (script, style recalc, layout) and
 * the slowest frames with what happened in them (a new drop target, a scroll, neither).
 * Pages are measured in turn in one browser, after a warm-up drag each. Run:
 *   node --import tsx scripts/bench/builder-drag/profile.ts [cpu]
 * With `cpu`, pages are built unminified and a CPU profile of the last round's drags goes to
 * $TMPDIR/builder-drag-<page>.cpuprofile (open it in Chrome DevTools' Performance panel).
 * ROUNDS=n (default 2) rounds; QUIET=1 prints only the summary; COMPARE_ROOT=<dir> also
 * measures the builder of another checkout (e.g. an older commit) for an A/B in one run.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../../tests/e2e/helpers/app';
import { HANDLES, ROOT, STEPS, buildPage, openDragPage, percentile, type BuiltPage } from '../builder-drag';

const METRICS = ['ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration', 'RecalcStyleCount', 'LayoutCount', 'Nodes'] as const;

interface Result {
  text: string;
  p95: number;
  median: number;
}

async function profile(browser: Browser, page: BuiltPage, handle: string, tracePath?: string): Promise<Result> {
  const { context, tab, drag } = await openDragPage(browser, page, handle);
  try {
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
    // Which frames are the slow ones: those with a scroll, a new drop target or neither.
    await tab.evaluate(() => {
      const w = window as unknown as { __marks: [string, number][] };
      w.__marks = [];
      const dispatch = document.dispatchEvent.bind(document);
      document.dispatchEvent = (e: Event) => {
        if (e.type === 'pointermove') w.__marks.push(['move', performance.now()]);
        return dispatch(e);
      };
      addEventListener('scroll', () => w.__marks.push(['scroll', performance.now()]), { capture: true, passive: true });
      new MutationObserver(() => w.__marks.push(['over', performance.now()])).observe(document.querySelector('[aria-live="assertive"]') ?? document.body, { subtree: true, characterData: true, childList: true });
    });
    const before = await read();
    const times = await drag();
    const after = await read();
    if (tracePath) writeFileSync(tracePath, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    const parts = METRICS.map((m) => {
      const delta = (after[m] ?? 0) - (before[m] ?? 0);
      const v = m.endsWith('Duration') ? `${((delta * 1000) / STEPS).toFixed(2)} ms` : m === 'Nodes' ? String(after[m]) : (delta / STEPS).toFixed(1);
      return `${m.replace('Duration', '')} ${v}`;
    });
    const scrolled = await tab.evaluate(() => Math.round(window.scrollY));
    const dropFrames = await tab.evaluate(() => (window.__benchDropFrames ?? []).map((t) => t.toFixed(1)).join(" "));
    const marks = await tab.evaluate(() => (window as unknown as { __marks: [string, number][] }).__marks);
    const moves = marks.filter(([k]) => k === 'move').map(([, t]) => t).slice(1);
    const kinds = times.map((_, i) => {
      const [from, to] = [moves[i] ?? Infinity, moves[i + 1] ?? Infinity];
      const seen = new Set(marks.filter(([k, t]) => k !== 'move' && t >= from && t < to).map(([k]) => k));
      return [...seen].sort().join('+') || 'plain';
    });
    const slow = times.map((t, i) => [t, kinds[i]] as const).sort((a, b) => b[0] - a[0]).slice(0, 8);
    const slowest = slow.map(([t, k]) => `${t.toFixed(1)}(${k})`).join(' ');
    const [p95, median] = [percentile(times, 95), percentile(times, 50)];
    return { p95, median, text: `p95 ${p95.toFixed(2)} ms, median ${median.toFixed(2)} ms, page scrolled to ${scrolled} px; per move: ${parts.join(', ')}\n         slowest frames: ${slowest}\n         drop frames: ${dropFrames}` };
  } finally {
    await context.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'blankett-drag-prof-'));
let browser: Browser | undefined;
try {
  const cpu = process.argv.includes('cpu');
  const pages: [string, BuiltPage, string][] = [
    ['plain', await buildPage(join(ROOT, 'scripts/bench/builder-drag/plain.tsx'), join(dir, 'plain'), !cpu), HANDLES.plain],
    ['ours', await buildPage(join(ROOT, 'scripts/bench/builder-drag/ours.tsx'), join(dir, 'ours'), !cpu), HANDLES.ours],
  ];
  // A/B: COMPARE_ROOT is another checkout (e.g. an older commit) whose builder is measured alongside.
  const other = process.env.COMPARE_ROOT;
  if (other) pages.push(['other', await buildPage(join(other, 'scripts/bench/builder-drag/ours.tsx'), join(dir, 'other'), !cpu), HANDLES.ours]);
  browser = await launchBrowser();
  const rounds = Number(process.env.ROUNDS ?? 2);
  const all = new Map<string, Result[]>();
  for (let round = 0; round < rounds; round++) {
    for (const [name, page, handle] of pages) {
      const path = cpu && round === rounds - 1 ? join(tmpdir(), `builder-drag-${name}.cpuprofile`) : undefined;
      const r = await profile(browser, page, handle, path);
      all.set(name, [...(all.get(name) ?? []), r]);
      if (!process.env.QUIET) console.log(`${name.padEnd(6)} ${r.text}`);
    }
  }
  for (const [name, rs] of all) {
    const p95s = rs.map((r) => r.p95);
    const medians = rs.map((r) => r.median);
    console.log(`${name.padEnd(6)} p95 median ${percentile(p95s, 50).toFixed(2)} ms (${Math.min(...p95s).toFixed(1)}–${Math.max(...p95s).toFixed(1)}), frame median ${percentile(medians, 50).toFixed(2)} ms`);
  }
} finally {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
}
