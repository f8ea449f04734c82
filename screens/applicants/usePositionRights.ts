import { useEffect, useState } from 'react';
import { call } from './call';
import { useSession } from '../admin/session';

/**
 * May the user change things on this position: a container writer/admin/odin, or a user with
 * a per-position Write/Administrator right (read from get_positionPermissions, as the runner's
 * position guard does). Until that answer is in, controls stay hidden; the server refuses
 * anyway (403).
 */
export function usePositionWrite(positionId: number): boolean {
  const { rights, user } = useSession();
  const [perPosition, setPerPosition] = useState(false);
  useEffect(() => {
    if (rights.write || !Number.isSafeInteger(positionId)) return;
    let live = true;
    call('get_positionPermissions', { positionId })
      .then((list) => {
        const me = user?.sub.toLowerCase();
        if (live) setPerPosition((list ?? []).some((p) => p.email?.toLowerCase() === me && (p.permissionName === 'Write' || p.permissionName === 'Administrator')));
      })
      .catch(() => live && setPerPosition(false));
    return () => {
      live = false;
    };
  }, [positionId, rights.write, user?.sub]);
  return rights.write || perPosition;
}
