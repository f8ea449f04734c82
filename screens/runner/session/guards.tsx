import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import sv from '../../../schemas/messages/sv.json';
import { getToken } from '../../api';
import { useSession } from './session';
import { lastSessionUser, validUser } from './token';
import { Failure } from '../states';

function Loading() {
  return (
    <p role="status" className="adm-loading">
      {sv.app.loading}
    </p>
  );
}

function LogoutAndRedirect({ from, owner }: { from: string; owner: string }) {
  const { logout } = useSession();
  useEffect(() => logout(), [logout]);
  return <Navigate to="/login" replace state={{ from, owner }} />;
}

/**
 * Every admin route: a valid, unexpired token (checked again on each navigation), else
 * logout and /login; then the container must be resolved (or picked).
 */
export function RequireAuth({ children, allowPick = false }: { children: ReactNode; allowPick?: boolean }) {
  const s = useSession();
  const { pathname } = useLocation();
  // `owner`: whose page this was, when a session ended in this tab (the login goes there only for them).
  if (!s.user) return <Navigate to="/login" replace state={{ from: pathname, owner: lastSessionUser() }} />;
  if (!validUser(getToken())) return <LogoutAndRedirect from={pathname} owner={s.user.sub} />;
  if (s.status === 'loading') return <Loading />;
  if (s.status === 'pick' && !allowPick) return <Navigate to="/admin/pick-container" replace />;
  // The company could not be loaded: the retry starts the app again (session and all).
  if (s.status === 'error' && !allowPick) return <Failure onRetry={() => location.reload()} />;
  if (s.status === 'none' && !allowPick) {
    return (
      <p role="alert" className="adm-error">
        {sv.app.noContainers}
      </p>
    );
  }
  return <>{children}</>;
}
