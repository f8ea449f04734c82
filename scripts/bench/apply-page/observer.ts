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
import type { Page } from 'playwright-core';

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

/** Total blocking time of the long tasks: the sum of each one's time over 50 ms. */
export const blockingTime = (tasks: readonly [number, number][]): number => tasks.reduce((n, [start, end]) => n + Math.max(0, end - start - 50), 0);
