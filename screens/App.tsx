import { lazy, Suspense } from 'react';
import { isAdminPath } from './adminPaths';
import { AppErrorBoundary } from './AppErrorBoundary';
import { AppLoading } from './AppLoading';
import { loadChunk } from './chunks';
import { preloadableLazy } from './preloadableLazy';
import { BrowserLocation, useLocation } from './public/router';
import { SsrDataContext, type SsrData } from './public/ssr';

// Two lazily loaded apps: the public career site (what applicants load, kept lean) and the
// admin/session app (form builder, drag and drop). The public app routes with its own small
// router (screens/public/router.tsx), so applicants never load React Router; the admin app
// brings React Router with it (screens/admin/AdminRoot.tsx).
const publicApp = preloadableLazy(() => loadChunk('PublicApp', () => import('./public/PublicApp')));
const PublicApp = publicApp.Component;
const AdminApp = lazy(() => loadChunk('AdminApp', () => import('./admin/AdminRoot')));

// The document's CSP is chosen by the path it was loaded at (server/http/security.ts): a page
// loaded on a public path has no 'unsafe-eval', which the admin app (ajv compiling forms in
// the browser) needs. So moving from such a page into the admin app loads it as a new document.
const loadedOnPublicPath = typeof window !== 'undefined' && !isAdminPath(window.location.pathname);

function Switch() {
  const { pathname, search, hash } = useLocation();
  if (!isAdminPath(pathname)) return <PublicApp />;
  if (loadedOnPublicPath) {
    window.location.assign(`${pathname}${search}${hash}`);
    return <AppLoading />;
  }
  return <AdminApp />;
}

/** Loads the public app and what the page at `pathname` needs before a server-rendered page hydrates. */
export async function preloadPublicPage(pathname: string): Promise<void> {
  const m = (await publicApp.preload()) as unknown as { preloadRoute(pathname: string): Promise<void> };
  await m.preloadRoute(pathname);
}

/** The app; `ssr` is the server's data when the page hydrates a server render (screens/main.tsx). */
export function App({ ssr = null }: { ssr?: SsrData | null }) {
  return (
    <SsrDataContext.Provider value={ssr}>
      <BrowserLocation>
        <AppErrorBoundary>
          <Suspense fallback={<AppLoading />}>
            <Switch />
          </Suspense>
        </AppErrorBoundary>
      </BrowserLocation>
    </SsrDataContext.Provider>
  );
}

