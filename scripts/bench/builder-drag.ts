/**
 * Benchmark of issue 4: dragging one field in a builder list of 200 fields in Chromium,
 * frame-time p95 during the drag, Blankett's FormBuilder (live preview included) vs the
 * plain @dnd-kit sortable list of 200 items, in the same run (goal ≤ 1.2× and < 16.7 ms).
 * The drag's frames include the drop and every frame after it until the page is still, so
 * the live preview's render of the new order is measured (issue 27 item 5); the longest
 * frame after the drop is reported on its own too (one slow frame hides in a p95).
 * Both pages are built with Vite's build API into a temporary folder. Runs standalone:
 *   node --import tsx scripts/bench/builder-drag.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../tests/e2e/helpers/app';
import { ROOT, buildPage, runStandalone, type BuiltPage } from './_pages';
import { median, percentile } from './_stats';
import type { BenchResult } from './_report';

export { ROOT, buildPage, percentile, type BuiltPage };
export const FIELDS = 200;
/** The drag: the 11th field, carried down past 20 rows in 120 pointer moves. */
export const FROM = 10;
export const ROWS = 20;
export const STEPS = 120;
const ROUNDS = 5;
const FRAME_BUDGET_MS = 16.7;
/** A frame after the drop may hold the page at most a long task's 50 ms (RAIL: a response within 100 ms). */
const LONG_TASK_MS = 50;


/** Drag-handle selectors of the two pages. */
export const HANDLES = { plain: 'ul > li > button.handle', ours: '[aria-label="Formulärfält"] > li > button.bld-handle' };




/**
 * A fresh tab with the page loaded and one warm-up drag done; `drag()` runs the timed drag
 * and resolves to its frame times. The caller closes `context`.
 */
export async function openDragPage(browser: Browser, page: BuiltPage, handle: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const tab = await context.newPage();
  await tab.setContent('<!doctype html><html lang="sv"><head><meta charset="utf-8"></head><body><div id="root"></div></body></html>');
  await tab.evaluate((n) => Object.assign(window, { __benchCount: n }), FIELDS);
  if (page.css) await tab.addStyleTag({ content: page.css });
  await tab.addScriptTag({ content: page.js });
  await tab.waitForFunction((sel) => window.__benchReady === true && document.querySelectorAll(sel).length >= 200, handle);
  const drag = () =>
    tab.evaluate(([sel, from, rows, steps]) => window.__benchDrag!(sel as string, from as number, rows as number, steps as number), [handle, FROM, ROWS, STEPS] as const);
  await drag();
  return { context, tab, drag };
}

/** One drag in a fresh tab (after one warm-up drag): the p95 of its frame times, the longest frame of its drop. */
async function measure(browser: Browser, page: BuiltPage, handle: string): Promise<{ p95: number; drop: number }> {
  const { context, tab, drag } = await openDragPage(browser, page, handle);
  try {
    const p95 = percentile(await drag(), 95);
    return { p95, drop: Math.max(...(await tab.evaluate(() => window.__benchDropFrames ?? []))) };
  } finally {
    await context.close();
  }
}

export async function run(): Promise<BenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'blankett-drag-'));
  let browser: Browser | undefined;
  try {
    const ours = await buildPage(join(ROOT, 'scripts/bench/builder-drag/ours.tsx'), join(dir, 'ours'));
    const plain = await buildPage(join(ROOT, 'scripts/bench/builder-drag/plain.tsx'), join(dir, 'plain'));
    browser = await launchBrowser();
    const oursR: { p95: number; drop: number }[] = [];
    const plainR: { p95: number; drop: number }[] = [];
    // Alternate the two so a slow moment of the shared machine hits both alike.
    for (let round = 0; round < ROUNDS; round++) {
      plainR.push(await measure(browser, plain, HANDLES.plain));
      oursR.push(await measure(browser, ours, HANDLES.ours));
    }
    const o = median(oursR.map((r) => r.p95));
    const p = median(plainR.map((r) => r.p95));
    const peerName = 'ren @dnd-kit sortable-lista';
    return [
      `  ${FIELDS} fält; fält ${FROM + 1} dras förbi ${ROWS} rader i ${STEPS} pekarrörelser och släpps, bildrutorna tills sidan står still (förhandsvisningen ritad om) med; Chromium, median av ${ROUNDS} omgångar av p95 per drag`,
      { name: 'bildruta under drag och släpp, p95', ours: o, peer: p, peerName, unit: 'ms', goal: { ratioAtMost: 1.2 } },
      { name: 'bildruta under drag och släpp, p95, inom en bildruta', ours: o, unit: 'ms', goal: { atMost: FRAME_BUDGET_MS } },
      { name: 'längsta bildruta efter släpp', ours: median(oursR.map((r) => r.drop)), peer: median(plainR.map((r) => r.drop)), peerName, unit: 'ms', goal: { atMost: LONG_TASK_MS } },
    ];
  } finally {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

runStandalone(import.meta.url, run);
