import { useCallback, useId, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import sv from '../../../schemas/messages/sv.json';
import { fill } from '../../../engine/fill';
import { ApiError } from '../../api';
import { useContainer, useSession } from '../../runner/session/session';
import { useToast } from '../../shared/toast';
import { call } from '../call';
import { TemplateOffer } from '../mail/TemplateOffer';
import { SendEmailDialog } from '../mail/SendEmailDialog';
import { BoardDnd } from './BoardDnd';
import { CardBody, Column, followCardLink, type MoveTargets } from './BoardColumn';
import { useBoard } from './useBoard';
import './board.css';

const t = sv.board;

/** The position the board belongs to, as its page's head loaded it (the offer needs its type). */
export interface BoardPosition {
  containerId: number;
  positionTypeId: number;
}

/** After a move the focus goes to the moved card's handle, unless something took it meanwhile (the offer). */
function focusCard(cardId: number) {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (active && active !== document.body) return;
    document.querySelector<HTMLElement>(`[data-card="${cardId}"] .brd-handle`)?.focus();
  });
}

/**
 * The pipeline board of a position (issue 17). A writer's move is one
 * update_jobApplicationProcess call with the card's id; the card moves at once and, when the
 * server refuses (applicant deleted meanwhile, no right, failure), the board is loaded again
 * and a Swedish message says why. A card dropped on its own column calls nothing. A reader
 * sees the same board without drag handles.
 *
 * One pipeline (issue 26): each card shows its status, 'Ej intressant' ones are marked and
 * the switch 'Visa ej intressanta' hides them (the counts say how many); a move to a level
 * with a mail template offers it as the list does, in view and focused.
 */
export function Board({ positionId, canWrite, position }: { positionId: number; canWrite: boolean; position?: BoardPosition }) {
  const [hideRejected, setHideRejected] = useState(false);
  const { columns, rejectedLabelId, failed, reload, more, place, find } = useBoard(positionId, hideRejected);
  const { handleError } = useSession();
  const container = useContainer();
  const labels = useMemo(() => new Map((container.labels ?? []).map((l) => [l.id, l])), [container.labels]);
  const toast = useToast();
  const [status, setStatus] = useState('');
  const [offer, setOffer] = useState<{ labelId: number; ids: number[]; name: string } | null>(null);
  const [mail, setMail] = useState<{ labelId: number; ids: number[]; name: string; email?: string } | null>(null);
  // 'Ändra först': the dialog writes to the applicant's address, which a card does not carry.
  const edit = useCallback(
    (o: { labelId: number; ids: number[]; name: string }) => {
      call('get_applicantPosition', { id: o.ids[0]! }).then(
        (a) => setMail({ ...o, email: a.email }),
        (err: unknown) => toast.show(handleError(err), 'error'),
      );
    },
    [toast, handleError],
  );
  const switchId = useId();
  const navigate = useNavigate();
  const follow = useCallback((e: MouseEvent<HTMLDivElement>) => followCardLink(e, navigate), [navigate]);

  const nameOf = useCallback((id: number) => find(id)?.card.name ?? '', [find]);
  const columnName = useCallback((labelId: number) => columns?.find((c) => c.labelId === labelId)?.name ?? '', [columns]);

  const move = useCallback(
    async (cardId: number, from: number, to: number) => {
      const name = nameOf(cardId);
      const target = columnName(to);
      place(cardId, from, to);
      setOffer(null);
      try {
        await call('update_jobApplicationProcess', { labelId: to, ids: [cardId] });
        setStatus(fill(t.moved, { name, column: target }));
        // The level's template, if it has one, is offered (TemplateOffer shows nothing otherwise).
        if (position) setOffer({ labelId: to, ids: [cardId], name });
        focusCard(cardId);
      } catch (err) {
        handleError(err);
        const status = err instanceof ApiError ? err.status : 0;
        toast.show(status === 404 ? fill(t.gone, { name }) : status === 403 ? t.denied : fill(t.failed, { name }), 'error');
        reload();
      }
    },
    [nameOf, columnName, place, handleError, toast, reload, position],
  );

  // 'Flytta till …' on each card: the levels change only with their names, the move through a ref, so the memoised cards are not drawn again.
  const moveRef = useRef(move);
  moveRef.current = move;
  const levelsKey = (columns ?? []).map((c) => `${c.labelId}\u0000${c.name}`).join('\u0001');
  const targets = useMemo<MoveTargets>(
    () => ({
      levels: levelsKey ? levelsKey.split('\u0001').map((x) => ({ labelId: Number(x.split('\u0000')[0]), name: x.split('\u0000')[1] ?? '' })) : [],
      moveTo: (id, from, to) => void moveRef.current(id, from, to),
    }),
    [levelsKey],
  );

  const renderOverlay = useCallback(
    (id: number) => {
      const found = find(id);
      return found ? <div className="brd-card brd-card-overlay"><CardBody card={found.card} positionId={positionId} labels={labels} /></div> : null;
    },
    [find, positionId, labels],
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

  const total = columns.reduce((n, c) => n + c.count, 0);
  const rejected = columns.reduce((n, c) => n + c.rejected, 0);
  const board = (
    <div className="brd" role="group" aria-label={t.label} aria-describedby={`${switchId}-keys`} onClick={follow}>
      {columns.map((c) => (
        <Column key={c.labelId} column={c} positionId={positionId} canWrite={canWrite} labels={labels} hideRejected={hideRejected} onMore={loadMore} targets={targets} />
      ))}
    </div>
  );
  return (
    <>
      <div className="brd-toolbar">
        <p className="brd-total">{hideRejected ? fill(t.countHidden, { count: total, rejected }) : fill(t.total, { count: total, rejected })}</p>
        {rejectedLabelId !== null && (
          <label className="adm-check brd-switch" htmlFor={switchId}>
            <input id={switchId} type="checkbox" role="switch" checked={!hideRejected} onChange={(e) => setHideRejected(!e.currentTarget.checked)} />
            {t.showRejected}
          </label>
        )}
        <p className="brd-keys" id={`${switchId}-keys`}>{t.keys}</p>
      </div>
      <p className="brd-status" role="status">{status}</p>
      {offer && position && (
        <TemplateOffer
          containerId={position.containerId}
          positionId={positionId}
          positionTypeId={position.positionTypeId}
          labelId={offer.labelId}
          ids={offer.ids}
          name={offer.name}
          onEdit={() => edit(offer)}
          onDone={(outcome) => {
            const id = offer.ids[0];
            setOffer(null);
            if (!outcome && id !== undefined) focusCard(id);
          }}
        />
      )}
      {mail && position && (
        <SendEmailDialog
          isOpen
          recipients={[{ id: mail.ids[0]!, name: mail.name, ...(mail.email ? { email: mail.email } : {}) }]}
          positionId={positionId}
          positionTypeId={position.positionTypeId}
          labelId={mail.labelId}
          onClose={(outcome) => {
            setMail(null);
            if (outcome) setOffer(null);
          }}
        />
      )}
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
