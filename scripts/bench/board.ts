/**
 * Benchmark of issue 17 item 1: the pipeline board of a position with 50,000 applicants spread
 * over its Process levels. In Chromium against the real server (HTTP dispatcher, token,
 * policy): time to the first cards of every column, ours (screens/applicants/board: the
 * board a writer sees) vs a plain dnd-kit board of the same cards from the same call, in
 * the same run (goal ≤ 1.2×), and the frame time p95 while a card is dragged across the
 * board and back (the same goal). Then a move of one card (update_jobApplicationProcess with
 * one id), p95 over HTTP, beside the board's own read. The applicants are inserted straight
 * through the store port. Standalone:
 *   node --import tsx scripts/bench/board.ts
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../tests/e2e/helpers/app';
import { loadContainer } from '../../server/domain/organisations/containers';
import type { PositionDoc } from '../../server/domain/core/docs';
import { ROOT, buildPage, openBuiltPage, runStandalone, type BuiltPage } from './_pages';
import { median, percentile } from './_stats';
import { seedApplicants } from './_seed';
import type { BenchContext, BenchResult } from './_report';
import { login, startBenchServer, timedCall, type BenchServer } from './server-common';

const TOTAL = Number(process.env.BENCH_BOARD_TOTAL ?? 50_000);
const ROUNDS = Number(process.env.BENCH_BOARD_ROUNDS ?? 5);
const MOVES = 40;
const DRAG_STEPS = 120;

async function seed(server: BenchServer, ctx: BenchContext) {
  const c = await loadContainer(server.store, 1);
  const position = (await server.store.collection<PositionDoc>('positions').findOne({ containerId: c.id, isInternal: false }))!;
  const levels = (c.labels ?? []).filter((l) => l.labelType === 'Process');
  const interest = (c.labels ?? []).find((l) => l.labelType === 'Interest')!;
  await seedApplicants(server.store, ctx, { containerId: c.id, positionId: position.id, formVersion: position.formVersion }, TOTAL, (i) => ({
    interestLabelId: interest.id,
    processLabelId: levels[i % levels.length]!.id,
  }));
  return { position, levels };
}

let profiles = 0;

/** One page load in a fresh tab: ms from the navigation start until every column shows its first cards. */
async function measure(browser: Browser, server: BenchServer, page: BuiltPage, setup: string) {
  const { context, tab } = await openBuiltPage(browser, server.url, page, setup);
  try {
    await tab.waitForFunction(() => typeof window.__benchBoardFirst === 'number', undefined, { timeout: 60_000 });
    const first = await tab.evaluate(() => window.__benchBoardFirst!);
    // BOARD_CPU=<file prefix>: a CPU profile of each drag to <prefix>-<n>.cpuprofile (for finding what a frame costs).
    const cdp = process.env.BOARD_CPU ? await context.newCDPSession(tab) : undefined;
    if (cdp) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
    const frames = await tab.evaluate((steps) => window.__benchBoardDrag!(steps), DRAG_STEPS);
    if (cdp) writeFileSync(`${process.env.BOARD_CPU}-${(profiles += 1)}.cpuprofile`, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    return { first, drag: percentile(frames, 95) };
  } finally {
    await context.close();
  }
}

export async function run(ctx: BenchContext = { progress: () => undefined }): Promise<BenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'blankett-board-'));
  const server = await startBenchServer();
  let browser: Browser | undefined;
  try {
    ctx.progress(`lägger in ${TOTAL} sökande via lagringsporten`);
    const { position, levels } = await seed(server, ctx);
    const token = await login(server.url, 'writer@demo.test');
    ctx.progress('bygger sidorna');
    const ours = await buildPage(join(ROOT, 'scripts/bench/board/ours.tsx'), join(dir, 'ours'), !process.env.BOARD_CPU);
    const plain = await buildPage(join(ROOT, 'scripts/bench/board/plain.tsx'), join(dir, 'plain'), !process.env.BOARD_CPU);
    const cards = Math.min(TOTAL, 30 * levels.length);
    const setup = `window.__benchToken=${JSON.stringify(token)};window.__benchPosition=${position.id};window.__benchBoardCards=${cards};`;
    browser = await launchBrowser();
    const o = { first: [] as number[], drag: [] as number[] };
    const p = { first: [] as number[], drag: [] as number[] };
    // Alternate the two so a slow moment of the shared machine hits both alike.
    for (let round = 0; round < ROUNDS; round++) {
      ctx.progress(`omgång ${round + 1} av ${ROUNDS}`);
      const a = await measure(browser, server, plain, setup);
      p.first.push(a.first);
      p.drag.push(a.drag);
      const b = await measure(browser, server, ours, setup);
      o.first.push(b.first);
      o.drag.push(b.drag);
    }
    ctx.progress('flyttar');
    const moves: number[] = [];
    const reads: number[] = [];
    for (let i = 0; i < MOVES; i++) {
      const to = levels[(i + 1) % levels.length]!.id;
      moves.push((await timedCall(server, token, 'update_jobApplicationProcess', { labelId: to, ids: [1_000_000 + TOTAL - 1 - i] })).ms);
      reads.push((await timedCall(server, token, 'get_applicantBoard', { positionId: position.id })).ms);
    }
    return [
      `  ${TOTAL} sökande på en annons över ${levels.length} processnivåer; Chromium mot riktig server (inbäddad lagring); median av ${ROUNDS} omgångar`,
      { name: `tavlans första kort (${cards})`, ours: median(o.first), peer: median(p.first), peerName: 'enkel dnd-kit-tavla, samma anrop', unit: 'ms', goal: { ratioAtMost: 1.2 } },
      { name: `bildruta under dragning över tavlan, p95 (${DRAG_STEPS} steg)`, ours: median(o.drag), peer: median(p.drag), peerName: 'enkel dnd-kit-tavla, samma anrop', unit: 'ms', goal: { ratioAtMost: 1.2 } },
      { name: `flytt av ett kort (ett anrop), p95 av ${MOVES}`, ours: percentile(moves, 95), peer: percentile(reads, 95), peerName: 'tavlans läsning (get_applicantBoard)', unit: 'ms' },
    ];
  } finally {
    await browser?.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

runStandalone(import.meta.url, run);
