import { useParams } from 'react-router-dom';
import { Board } from './Board';
import { usePositionWrite } from '../usePositionRights';
import type { ViewProps } from '../../runner/types';
import '../applicants.css';

/**
 * The board of /admin/positions/:id/board (issue 17), the view block of
 * schemas/screens/position-board.json; the position's head and links are its other blocks.
 */
export default function PositionBoard({ given }: ViewProps) {
  const positionId = Number(useParams().id);
  const canWrite = usePositionWrite(positionId);
  // The head's position: its type picks the mail template a move offers.
  const loaded = given?.action === 'get_position' && given.answer.id === positionId ? given.answer : undefined;
  const position = loaded ? { containerId: loaded.containerId, positionTypeId: loaded.positionTypeId } : undefined;
  return <Board positionId={positionId} canWrite={canWrite} {...(position ? { position } : {})} />;
}
