import { lazy, Suspense } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { isAdminPath } from './adminPaths';
import { AppLoading } from './AppLoading';
import { preloadableLazy } from './preloadableLazy';
import { SsrDataContext, type SsrData } from './public/ssr';

// Two lazily loaded apps: the public career site (what applicants load, kept lean) and the
// admin/session app (form builder, drag and drop). Each renders its own <Routes>.
const publicApp = preloadableLazy(() => import('./public/PublicApp'));
const PublicApp = publicApp.Component;
const AdminApp = lazy(() => import('./admin/AdminApp'));

function Switch() {
  const { pathname } = useLocation();
  return isAdminPath(pathname) ? <AdminApp /> : <PublicApp />;
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
      <BrowserRouter>
        <Suspense fallback={<AppLoading />}>
          <Switch />
        </Suspense>
      </BrowserRouter>
    </SsrDataContext.Provider>
  );
}

