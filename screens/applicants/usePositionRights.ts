import { useEffect, useState } from 'react';
import { call } from './call';
import { useSession } from '../admin/session';

/**
 * The user's rights on this position: a container writer/admin/odin, or a per-position
 * Write/Administrator right (read from get_positionPermissions, as the runner's position
 * guard does). Until that answer is in, controls stay hidden; the server refuses anyway (403).
 */
export function usePositionRights(positionId: number): { write: boolean; admin: boolean } {
  const { rights, user } = useSession();
  const [perPosition, setPerPosition] = useState<{ write: boolean; admin: boolean }>({ write: false, admin: false });
  useEffect(() => {
    if (rights.admin || !Number.isSafeInteger(positionId)) return;
    let live = true;
    call('get_positionPermissions', { positionId })
      .then((list) => {
        const me = user?.sub.toLowerCase();
        const mine = (list ?? []).filter((p) => p.email?.toLowerCase() === me).map((p) => p.permissionName);
        if (live) setPerPosition({ admin: mine.includes('Administrator'), write: mine.includes('Administrator') || mine.includes('Write') });
      })
      .catch(() => live && setPerPosition({ write: false, admin: false }));
    return () => {
      live = false;
    };
  }, [positionId, rights.admin, user?.sub]);
  return { write: rights.write || perPosition.write, admin: rights.admin || perPosition.admin };
}

/** May the user change things on this position (see usePositionRights). */
export function usePositionWrite(positionId: number): boolean {
  return usePositionRights(positionId).write;
}
