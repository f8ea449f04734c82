import { useEffect } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { isAdminPath } from '../adminPaths';
import AdminApp from './AdminApp';

/**
 * The admin app in the browser: React Router lives here, not in the app shell (screens/App.tsx),
 * so the public pages do without it. A move inside the admin app to a public path loads that
 * page as a new document (the public site has its own router and CSP), as a public page's move
 * into the admin app does.
 */
export default function AdminRoot() {
  return (
    <BrowserRouter>
      <LeaveToPublic />
      <AdminApp />
    </BrowserRouter>
  );
}

function LeaveToPublic() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    if (!isAdminPath(pathname)) window.location.assign(`${pathname}${search}${hash}`);
  }, [pathname, search, hash]);
  return null;
}
