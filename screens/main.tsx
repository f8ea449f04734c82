import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { isAdminPath } from './adminPaths';
import { App, preloadPublicPage } from './App';
import { effectiveHostname } from './public/hostRules';
import { evaluateInTurn, preloadedChunks } from './public/hydrateInTurn';
import { readSsrData, type SsrData } from './public/ssr';

/**
 * The public pages come server-rendered (server/ssr/) with their data in a JSON block: the
 * page hydrates them with that data. Admin routes, a page the server did not render, and
 * one whose data does not fit this tab (another URL, a loopback `?host=` override kept in
 * this tab) render on the client as before.
 */
function hydratable(data: SsrData | null): data is SsrData {
  if (!data || isAdminPath(location.pathname) || data.url !== location.pathname + location.search) return false;
  let storage: Storage | null = null;
  try {
    storage = sessionStorage;
  } catch {
    storage = null;
  }
  return effectiveHostname(location, storage) === data.hostname;
}

const root = document.getElementById('root');
if (root) {
  const data = readSsrData(document);
  if (hydratable(data)) {
    // The page works before its script (the apply form posts without it), so taking it over must
    // not block the thread (issue 27 item 2): the preloaded chunks are evaluated one per task,
    // then React hydrates in a transition, in slices it interrupts for input (hydrateInTurn.ts).
    // Waiting for the chunks lets React hydrate without suspending; if one fails, hydration
    // still loads it lazily.
    const hydrate = () =>
      startTransition(() => {
        hydrateRoot(
          root,
          <StrictMode>
            <App ssr={data} />
          </StrictMode>,
        );
      });
    evaluateInTurn(preloadedChunks(document))
      .then(() => preloadPublicPage(location.pathname))
      .then(hydrate, hydrate);
  } else {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }
}
