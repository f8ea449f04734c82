import { memo, useMemo, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import sv from '../../../schemas/messages/sv.json';
import { fill } from '../../../engine/fill';
import { formatStockholmDateTime } from '../../../engine/dates';
import { RatingBadge } from '../RatingBadge';
import { LabelChip } from '../LabelChip';
import type { Label } from '../types';
import { useCardDrag, useColumnDrop } from './BoardDnd';
import type { BoardCard, BoardColumn } from './useBoard';
import { BusyButton } from '../../shared/BusyButton';

const t = sv.board;

function daysText(days: number): string {
  if (days === 0) return t.today;
  if (days === 1) return t.day;
  return fill(t.days, { days });
}

export type Labels = ReadonlyMap<number, Label>;

/**
 * What a card shows: name, days in the stage, its status (Interest label), the unread mark and
 * the rating (scorecards). The name is a plain link that the board follows in the app
 * (`followCardLink`): a router Link in each of its cards made every frame of a drag visit
 * their router subscriptions.
 */
export function CardBody({ card, positionId, labels, tabbable = true }: { card: BoardCard; positionId: number; labels: Labels; tabbable?: boolean }) {
  const status = card.interestLabelId !== null ? labels.get(card.interestLabelId) : undefined;
  return (
    <>
      <a className="brd-name" href={`/admin/positions/${positionId}/applicants/${card.id}`} tabIndex={tabbable ? 0 : -1}>{card.name}</a>
      <span className="brd-days">{daysText(card.days)}</span>
      {card.interviewAt !== undefined && <span className="brd-interview">{fill(sv.interviews.cardTime, { time: formatStockholmDateTime(card.interviewAt) })}</span>}
      {card.unread && <span className="brd-unread" role="img" aria-label={t.unread} title={t.unread} />}
      {status && <LabelChip label={status} className="brd-status-chip" />}
      <RatingBadge rating={card.rating} className="brd-rating" />
    </>
  );
}

/**
 * A click on a card's name, followed in the app as a router Link would: a plain click
 * navigates without loading the page; a click with a modifier key or another button is left to
 * the browser (a new tab or window).
 */
export function followCardLink(e: MouseEvent<HTMLElement>, navigate: (to: string) => void) {
  const link = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>('a.brd-name') : null;
  if (!link || e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
  e.preventDefault();
  navigate(link.pathname);
}

const cardClass = (card: BoardCard, dragging = false) => ['brd-card', card.rejected ? 'brd-card-rejected' : '', dragging ? 'brd-card-dragging' : ''].filter(Boolean).join(' ');

/** The Process levels a card can be moved to, and the move: the single-pointer alternative to dragging (WCAG 2.2, 2.5.7). */
export interface MoveTargets {
  levels: readonly { labelId: number; name: string }[];
  /** Stable for the board's lifetime. */
  moveTo(cardId: number, from: number, to: number): void;
}

/** 'Flytta till …': a button that opens the other levels as buttons; one click each, no drag. Drawn only while open. */
const MoveMenu = memo(function MoveMenu({ card, labelId, targets, tabbable }: { card: BoardCard; labelId: number; targets: MoveTargets; tabbable: boolean }) {
  const [open, setOpen] = useState(false);
  const menuId = `brd-move-${card.id}`;
  return (
    <div
      className="brd-move-menu"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
        }
      }}
    >
      <button type="button" className="brd-move-to" aria-expanded={open} aria-controls={menuId} aria-label={fill(t.moveToLabel, { name: card.name })} tabIndex={tabbable ? 0 : -1} onClick={() => setOpen((o) => !o)}>
        {t.moveTo}
      </button>
      {open && (
        <ul id={menuId} className="brd-move-list">
          {targets.levels
            .filter((l) => l.labelId !== labelId)
            .map((l) => (
              <li key={l.labelId}>
                <button
                  type="button"
                  onClick={() => {
                    setOpen(false);
                    targets.moveTo(card.id, labelId, l.labelId);
                  }}
                >
                  {fill(t.moveToLevel, { column: l.name })}
                </button>
              </li>
            ))}
        </ul>
      )}
    </div>
  );
});

interface CardProps {
  targets?: MoveTargets;
  card: BoardCard;
  labelId: number;
  positionId: number;
  labels: Labels;
  /** The column's one card in the Tab order (a roving tabindex); the others are reached with the arrows. */
  tabbable: boolean;
}

// dnd-kit re-renders every draggable on each pointer move of a drag (the active transform is
// context): a card then does no more than the plain recipe, and its content is a memoised
// element React passes over.
const DraggableCard = memo(function DraggableCard({ card, labelId, positionId, labels, tabbable, targets }: CardProps) {
  const { setNodeRef, isDragging, handle } = useCardDrag(card.id, labelId);
  const body = useMemo(
    () => (
      <>
        <CardBody card={card} positionId={positionId} labels={labels} tabbable={tabbable} />
        {targets && <MoveMenu card={card} labelId={labelId} targets={targets} tabbable={tabbable} />}
      </>
    ),
    [card, positionId, labels, tabbable, targets, labelId],
  );
  const label = useMemo(() => fill(t.move, { name: card.name }), [card.name]);
  return (
    <li ref={setNodeRef} className={cardClass(card, isDragging)} data-card={card.id}>
      <button type="button" className="brd-handle" {...handle} tabIndex={tabbable ? 0 : -1} aria-label={label} />
      {body}
    </li>
  );
});

const StaticCard = memo(function StaticCard({ card, positionId, labels, tabbable }: CardProps) {
  return (
    <li className={cardClass(card)} data-card={card.id}>
      <CardBody card={card} positionId={positionId} labels={labels} tabbable={tabbable} />
    </li>
  );
});

const ARROWS: Record<string, (i: number, last: number) => number> = {
  ArrowDown: (i) => i + 1,
  ArrowUp: (i) => i - 1,
  Home: () => 0,
  End: (_, last) => last,
};

/**
 * A roving tabindex (issue 26: the second column took 60 Tab presses): Tab enters a column at
 * one card and leaves for the next column; arrow up/down, Home and End go between the cards,
 * on the handle or the name as the focus was. A card held for a keyboard move (aria-pressed)
 * keeps its arrows for dnd-kit.
 */
function useRoving(cards: BoardCard[]) {
  const [active, setActive] = useState<number | null>(null);
  const current = cards.some((c) => c.id === active) ? active : (cards[0]?.id ?? null);
  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const step = ARROWS[e.key];
    const target = e.target as HTMLElement;
    if (!step || e.altKey || e.ctrlKey || e.metaKey || target.getAttribute('aria-pressed') === 'true' || target.closest('.brd-move-list')) return;
    const i = cards.findIndex((c) => c.id === Number(target.closest<HTMLElement>('[data-card]')?.dataset.card));
    const next = i < 0 ? undefined : cards[step(i, cards.length - 1)];
    if (!next) return;
    e.preventDefault();
    setActive(next.id);
    const part = target.classList.contains('brd-handle') ? '.brd-handle' : '.brd-name';
    e.currentTarget.querySelector<HTMLElement>(`[data-card="${next.id}"] ${part}`)?.focus();
  };
  const onFocus = (e: FocusEvent<HTMLUListElement>) => {
    const id = Number((e.target as HTMLElement).closest<HTMLElement>('[data-card]')?.dataset.card);
    if (id && id !== current) setActive(id);
  };
  return { current, onKeyDown, onFocus };
}

interface ColumnProps {
  column: BoardColumn;
  positionId: number;
  canWrite: boolean;
  labels: Labels;
  hideRejected: boolean;
  onMore(labelId: number): Promise<void>;
  targets?: MoveTargets;
}

/**
 * One Process level: its name and count, its cards, and 'Visa fler' while the column has more.
 * The drop target is the section alone: when a dragged card's target changes, the section's
 * highlight is drawn again and the memoised content is passed over.
 */
export function Column(props: ColumnProps) {
  const { setNodeRef, isOver } = useColumnDrop(props.column.labelId);
  return (
    <section ref={setNodeRef} className={isOver ? 'brd-col brd-col-over' : 'brd-col'} aria-labelledby={`brd-col-${props.column.labelId}`} data-column={props.column.labelId}>
      <ColumnContent {...props} />
    </section>
  );
}

const ColumnContent = memo(function ColumnContent({ column, positionId, canWrite, labels, hideRejected, onMore, targets }: ColumnProps) {
  const [busy, setBusy] = useState(false);
  const roving = useRoving(column.cards);
  const headingId = `brd-col-${column.labelId}`;
  const counted = column.rejected === 0 ? fill(t.count, { count: column.count }) : fill(hideRejected ? t.countHidden : t.countRejected, { count: column.count, rejected: column.rejected });
  return (
    <>
      <h2 id={headingId} className="brd-col-head">
        <span className="brd-col-name">{column.name}</span> <span className="brd-count">{counted}</span>
      </h2>
      {column.cards.length === 0 ? (
        <p className="brd-empty">{t.empty}</p>
      ) : (
        <ul className="brd-cards" aria-label={column.name} onKeyDown={roving.onKeyDown} onFocus={roving.onFocus}>
          {column.cards.map((card) => {
            const p = { card, labelId: column.labelId, positionId, labels, tabbable: card.id === roving.current };
            return canWrite ? <DraggableCard key={card.id} {...p} targets={targets} /> : <StaticCard key={card.id} {...p} />;
          })}
        </ul>
      )}
      {column.next !== null && (
        <BusyButton
          type="button"
          className="adm-button adm-button-small brd-more"
          busy={busy}
          onClick={() => {
            setBusy(true);
            onMore(column.labelId).finally(() => setBusy(false));
          }}
        >
          {t.more}
        </BusyButton>
      )}
    </>
  );
});
