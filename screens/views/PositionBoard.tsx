import { PositionHeader } from '../applicants/PositionHeader';
import { PositionLoader } from '../applicants/PositionLoader';
import { ViewSwitch } from '../applicants/ViewSwitch';
import { Board } from '../applicants/board/Board';
import { usePositionWrite } from '../applicants/usePositionRights';
import type { StaffPosition } from '../applicants/types';
import type { ViewProps } from '../runner/types';
import '../applicants/applicants.css';

/** /admin/positions/:id/board — the position's pipeline board (issue 17). */
export default function PositionBoard(_: ViewProps) {
  return <PositionLoader>{(position, onChanged) => <Loaded key={position.id} position={position} onChanged={onChanged} />}</PositionLoader>;
}

function Loaded({ position, onChanged }: { position: StaffPosition; onChanged(p: StaffPosition): void }) {
  const canWrite = usePositionWrite(position.id);
  return (
    <div className="apl-page">
      <PositionHeader position={position} canWrite={canWrite} onChanged={onChanged} />
      <ViewSwitch positionId={position.id} current="board" />
      <Board positionId={position.id} canWrite={canWrite} />
    </div>
  );
}
