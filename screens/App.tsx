import { lazy, Suspense } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import sv from '../schemas/messages/sv.json';

// Two lazily loaded apps: the public career site (what applicants load, kept lean) and the
// admin/session app (form builder, drag and drop). Each renders its own <Routes>.
const PublicApp = lazy(() => import('./public/PublicApp'));
const AdminApp = lazy(() => import('./admin/AdminApp'));

// Only the `route` of each screen file reaches this (main) chunk: Vite's JSON named exports
// let the bundler drop the rest of the files. (`aliases` is optional, and a missing named
// export fails the build, so the static checks require an alias to start with the first
// segment of some screen's route: tests/unit/screens/catalogue.test.ts.)
const routes = import.meta.glob<string>('/schemas/screens/*.json', { eager: true, import: 'route' });

/** The first path segment of every screen route ('/admin', '/login', …); the catch-all adds none. */
export function adminPrefixes(paths: readonly string[]): string[] {
  const firsts = paths.map((p) => /^\/([^/:*?]+)/.exec(p)?.[1]).filter((s): s is string => s !== undefined);
  return [...new Set(firsts)].map((s) => `/${s}`);
}

const ADMIN_PREFIXES = adminPrefixes(Object.values(routes));

/** True for the paths the admin/session app owns: those under a screen file's first route segment (schemas/screens/). */
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
