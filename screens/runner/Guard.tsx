import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { dispatch } from '../api';
import { RequireAuth } from './session/guards';
import { useSession } from './session/session';
import { canOpen, type PositionRights } from './access';
import { Failure, Loading } from './states';
import type { ScreenEntry } from './routeTable';

/**
 * positionWrite/positionAdmin: a container writer/admin passes at once; anyone else passes
 * with that per-position right on the route's :id, read from get_positionPermissions (the
 * server's list of per-position rights, matched on the token's email). The old ad builder
 * read myPermissions/userPositions from get_position, which the server never sends, so a
 * writer with rights on only that position was sent to access-denied.
 */
function PositionGuard({ screen, children }: { screen: ScreenEntry; children: ReactNode }) {
  const { rights, user, handleError } = useSession();
  const { id } = useParams();
  const enough = canOpen(screen.access, rights);
  const [state, setState] = useState<{ rights: PositionRights } | { error: string } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (enough) return;
    let live = true;
    setState(null);
    const positionId = Number(id);
    if (!Number.isSafeInteger(positionId) || positionId < 1) {
      setState({ rights: [] });
      return;
    }
    dispatch('get_positionPermissions', { positionId })
      .then((list) => {
        if (!live) return;
        const me = user?.sub.toLowerCase();
        setState({ rights: (list ?? []).filter((p) => p.email?.toLowerCase() === me).map((p) => p.permissionName ?? '') });
      })
      .catch((err: unknown) => {
        if (!live) return;
        const status = (err as { status?: number }).status;
        // 403/404: no right on the position at all.
        if (status === 403 || status === 404) setState({ rights: [] });
        else setState({ error: handleError(err) });
      });
    return () => {
      live = false;
    };
  }, [enough, id, user?.sub, handleError, attempt]);

  if (enough) return <>{children}</>;
  if (!state) return <Loading />;
  if ('error' in state) return <Failure onRetry={() => setAttempt((a) => a + 1)} />;
  return canOpen(screen.access, rights, state.rights) ? <>{children}</> : <Navigate to="/access-denied" replace />;
}

/** The right `access` asks for (the logged-in part is the layout's RequireAuth). */
export function AccessGuard({ screen, children }: { screen: ScreenEntry; children: ReactNode }) {
  const { rights } = useSession();
  if (screen.access === 'positionWrite' || screen.access === 'positionAdmin') return <PositionGuard screen={screen}>{children}</PositionGuard>;
  return canOpen(screen.access, rights) ? <>{children}</> : <Navigate to="/access-denied" replace />;
}

/**
 * Logged-in guard for screens outside the shell (session layout with access above public,
 * e.g. pick-container): a valid token, and a container is not required yet.
 */
export function SessionAuth({ screen, children }: { screen: ScreenEntry; children: ReactNode }) {
  if (screen.access === 'public' || screen.access === 'candidate') return <>{children}</>;
  return (
    <RequireAuth allowPick>
      <AccessGuard screen={screen}>{children}</AccessGuard>
    </RequireAuth>
  );
}

