/**
 * Benchmark of issue 30 item 4: the Analys page of a position with 50,000 applicants and
 * 200,000 Process-history entries, in Chromium against the real server and the real build
 * (embedded store): ms from navigation to the first chart drawn (chart.js canvas marked
 * drawn), vs the applicant list of the same position in the same run to its first row (goal
 * ≤ 1.5×): once computed afresh after one application changed (as a move or a new application
 * does), and once with nothing changed since (the figures kept by the read cache). Also
 * get_analysis alone over HTTP, computed afresh.
 * Standalone:
 *   node --import tsx scripts/bench/analysis.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { launchBrowser } from '../../tests/e2e/helpers/app';
import { loadContainer } from '../../server/domain/organisations/containers';
import type { PositionDoc } from '../../server/domain/core/docs';
import { ROOT, runStandalone } from './_pages';
import { median } from './_stats';
import { seedApplicants } from './_seed';
import type { BenchContext, BenchResult } from './_report';
import { login, startBenchServer, timedCall, type BenchServer } from './server-common';

const TOTAL = Number(process.env.BENCH_ANALYSIS_TOTAL ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ANALYSIS_ROUNDS ?? 5);
const DAY = 86_400;

async function seed(server: BenchServer, ctx: BenchContext) {
  const c = await loadContainer(server.store, 1);
  const position = (await server.store.collection<PositionDoc>('positions').findOne({ containerId: c.id, isInternal: false }))!;
  const levels = (c.labels ?? []).filter((l) => l.labelType === 'Process');
  const interest = (c.labels ?? []).filter((l) => l.labelType === 'Interest');
  const now = Math.floor(Date.now() / 1000);
  // Four history entries each (200,000 in all), one of them a move back.
  await seedApplicants(server.store, ctx, { containerId: c.id, positionId: position.id, formVersion: position.formVersion }, TOTAL, (i) => {
    const at = now - TOTAL + i;
    const path = [levels[1]!, levels[0]!, levels[1 + (i % 2)]!, levels[(i % levels.length)]!];
    return {
      interestLabelId: interest[i % interest.length]!.id,
      processLabelId: path.at(-1)!.id,
      processHistory: path.map((l, k) => ({ labelId: l.id, at: at + (k + 1) * DAY })),
      source: i % 3 === 0 ? { tag: ['linkedin', 'facebook', 'tidning'][i % 9 === 0 ? 0 : i % 2]! } : undefined,
    };
  });
  return position;
}

/** One page load in a fresh tab with the session's token: ms from navigation until `ready` is on the page. */
async function measure(browser: Browser, server: BenchServer, token: string, path: string, ready: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript((t) => localStorage.setItem('blankett.token', t), token);
  const tab = await context.newPage();
  try {
    const t0 = Date.now();
    await tab.goto(`${server.url}${path}`);
    await tab.locator(ready).first().waitFor({ timeout: 120_000 });
    return Date.now() - t0;
  } finally {
    await context.close();
  }
}

export async function run(ctx: BenchContext = { progress: () => undefined }): Promise<BenchResult> {
  const dist = mkdtempSync(join(tmpdir(), 'blankett-analysis-'));
  let server: BenchServer | undefined;
  let browser: Browser | undefined;
  try {
    ctx.progress('bygger framsidan');
    await build({ root: ROOT, configFile: join(ROOT, 'vite.config.ts'), logLevel: 'error', build: { outDir: dist, emptyOutDir: true } });
    server = await startBenchServer({ distDir: dist });
    ctx.progress(`lägger in ${TOTAL} sökande med ${TOTAL * 4} historikposter via lagringsporten`);
    const position = await seed(server, ctx);
    const token = await login(server.url, 'writer@demo.test');
    browser = await launchBrowser();
    // A change to one application, as a move or a new application makes: the figures are computed afresh.
    let n = 0;
    const change = () => server!.store.collection('applications').updateOne({ id: 1_000_000 + (n++ % TOTAL) }, { $set: { notesCount: 0 } });
    const analys = `/admin/positions/${position.id}/analys`;
    const drawn = 'canvas[data-drawn="true"]';
    const page: number[] = [];
    const warm: number[] = [];
    const list: number[] = [];
    const calls: number[] = [];
    const listCalls: number[] = [];
    // Alternate the pages so a slow moment of the shared machine hits both alike.
    for (let round = 0; round < ROUNDS; round++) {
      ctx.progress(`omgång ${round + 1} av ${ROUNDS}`);
      list.push(await measure(browser, server, token, `/admin/positions/${position.id}`, '.apl-row'));
      await change();
      page.push(await measure(browser, server, token, analys, drawn));
      warm.push(await measure(browser, server, token, analys, drawn));
      await change();
      calls.push((await timedCall(server, token, 'get_analysis', { containerId: 1, positionId: position.id })).ms);
      listCalls.push((await timedCall(server, token, 'get_applicantPositionByPosition', { positionId: position.id })).ms);
    }
    return [
      `  ${TOTAL} sökande och ${TOTAL * 4} historikposter på en annons; Chromium mot riktig server och riktigt bygge (inbäddad lagring); median av ${ROUNDS} omgångar`,
      { name: 'Analys-sidan till första diagrammet, ingen ändring sedan förra visningen', ours: median(warm), peer: median(list), peerName: 'sökandelistan för samma annons till första raden', unit: 'ms', goal: { ratioAtMost: 1.5 } },
      { name: 'Analys-sidan till första diagrammet efter en ändrad ansökan', ours: median(page), peer: median(list), peerName: 'sökandelistan för samma annons till första raden', unit: 'ms', goal: { ratioAtMost: 1.5 } },
      { name: 'get_analysis för annonsen (ett anrop)', ours: median(calls), peer: median(listCalls), peerName: 'get_applicantPositionByPosition', unit: 'ms', goal: { atMost: 1000 } },
    ];
  } finally {
    await browser?.close();
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  }
}

runStandalone(import.meta.url, run);
