import { lazy, Suspense } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import sv from '../schemas/messages/sv.json';
import { isAdminPath } from './adminPaths';

// Two lazily loaded apps: the public career site (what applicants load, kept lean) and the
// admin/session app (form builder, drag and drop). Each renders its own <Routes>.
const PublicApp = lazy(() => import('./public/PublicApp'));
const AdminApp = lazy(() => import('./admin/AdminApp'));

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
