import { useSession } from '../admin/session';
import { usePositionRightNames } from '../runner/usePositionRights';

/**
 * The user's rights on this position: a container writer/admin/odin, or a per-position
 * Write/Administrator right (runner/usePositionRights.ts, as the runner's position guard
 * reads it). Until that answer is in, controls stay hidden; the server refuses anyway (403).
 */
function usePositionRights(positionId: number): { write: boolean; admin: boolean } {
  const { rights } = useSession();
  const mine = usePositionRightNames(positionId, rights.admin);
  return { write: rights.write || mine.includes('Administrator') || mine.includes('Write'), admin: rights.admin || mine.includes('Administrator') };
}

/** May the user change things on this position (see usePositionRights). */
export function usePositionWrite(positionId: number): boolean {
  return usePositionRights(positionId).write;
}
