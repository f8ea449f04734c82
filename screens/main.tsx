/**
 * The page's entry, free of React (issue 27 item 2): it decides how the page is taken over and
 * then imports React DOM and the app (screens/boot.tsx).
 *
 * The public pages come server-rendered (server/ssr/) with their data in a JSON block: the page
 * hydrates them with that data. Admin routes, a page the server did not render, and one whose
 * data does not fit this tab (another URL, a loopback `?host=` override kept in this tab) render
 * on the client as before.
 */
import { isAdminPath } from './adminPaths';
import { keptInTab } from './public/draftKeys';
import { effectiveHostname } from './public/hostRules';
import { evaluateInTurn, preloadedChunks } from './public/hydrateInTurn';
import { readSsrData, type SsrData } from './public/ssrData';
import { firstTouch, holdEarlyPresses, serverApplyForm } from './public/takeOver';
import { countOpenedOnLoad } from './public/visit';

function tabStorage(): Storage | null {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
}

function hydratable(data: SsrData | null): data is SsrData {
  if (!data || isAdminPath(location.pathname) || data.url !== location.pathname + location.search) return false;
  return effectiveHostname(location, tabStorage()) === data.hostname;
}

/**
 * Takes a server-rendered page over without one long task: the preloaded chunks (React DOM
 * among them) are evaluated one per task (hydrateInTurn.ts), then React hydrates in a transition.
 */
async function hydrate(root: HTMLElement, data: SsrData, hydrating?: () => void): Promise<void> {
  await evaluateInTurn(preloadedChunks(document));
  const boot = await import('./boot');
  // If a chunk failed, hydration loads it lazily (and reports it as before).
  await boot.preloadPublicPage(location.pathname).catch(() => undefined);
  hydrating?.();
  boot.hydratePage(root, data);
}

/** Runs `step` in a task of its own, so that no one task of the entry's is long on a phone. */
const nextTask = (step: () => void) => setTimeout(step, 0);

/** Decides how the page is taken over (see the file's comment) and starts it. */
function start(root: HTMLElement, touched: Promise<void>): void {
  const data = readSsrData(document);
  if (!hydratable(data)) {
    void import('./boot').then((boot) => boot.renderApp(root));
    return;
  }
  const apply = serverApplyForm(document);
  if (!apply) {
    void hydrate(root, data);
    return;
  }
  nextTask(() => waitForTouch(root, data, apply, touched));
}

/**
 * The apply form works as a plain form until the applicant touches the page; a reload in the
 * middle of an application (answers kept in this tab), or a field already focused, starts at
 * once. Each step has a task of its own: opening the tab's storage or starting a request is
 * several ms of a phone's CPU (together over 50 ms at 4× throttling).
 */
function waitForTouch(root: HTMLElement, data: SsrData, apply: { gate: HTMLElement; positionId: number }, touched: Promise<void>): void {
  const presses = holdEarlyPresses(document, apply.gate);
  let started = false;
  const takeOver = () => {
    if (started) return;
    started = true;
    hydrate(root, data, presses.hydrating).catch(presses.failed);
  };
  void touched.then(takeOver);
  if (apply.gate.contains(document.activeElement)) takeOver();
  nextTask(() => {
    if (keptInTab(tabStorage(), apply.positionId)) takeOver();
  });
  countOpenedOnLoad(apply.positionId);
}

const root = document.getElementById('root');
// Listening from the start (a handful of listeners): a touch while the page still loads counts.
const touched = firstTouch(document);
// The rest in a task of its own: this module runs in the task that ends the document's parsing,
// which the browser's own work at DOMContentLoaded already makes long on a phone.
if (root) nextTask(() => start(root, touched));
