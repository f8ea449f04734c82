import { useParams } from 'react-router-dom';
import { Board } from './Board';
import { usePositionWrite } from '../usePositionRights';
import type { ViewProps } from '../../runner/types';
import '../applicants.css';

/**
 * The board of /admin/positions/:id/board (issue 17), the view block of
 * schemas/screens/position-board.json; the position's head and links are its other blocks.
 */
export default function PositionBoard(_: ViewProps) {
  const positionId = Number(useParams().id);
  const canWrite = usePositionWrite(positionId);
  return <Board positionId={positionId} canWrite={canWrite} />;
}
