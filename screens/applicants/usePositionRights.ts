import { useSession } from '../runner/session/session';
import { usePositionRightNames } from '../runner/usePositionRights';

/**
 * May the user change things on this position: a container writer/admin/odin, or a per-position
 * Write/Administrator right (runner/usePositionRights.ts, as the runner's position guard
 * reads it). Until that answer is in, controls stay hidden; the server refuses anyway (403).
 */
export function usePositionWrite(positionId: number): boolean {
  const { rights } = useSession();
  const mine = usePositionRightNames(positionId, rights.admin);
  return rights.write || mine.includes('Administrator') || mine.includes('Write');
}
