/**
 * Benchmark of issue 5: the public apply page in Chromium with a phone viewport and the CPU
 * slowed 4× (CDP Emulation.setCPUThrottlingRate): the JavaScript it loads (KB gzip, summed over
 * every script the page fetched) and its time to interactive, ours (the real app served by the
 * real server, demo position) vs a page that renders the same form with plain @rjsf/core, built
 * with Vite's build API in the same run. Goals (issue 18): JS ≤ 120 KB gzip, TTI ≤ 0.7× the plain page.
 *
 * Time to interactive here: the later of "the form's first name field is in the DOM" and the
 * end of the last long task (≥ 50 ms) before a 1 s window without long tasks (Lighthouse's
 * definition with a 1 s instead of 5 s quiet window, and counted from navigation start).
 * Total blocking time: the sum of every long task's time over 50 ms until then (issue 27 item 2:
 * ≤ 50 ms; counted from navigation start, not from first paint, so stricter than Lighthouse's).
 * Ours is the page people get: server-rendered (checked: the form is in the HTML), a plain form
 * that posts without script; its script takes the form over (data-live) at the applicant's first
 * touch (screens/public/takeOver.ts). So ours is measured twice: the load, until the form is in
 * and a quiet second followed, and then a tap on the first name field (through CDP), until the
 * script has taken the form over and a quiet second followed: the take-over's long tasks are
 * reported as their own figures (TBT after the tap, its longest task), so the work moved to the
 * first touch is not hidden. One unmeasured round of each warms the server and the browser. The
 * page is observed from inside (apply-page/observer.ts): no Playwright script runs in it.
 *
 * Uses dist/ (runs `vite build` first when it is missing). Standalone:
 *   node --import tsx scripts/bench/apply-page.ts
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import type { Browser, BrowserContext } from 'playwright-core';
import { compileTemplate } from '../../engine/index';
import type { MetadataProperty } from '../../engine/types';
import { launchBrowser, startApp } from '../../tests/e2e/helpers/app';
import { ROOT, buildPage, runStandalone } from './_pages';
import { median } from './_stats';
import { afterTouch, blockingTime, observed, observerScript } from './apply-page/observer';
import type { BenchResult } from './_report';

const ROUNDS = 7;
const QUIET_MS = 1000;
const JS_GOAL_KB = 120;
const TTI_GOAL = 0.7;
const TBT_GOAL_MS = 50;
// Visible no later than the plain page (issue 27 reports it at 0.42×).
const VISIBLE_GOAL = 1;
// After the first tap the script has the form within this (at 4×; what is typed meanwhile is kept).
const LIVE_AFTER_TOUCH_GOAL_MS = 1500;

interface Sample {
  jsGzipKb: number;
  jsRawKb: number;
  ttiMs: number;
  formMs: number;
  /** Sum of the long tasks' time over 50 ms, until TTI. */
  tbtMs: number;
  longTasks: number;
  /** Ours: from the first tap to the script's take-over of the form (data-live). */
  liveAfterTouchMs: number | null;
  /** Ours: blocking time of the long tasks after the first tap, and the longest of them. */
  tbtAfterTouchMs: number | null;
  longestAfterTouchMs: number | null;
  /** The form came in the first HTML (server-rendered). */
  inHtml: boolean;
  scripts: { url: string; gzipKb: number }[];
}

async function phoneContext(browser: Browser): Promise<BrowserContext> {
  // bypassCSP: this measures speed, not policy (the browser tests run under the server's
  // real CSP); the in-page observer below is injected as a script.
  return browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'sv-SE', bypassCSP: true });
}

async function measure(browser: Browser, url: string, field: string, live: string | null, prepare?: (ctx: BrowserContext) => Promise<void>): Promise<Sample> {
  // `live`: ours, whose script takes the form over at the first touch; null: the plain page.
  const context = await phoneContext(browser);
  try {
    if (prepare) await prepare(context);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(observerScript(field, null, QUIET_MS));
    const scripts: Promise<{ url: string; raw: number; gzip: number }>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      scripts.push(res.body().then((b) => ({ url: new URL(res.url()).pathname, raw: b.length, gzip: gzipSync(b, { level: 9 }).length }), () => ({ url: res.url(), raw: 0, gzip: 0 })));
    });
    const done = observed(page);
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    const o = await done;
    const touched = live ? await afterTouch(page, cdp, field, live) : null;
    const list = await Promise.all(scripts);
    const sum = (k: 'raw' | 'gzip') => list.reduce((n, s) => n + s[k], 0) / 1024;
    const tti = Math.max(o.formAt, ...o.longTasks.map(([, end]) => end));
    return {
      jsGzipKb: sum('gzip'),
      jsRawKb: sum('raw'),
      ttiMs: tti,
      formMs: o.formAt,
      liveAfterTouchMs: touched ? touched.liveAt - touched.touchAt : null,
      tbtAfterTouchMs: touched ? blockingTime(touched.longTasks) : null,
      longestAfterTouchMs: touched ? Math.max(0, ...touched.longTasks.map(([a, b]) => b - a)) : null,
      tbtMs: blockingTime(o.longTasks),
      longTasks: o.longTasks.length,
      inHtml: o.inHtml,
      scripts: list.map((s) => ({ url: s.url, gzipKb: s.gzip / 1024 })),
    };
  } finally {
    await context.close();
  }
}

export async function run(): Promise<BenchResult> {
  if (!existsSync(join(ROOT, 'dist', 'index.html'))) {
    await build({ configFile: join(ROOT, 'vite.config.ts'), root: ROOT, logLevel: 'error' });
  }
  const dir = mkdtempSync(join(tmpdir(), 'blankett-apply-bench-'));
  const app = await startApp();
  let browser: Browser | undefined;
  try {
    const list = (await (await fetch(`${app.url}/api/public/positions?take=1&page=1`)).json()) as { data: { items: { id: number; slug: string }[] } };
    const pos = list.data.items[0];
    if (!pos) throw new Error('ingen publik tjänst i demodatan');
    const full = (await (await fetch(`${app.url}/api/public/positions/${pos.id}`)).json()) as { data: { metadata: MetadataProperty[]; name: string } };
    const schema = compileTemplate({ metadata: full.data.metadata }).schema;
    const plainJs = (await buildPage(join(ROOT, 'scripts/bench/apply-page/plain.tsx'), dir)).js;
    // The plain page is served from the same origin as ours, so both pay the same network costs.
    const plainHtml = `<!doctype html><html lang="sv"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Ansökan</title>
<script>window.__benchSchema = ${JSON.stringify(schema).replace(/</g, '\\u003c')};</script></head><body><div id="root"></div><script src="/__bench/plain.js"></script></body></html>`;
    const servePlain = async (ctx: BrowserContext) => {
      await ctx.route('**/__bench/plain.html', (r) => r.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: plainHtml }));
      await ctx.route('**/__bench/plain.js', (r) => r.fulfill({ status: 200, contentType: 'text/javascript', body: plainJs }));
    };
    browser = await launchBrowser();
    const ours: Sample[] = [];
    const plain: Sample[] = [];
    const oursUrl = `${app.orgUrl}/${pos.id}_${pos.slug}/apply`;
    // Alternate the two so a slow moment of the shared machine hits both alike; round 0 warms both.
    for (let i = 0; i <= ROUNDS; i++) {
      const p = await measure(browser, `${app.url}/__bench/plain.html`, '[name="root_form_firstname"]', null, servePlain);
      const o = await measure(browser, oursUrl, '[name="form_firstname"]', '.pub-form-gate[data-live]');
      if (!o.inHtml) throw new Error(`${oursUrl} kom utan serverrenderat formulär: mätningen gäller inte sidan man får`);
      if (i === 0) continue;
      plain.push(p);
      ours.push(o);
    }
    const summary = (xs: Sample[]) => ({
      js: median(xs.map((s) => s.jsGzipKb)),
      raw: median(xs.map((s) => s.jsRawKb)),
      tti: median(xs.map((s) => s.ttiMs)),
      form: median(xs.map((s) => s.formMs)),
      live: median(xs.map((s) => s.liveAfterTouchMs ?? 0)),
      tbtTouch: median(xs.map((s) => s.tbtAfterTouchMs ?? 0)),
      longestTouch: median(xs.map((s) => s.longestAfterTouchMs ?? 0)),
      tbt: median(xs.map((s) => s.tbtMs)),
      tbtMax: Math.max(...xs.map((s) => s.tbtMs)),
      longTasks: xs.reduce((n, s) => n + s.longTasks, 0),
    });
    const o = summary(ours);
    const p = summary(plain);
    const chunks = (ours[0]?.scripts ?? []).map((s) => `    ${s.url}  ${s.gzipKb.toFixed(1)} KB gzip`);
    return [
      `  ansökningssidan för '${full.data.name}' (${full.data.metadata.length} fält), Chromium, telefon 390×844, CPU 4× långsammare, utan cache, ${ROUNDS} omgångar var (median) efter en uppvärmningsomgång, växelvis; servern i egen process`,
      `  Blankett (${oursUrl.replace(app.orgUrl, '')}, serverrenderad):  JS ${o.js.toFixed(1)} KB gzip (${o.raw.toFixed(0)} KB okomprimerat), formuläret synligt efter ${o.form.toFixed(0)} ms, interaktiv efter ${o.tti.toFixed(0)} ms, TBT ${o.tbt.toFixed(0)} ms (högst ${o.tbtMax.toFixed(0)}), ${o.longTasks} långa uppgifter på ${ROUNDS} laddningar; efter första trycket i förnamnsfältet övertaget av skriptet efter ${o.live.toFixed(0)} ms, TBT ${o.tbtTouch.toFixed(0)} ms, längsta uppgift ${o.longestTouch.toFixed(0)} ms`,
      `  ren @rjsf/core <Form>:          JS ${p.js.toFixed(1)} KB gzip (${p.raw.toFixed(0)} KB okomprimerat), formuläret synligt efter ${p.form.toFixed(0)} ms, interaktiv efter ${p.tti.toFixed(0)} ms, TBT ${p.tbt.toFixed(0)} ms (högst ${p.tbtMax.toFixed(0)}), ${p.longTasks} långa uppgifter på ${ROUNDS} laddningar`,
      `  per omgång, Blankett TTI/TBT (efter trycket: TBT/längsta): ${ours.map((s) => `${s.ttiMs.toFixed(0)}/${s.tbtMs.toFixed(0)} (${(s.tbtAfterTouchMs ?? 0).toFixed(0)}/${(s.longestAfterTouchMs ?? 0).toFixed(0)})`).join(', ')} ms; ren: ${plain.map((s) => `${s.ttiMs.toFixed(0)}/${s.tbtMs.toFixed(0)}`).join(', ')} ms`,
      { name: 'ansökningssidans JS (gzip)', ours: o.js, peer: p.js, peerName: 'ren @rjsf/core', unit: 'KB', goal: { atMost: JS_GOAL_KB } },
      { name: 'tid till interaktiv', ours: o.tti, peer: p.tti, peerName: 'ren @rjsf/core', unit: 'ms', goal: { ratioAtMost: TTI_GOAL } },
      { name: 'total blockeringstid (TBT, telefon)', ours: o.tbt, peer: p.tbt, peerName: 'ren @rjsf/core', unit: 'ms', goal: { atMost: TBT_GOAL_MS } },
      { name: 'formuläret övertaget av skriptet efter första trycket', ours: o.live, unit: 'ms', goal: { atMost: LIVE_AFTER_TOUCH_GOAL_MS } },
      { name: 'total blockeringstid efter första trycket (telefon)', ours: o.tbtTouch, unit: 'ms', goal: { atMost: TBT_GOAL_MS } },
      { name: 'formuläret synligt', ours: o.form, peer: p.form, peerName: 'ren @rjsf/core', unit: 'ms', goal: { ratioAtMost: VISIBLE_GOAL } },
      `  skript som ansökningssidan laddar:`,
      ...chunks,
    ];
  } finally {
    await browser?.close();
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

runStandalone(import.meta.url, run);
