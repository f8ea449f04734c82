import { memo, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import sv from '../../../schemas/messages/sv.json';
import { fill } from '../../../engine/fill';
import { RatingBadge } from '../RatingBadge';
import { useCardDrag, useColumnDrop } from './BoardDnd';
import type { BoardCard, BoardColumn } from './useBoard';

const t = sv.board;

function daysText(days: number): string {
  if (days === 0) return t.today;
  if (days === 1) return t.day;
  return fill(t.days, { days });
}

/** What a card shows: name, days in the stage, the unread mark and the rating (scorecards). */
export function CardBody({ card, positionId }: { card: BoardCard; positionId: number }) {
  return (
    <>
      <Link className="brd-name" to={`/admin/positions/${positionId}/applicants/${card.id}`}>{card.name}</Link>
      <span className="brd-days">{daysText(card.days)}</span>
      {card.unread && <span className="brd-unread" role="img" aria-label={t.unread} title={t.unread} />}
      <RatingBadge rating={card.rating} className="brd-rating" />
    </>
  );
}

// dnd-kit re-renders every draggable on each pointer move of a drag (the active transform is
// context): a card then does no more than the plain recipe, and its content is a memoised
// element React passes over.
const DraggableCard = memo(function DraggableCard({ card, labelId, positionId }: { card: BoardCard; labelId: number; positionId: number }) {
  const { setNodeRef, isDragging, handle } = useCardDrag(card.id, labelId);
  const body = useMemo(() => <CardBody card={card} positionId={positionId} />, [card, positionId]);
  const label = useMemo(() => fill(t.move, { name: card.name }), [card.name]);
  return (
    <li ref={setNodeRef} className={isDragging ? 'brd-card brd-card-dragging' : 'brd-card'} data-card={card.id}>
      <button type="button" className="brd-handle" {...handle} aria-label={label} />
      {body}
    </li>
  );
});

const StaticCard = memo(function StaticCard({ card, positionId }: { card: BoardCard; positionId: number }) {
  return (
    <li className="brd-card" data-card={card.id}>
      <CardBody card={card} positionId={positionId} />
    </li>
  );
});

/** One Process level: its name and count, its cards, and 'Visa fler' while the column has more. */
export function Column({ column, positionId, canWrite, onMore }: { column: BoardColumn; positionId: number; canWrite: boolean; onMore(labelId: number): Promise<void> }) {
  const { setNodeRef, isOver } = useColumnDrop(column.labelId);
  const [busy, setBusy] = useState(false);
  const headingId = `brd-col-${column.labelId}`;
  return (
    <section ref={setNodeRef} className={isOver ? 'brd-col brd-col-over' : 'brd-col'} aria-labelledby={headingId} data-column={column.labelId}>
      <h2 id={headingId} className="brd-col-head">
        <span className="brd-col-name">{column.name}</span> <span className="brd-count">{fill(t.count, { count: column.count })}</span>
      </h2>
      {column.cards.length === 0 ? (
        <p className="brd-empty">{t.empty}</p>
      ) : (
        <ul className="brd-cards" aria-label={column.name}>
          {column.cards.map((card) =>
            canWrite ? <DraggableCard key={card.id} card={card} labelId={column.labelId} positionId={positionId} /> : <StaticCard key={card.id} card={card} positionId={positionId} />,
          )}
        </ul>
      )}
      {column.next !== null && (
        <button
          type="button"
          className="adm-button adm-button-small brd-more"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            onMore(column.labelId).finally(() => setBusy(false));
          }}
        >
          {t.more}
        </button>
      )}
    </section>
  );
}
