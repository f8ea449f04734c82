/**
 * React DOM and the app, loaded by the page's entry (screens/main.tsx) only when the page is to
 * be taken over: on a server-rendered apply page that is at the applicant's first touch, so
 * evaluating React DOM (the largest single task of the page) is not paid while it is read.
 */
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import type { SsrData } from './public/ssr';

export { preloadPublicPage } from './App';

/** Hydrates the server's DOM in a transition: React renders it in slices and gives way to input. */
export function hydratePage(root: HTMLElement, data: SsrData): void {
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App ssr={data} />
      </StrictMode>,
    );
  });
}

export function renderApp(root: HTMLElement): void {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
