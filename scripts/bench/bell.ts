/**
 * Benchmark of issue 8: a new application's notification, from the public apply request to
 * the bell's update in the admin shell, in Chromium on loopback. 100 applications, one at a
 * time; each is timed from just before the apply POST leaves until the bell's accessible
 * name says one more unread (a MutationObserver in the page, both clocks on the same
 * machine's wall time with sub-millisecond parts). Goal: p95 < 100 ms.
 *
 * Peer, in the same run and the same page: a bare WebSocket that joins the same container
 * and notes when the Notification frame arrives, so the ratio shows what the shell adds on
 * top of the server's own apply → push path.
 *
 * Uses DIST_DIR or dist/ (runs `vite build` first when it is missing). Standalone:
 *   node --import tsx scripts/bench/bell.ts
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import type { Browser, Page } from 'playwright-core';
import { personnummer, validAnswers } from '../../tests/integration/helpers/domain';
import { firstPublicPosition, launchBrowser, loginAs, newPage, startApp, type RunningApp } from '../../tests/e2e/helpers/app';
import { ROOT, runStandalone } from './_pages';
import { median, percentile } from './_stats';
import type { BenchContext, BenchResult } from './_report';

const COUNT = 100;
const WARMUP = 5;
const GOAL_MS = 100;

/** Installed in the page: the bell watcher and the bare peer socket. */
const PROBE = `
  window.__bell = {
    peer: [],
    wait(n) {
      const label = 'Notifikationer, ' + n + ' olästa';
      const now = () => performance.timeOrigin + performance.now();
      return new Promise((resolve) => {
        const hit = () => document.querySelector('[aria-label="' + label + '"]');
        if (hit()) return resolve(now());
        const mo = new MutationObserver(() => {
          if (hit()) { mo.disconnect(); resolve(now()); }
        });
        mo.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['aria-label'], childList: true });
      });
    },
    connectPeer(token, containerId) {
      return new Promise((resolve) => {
        const ws = new WebSocket((location.protocol === 'https:' ? 'wss' : 'ws') + '://' + location.host + '/notifications?access_token=' + encodeURIComponent(token));
        ws.onopen = () => ws.send(JSON.stringify({ type: 'Join', containerId }));
        ws.onmessage = (m) => {
          const at = performance.timeOrigin + performance.now();
          const e = JSON.parse(m.data);
          if (e.type === 'Joined') resolve();
          if (e.type === 'Notification') window.__bell.peer.push({ id: e.id, at });
        };
      });
    },
  };
`;

const unreadOf = async (page: Page) => Number((await page.getByRole('button', { name: /^Notifikationer, \d+ olästa$/ }).getAttribute('aria-label'))?.match(/(\d+) olästa/)?.[1]);

async function apply(app: RunningApp, positionId: number, i: number): Promise<void> {
  const email = `klocka.${i}.${Date.now()}@example.se`;
  const metadata = validAnswers(email, { form_firstname: 'Klocka', form_surname: `Nummer${i}`, form_ssn: personnummer('19900101', String(100 + (i % 900))) });
  const res = await fetch(`${app.url}/api/public/positions/apply`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'create_jobApplication', data: { email, positionId, metadata } }),
  });
  if (res.status !== 201) throw new Error(`ansökan ${i}: ${res.status} ${await res.text()}`);
}

export async function run(ctx?: BenchContext): Promise<BenchResult> {
  if (!process.env.DIST_DIR && !existsSync(join(ROOT, 'dist', 'index.html'))) {
    ctx?.progress('bygger dist/');
    await build({ configFile: join(ROOT, 'vite.config.ts'), root: ROOT, logLevel: 'error' });
  }
  if (process.env.DIST_DIR) process.env.DIST_DIR = resolve(process.env.DIST_DIR);
  const app = await startApp({ APPLY_RATE_LIMIT: '100000' });
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const positionId = (await firstPublicPosition(app)).id;
    const page = await newPage(browser, { baseURL: app.url });
    await page.addInitScript(PROBE);
    const token = await loginAs(page, app, 'writer@demo.test');
    const joined = new Promise<void>((res) => page.on('websocket', (ws) => ws.on('framereceived', (f) => String(f.payload).includes('"Joined"') && res())));
    await page.goto('/admin');
    await joined;
    await page.evaluate(([t]) => (window as unknown as { __bell: { connectPeer(t: string, c: number): Promise<void> } }).__bell.connectPeer(t, 1), [token] as const);
    let unread = await unreadOf(page);

    const ours: number[] = [];
    const peer: number[] = [];
    ctx?.progress(`${COUNT} ansökningar, en i taget`);
    for (let i = 0; i < WARMUP + COUNT; i++) {
      unread += 1;
      const seen = page.evaluate((n) => (window as unknown as { __bell: { wait(n: number): Promise<number> } }).__bell.wait(n), unread);
      const peerBefore = await page.evaluate(() => (window as unknown as { __bell: { peer: unknown[] } }).__bell.peer.length);
      const t0 = performance.timeOrigin + performance.now();
      await apply(app, positionId, i);
      const tBell = await seen;
      const tPeer = await page.evaluate(async (before) => {
        const b = (window as unknown as { __bell: { peer: { at: number }[] } }).__bell;
        while (b.peer.length <= before) await new Promise((r) => setTimeout(r, 5));
        return b.peer[before]!.at;
      }, peerBefore);
      if (i >= WARMUP) {
        ours.push(tBell - t0);
        peer.push(tPeer - t0);
      }
    }
    return [
      { name: 'ansökan → klockan uppdaterad, p95', ours: percentile(ours, 95), peer: percentile(peer, 95), peerName: 'rå WebSocket i sidan', unit: 'ms', goal: { atMost: GOAL_MS } },
      { name: 'ansökan → klockan uppdaterad, median', ours: median(ours), peer: median(peer), peerName: 'rå WebSocket i sidan', unit: 'ms' },
      `  ${COUNT} ansökningar (efter ${WARMUP} uppvärmning) via POST /api/public/positions/apply, Chromium, loopback, inbäddad lagring`,
    ];
  } finally {
    await browser?.close();
    await app.stop();
  }
}

runStandalone(import.meta.url, run);
