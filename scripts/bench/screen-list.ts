/**
 * Benchmark of issue 8, the screen runner, in Chromium against the real server: a route change
 * to the first 30 rows of a list screen (the positions screen file through the runner: guard,
 * title, ListScreen) vs a hand-written React table of the same rows from the same call with the
 * same columns, in the same run, alternating (goal ≤ 1.1×). The admin JavaScript each route
 * loads, once weighed here without a goal, is admin-js.ts's, with a goal per route.
 * Standalone: node --import tsx scripts/bench/screen-list.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../tests/e2e/helpers/app';
import type { PositionDoc } from '../../server/domain/core/docs';
import { ROOT, buildPage, openBuiltPage, runStandalone, type BuiltPage } from './_pages';
import { median } from './_stats';
import type { BenchContext, BenchResult } from './_report';
import { login, startBenchServer, type BenchServer } from './server-common';

const ROUNDS = Number(process.env.BENCH_SCREEN_ROUNDS ?? 15);
const POSITIONS = 40;
const ROWS = { ours: 'table.scr-table tbody tr', plain: '#plain tbody tr' };
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

export async function run(ctx: BenchContext = { progress: () => undefined }): Promise<BenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'blankett-screen-list-'));
  const server = await startBenchServer();
  let browser: Browser | undefined;
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

    return [
      `  ${POSITIONS + 0} annonser till i demoföretaget; Chromium mot riktig server; median av ${ROUNDS} ruttbyten var, växelvis`,
      { name: 'ruttbyte till listans första 30 rader', ours: median(times.ours), peer: median(times.plain), peerName: 'handskriven React-tabell, samma anrop och kolumner', unit: 'ms', goal: { ratioAtMost: 1.1 } },
    ];
  } finally {
    await browser?.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

runStandalone(import.meta.url, run);
