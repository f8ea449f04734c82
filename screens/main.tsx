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

/** Decides how the page is taken over (see the file's comment) and starts it. */
function start(root: HTMLElement): void {
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
  // The apply form works as a plain form until the applicant touches the page; a reload in the
  // middle of an application (answers kept in this tab), or a field already focused, starts at once.
  countOpenedOnLoad(apply.positionId);
  const presses = holdEarlyPresses(document, apply.gate);
  const now = keptInTab(tabStorage(), apply.positionId) || apply.gate.contains(document.activeElement);
  void (now ? Promise.resolve() : firstTouch(document)).then(() => hydrate(root, data, presses.hydrating)).catch(presses.failed);
}

const root = document.getElementById('root');
// In a task of its own: this module runs in the task that ends the document's parsing, which
// the browser's own work at DOMContentLoaded already makes long on a phone.
if (root) setTimeout(() => start(root), 0);
