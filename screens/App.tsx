import { lazy, Suspense } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import sv from '../schemas/messages/sv.json';

// Two lazily loaded apps: the public career site (what applicants load, kept lean) and the
// admin/session app (form builder, drag and drop). Each renders its own <Routes>.
const PublicApp = lazy(() => import('./public/PublicApp'));
const AdminApp = lazy(() => import('./admin/AdminApp'));

const ADMIN_PREFIXES = ['/admin', '/login', '/forgot', '/reset-password', '/access-denied'];

/** True for the paths the admin/session app owns (spec document 1 §2, session and admin routes). */
export function isAdminPath(pathname: string): boolean {
  return ADMIN_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

function Switch() {
  const { pathname } = useLocation();
  return isAdminPath(pathname) ? <AdminApp /> : <PublicApp />;
}

export function App() {
  return (
    <BrowserRouter>
      <Suspense fallback={<p role="status" className="app-loading">{sv.admin.loading}</p>}>
        <Switch />
      </Suspense>
    </BrowserRouter>
  );
}
