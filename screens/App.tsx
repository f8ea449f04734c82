import { lazy, Suspense } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { isAdminPath } from './adminPaths';
import { AppLoading } from './AppLoading';
import { SsrDataContext, type SsrData } from './public/ssr';

// Two lazily loaded apps: the public career site (what applicants load, kept lean) and the
// admin/session app (form builder, drag and drop). Each renders its own <Routes>.
const PublicApp = lazy(() => import('./public/PublicApp'));
const AdminApp = lazy(() => import('./admin/AdminApp'));

function Switch() {
  const { pathname } = useLocation();
  return isAdminPath(pathname) ? <AdminApp /> : <PublicApp />;
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

