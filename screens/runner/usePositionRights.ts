import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { dispatch } from '../api';
import { useSession } from './session/session';
import { canOpen, needsSignIn, type PositionRights } from './access';
import type { Access } from './types';

/**
 * The user's per-position right names ('Administrator', 'Write') on a position, read from
 * get_positionPermissions (the server's list, matched on the token's email). Not asked when
 * `skip` (a container admin needs none, or nothing on the screen asks for them); empty until
 * the answer is in, so controls stay hidden meanwhile (the server refuses anyway).
 */
export function usePositionRightNames(positionId: number, skip = false): PositionRights {
  const { user } = useSession();
  const [names, setNames] = useState<PositionRights>([]);
  useEffect(() => {
    if (skip || !Number.isSafeInteger(positionId) || positionId < 1) return;
    let live = true;
    dispatch('get_positionPermissions', { positionId })
      .then((list) => {
        const me = user?.sub.toLowerCase();
        if (live) setNames((list ?? []).filter((p) => p.email?.toLowerCase() === me).map((p) => p.permissionName ?? ''));
      })
      .catch(() => live && setNames([]));
    return () => {
      live = false;
    };
  }, [positionId, skip, user?.sub]);
  return names;
}

/**
 * Whether the user has an `access` (of a block, link or action): the session's rights, and
 * for positionWrite/positionAdmin on the route's :id the per-position ones, asked only when
 * one of `accesses` needs them. On a page a signed-out visitor may open (Mina sidor), every
 * access but public and candidate needs someone signed in (needsSignIn): the session's rights
 * alone are never empty, so 'loggedIn' once drew a candidate's talent-pool block under the sign-in form.
 */
export function useAccess(accesses: readonly (Access | undefined)[]): (access: Access | undefined) => boolean {
  const { rights, user } = useSession();
  const { id } = useParams();
  const needs = accesses.some((a) => (a === 'positionWrite' || a === 'positionAdmin') && !canOpen(a, rights));
  const mine = usePositionRightNames(Number(id), !needs);
  return (access) => !access || ((!!user || !needsSignIn(access)) && canOpen(access, rights, mine));
}
