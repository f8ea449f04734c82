import { useCallback, useState } from 'react';
import sv from '../../../schemas/messages/sv.json';
import { fill } from '../../../engine/fill';
import { ApiError } from '../../api';
import { useSession } from '../../runner/session/session';
import { useToast } from '../../shared/toast';
import { call } from '../call';
import { BoardDnd } from './BoardDnd';
import { CardBody, Column } from './BoardColumn';
import { useBoard } from './useBoard';
import './board.css';

const t = sv.board;

/**
 * The pipeline board of a position (issue 17). A writer's move is one
 * update_jobApplicationProcess call with the card's id; the card moves at once and, when the
 * server refuses (applicant deleted meanwhile, no right, failure), the board is loaded again
 * and a Swedish message says why. A card dropped on its own column calls nothing. A reader
 * sees the same board without drag handles.
 */
export function Board({ positionId, canWrite }: { positionId: number; canWrite: boolean }) {
  const { columns, failed, reload, more, place, find } = useBoard(positionId);
  const { handleError } = useSession();
  const toast = useToast();
  const [status, setStatus] = useState('');

  const nameOf = useCallback((id: number) => find(id)?.card.name ?? '', [find]);
  const columnName = useCallback((labelId: number) => columns?.find((c) => c.labelId === labelId)?.name ?? '', [columns]);

  const move = useCallback(
    async (cardId: number, from: number, to: number) => {
      const name = nameOf(cardId);
      const target = columnName(to);
      place(cardId, from, to);
      try {
        await call('update_jobApplicationProcess', { labelId: to, ids: [cardId] });
        setStatus(fill(t.moved, { name, column: target }));
      } catch (err) {
        handleError(err);
        const status = err instanceof ApiError ? err.status : 0;
        toast.show(status === 404 ? fill(t.gone, { name }) : status === 403 ? t.denied : fill(t.failed, { name }), 'error');
        reload();
      }
    },
    [nameOf, columnName, place, handleError, toast, reload],
  );

  const renderOverlay = useCallback(
    (id: number) => {
      const found = find(id);
      return found ? <div className="brd-card brd-card-overlay"><CardBody card={found.card} positionId={positionId} /></div> : null;
    },
    [find, positionId],
  );

  const loadMore = useCallback(
    (labelId: number) =>
      more(labelId).catch((err: unknown) => {
        toast.show(handleError(err) || sv.applicants.error, 'error');
      }),
    [more, handleError, toast],
  );

  if (failed) {
    return (
      <div role="alert" className="adm-error">
        <p>{sv.applicants.error}</p>
        <button type="button" className="adm-button" onClick={reload}>{sv.applicants.retry}</button>
      </div>
    );
  }
  if (!columns) return <p role="status" className="adm-loading">{sv.applicants.loading}</p>;
  if (columns.length === 0) return <p>{t.noLevels}</p>;

  const board = (
    <div className="brd" role="group" aria-label={t.label}>
      {columns.map((c) => (
        <Column key={c.labelId} column={c} positionId={positionId} canWrite={canWrite} onMore={loadMore} />
      ))}
    </div>
  );
  return (
    <>
      <p className="brd-status" role="status">{status}</p>
      {canWrite ? (
        <BoardDnd
          onMove={(id, from, to) => void move(id, from, to)}
          nameOf={nameOf}
          columnName={columnName}
          renderOverlay={renderOverlay}
        >
          {board}
        </BoardDnd>
      ) : (
        board
      )}
    </>
  );
}
