/**
 * What the apply-page bench and profile tool see of a page load, observed from inside the page
 * by a script that runs before the page's own: the long tasks (≥ 50 ms), when the form's field
 * appeared, whether it was in the first HTML, and when the page's script took the form over.
 *
 * Nothing of Playwright runs in the page while it loads: `page.evaluate` and `waitForFunction`
 * inject Playwright's own script, whose evaluation is a long task of its own on a throttled
 * phone and was counted against the page. The observer says it is done through a console
 * message once the page has been quiet (no long task) for `quietMs` after the later of the
 * form, its take-over (when a selector for it is given) and the last long task.
 */
import type { CDPSession, Page } from 'playwright-core';

interface Observed {
  /** [start, end] of each long task, ms from navigation start. */
  longTasks: [number, number][];
  /** When the form's field was first in the DOM. */
  formAt: number;
  /** When the page's script had taken the form over (the `live` selector matched); null without one. */
  liveAt: number | null;
  /** The field was in the document when its parsing ended, before any module script ran. */
  inHtml: boolean;
  /** The end of the last long task, or formAt / liveAt when later: the start of the quiet window. */
  quietFrom: number;
}

const DONE = '__blankett_bench_done:';
const TOUCHED = '__blankett_bench_touched:';

/** What the observer saw from the first touch on (the page's take-over, when it waits for one). */
interface AfterTouch {
  /** When the first pointerdown reached the document, ms from navigation start. */
  touchAt: number;
  /** When the page's script had taken the form over (the `live` selector matched). */
  liveAt: number;
  /** [start, end] of each long task that ended after the touch. */
  longTasks: [number, number][];
}

/** The init script: `field` is the form's field, `live` (optional) what shows the script took over. */
export function observerScript(field: string, live: string | null, quietMs: number): string {
  return `(() => {
  const b = { longTasks: [], formAt: null, liveAt: null, inHtml: null };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) b.longTasks.push([e.startTime, e.startTime + e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch (e) {}
  const field = ${JSON.stringify(field)};
  const live = ${JSON.stringify(live)};
  const check = () => {
    if (b.formAt === null && document.querySelector(field)) b.formAt = performance.now();
    if (live && b.liveAt === null && document.querySelector(live)) b.liveAt = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: !!live });
  let touchAt = null;
  document.addEventListener('pointerdown', () => { if (touchAt === null) touchAt = performance.now(); }, { capture: true, passive: true });
  // After the load's report: the bench touches the page and calls this to hear when the script
  // has taken the form over (selector \`sel\`) and the page has been quiet for the window again.
  window.__blankettBenchAfterTouch = (sel) => {
    let liveAt = null;
    const seen = () => {
      if (liveAt === null && touchAt !== null && document.querySelector(sel)) liveAt = performance.now();
    };
    new MutationObserver(seen).observe(document, { subtree: true, childList: true, attributes: true });
    const tick2 = () => {
      seen();
      const after = b.longTasks.filter((t) => touchAt !== null && t[1] > touchAt);
      const last = after.reduce((m, t) => Math.max(m, t[1]), 0);
      if (liveAt !== null && performance.now() - Math.max(liveAt, last) >= ${quietMs}) {
        console.debug(${JSON.stringify(TOUCHED)} + JSON.stringify({ touchAt, liveAt, longTasks: after }));
      } else setTimeout(tick2, 100);
    };
    tick2();
  };
  document.addEventListener('readystatechange', () => {
    if (b.inHtml === null) b.inHtml = document.querySelector(field) !== null;
  }, { once: true });
  const tick = () => {
    check();
    const last = b.longTasks.reduce((m, t) => Math.max(m, t[1]), 0);
    const ready = b.formAt !== null && (!live || b.liveAt !== null);
    const from = Math.max(b.formAt || 0, b.liveAt || 0, last);
    if (ready && performance.now() - from >= ${quietMs}) {
      console.debug(${JSON.stringify(DONE)} + JSON.stringify({ ...b, inHtml: b.inHtml === true, quietFrom: from }));
    } else setTimeout(tick, 100);
  };
  setTimeout(tick, 100);
})();`;
}

/** Waits for the observer's report (register before navigating: it comes once). */
export function observed(page: Page, timeoutMs = 60_000): Promise<Observed> {
  return page
    .waitForEvent('console', { predicate: (m) => m.text().startsWith(DONE), timeout: timeoutMs })
    .then((m) => JSON.parse(m.text().slice(DONE.length)) as Observed);
}

/**
 * Touches `selector`'s element (a tap through CDP: no script of Playwright's in the page) and
 * waits until the page's script has taken the form over (`live`) and a quiet window followed.
 */
export async function afterTouch(page: Page, cdp: CDPSession, selector: string, live: string, timeoutMs = 60_000): Promise<AfterTouch> {
  const heard = page.waitForEvent('console', { predicate: (m) => m.text().startsWith(TOUCHED), timeout: timeoutMs });
  const box = (await cdp.send('Runtime.evaluate', {
    expression: `(() => { const r = document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect(); window.__blankettBenchAfterTouch(${JSON.stringify(live)}); return [r.x + r.width / 2, r.y + r.height / 2]; })()`,
    returnByValue: true,
  })) as { result: { value: [number, number] } };
  const [x, y] = box.result.value;
  await page.touchscreen.tap(x, y);
  return JSON.parse((await heard).text().slice(TOUCHED.length)) as AfterTouch;
}

/** Total blocking time of the long tasks: the sum of each one's time over 50 ms. */
export const blockingTime = (tasks: readonly [number, number][]): number => tasks.reduce((n, [start, end]) => n + Math.max(0, end - start - 50), 0);
