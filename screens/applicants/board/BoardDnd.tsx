/**
 * The one file of the pipeline board that imports @dnd-kit/*: columns are the drop targets,
 * cards are dragged by a handle with the mouse, touch (press and hold) or the keyboard
 * (space/Enter, then arrow left/right jumps a whole column), with Swedish screen-reader texts.
 */
import { useMemo, useState, type ReactNode } from 'react';
import {
  DndContext, DragOverlay, KeyboardSensor, PointerSensor, TouchSensor, useDraggable, useDroppable, useSensor, useSensors,
  type Announcements, type CollisionDetection, type DragEndEvent, type DragStartEvent, type KeyboardCoordinateGetter,
  type ScreenReaderInstructions, type UniqueIdentifier,
} from '@dnd-kit/core';
import sv from '../../../schemas/messages/sv.json';
import { fill } from '../../../engine/fill';

const d = sv.board.dnd;

interface CardData {
  cardId: number;
  labelId: number;
}

const columnKey = (labelId: number) => `column-${labelId}`;
const cardKey = (cardId: number) => `card-${cardId}`;
const labelOfKey = (id: UniqueIdentifier | undefined) => (id === undefined ? undefined : Number(String(id).slice('column-'.length)));

/**
 * The column under the pointer (mouse, touch) or under the dragged card's centre (keyboard),
 * judged by x only. In the gap between two columns it is the nearer one, so crossing a gap is
 * one change of target, not two with 'outside' between (each change redraws every card);
 * outside the board's first and last column it is none.
 */
const byColumn: CollisionDetection = ({ droppableContainers, droppableRects, collisionRect, pointerCoordinates }) => {
  const x = pointerCoordinates?.x ?? collisionRect.left + collisionRect.width / 2;
  let nearest: { container: (typeof droppableContainers)[number]; distance: number } | undefined;
  let left = Infinity;
  let right = -Infinity;
  for (const c of droppableContainers) {
    const r = droppableRects.get(c.id);
    if (!r) continue;
    const distance = x < r.left ? r.left - x : x > r.right ? x - r.right : 0;
    if (!nearest || distance < nearest.distance) nearest = { container: c, distance };
    left = Math.min(left, r.left);
    right = Math.max(right, r.right);
  }
  return nearest && x >= left && x <= right ? [{ id: nearest.container.id, data: { droppableContainer: nearest.container, value: 0 } }] : [];
};

/** Arrow right/left: the card's centre to the middle of the next column that way; up/down do nothing. */
const columnCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates, context: { collisionRect, droppableRects, droppableContainers } }) => {
  if (event.code !== 'ArrowRight' && event.code !== 'ArrowLeft') {
    if (event.code === 'ArrowUp' || event.code === 'ArrowDown') event.preventDefault();
    return undefined;
  }
  event.preventDefault();
  if (!collisionRect) return undefined;
  const cx = collisionRect.left + collisionRect.width / 2;
  const rects = droppableContainers
    .getEnabled()
    .flatMap((c) => {
      const r = droppableRects.get(c.id);
      return r ? [r] : [];
    })
    .sort((a, b) => a.left - b.left);
  const target = event.code === 'ArrowRight' ? rects.find((r) => r.left > cx) : [...rects].reverse().find((r) => r.right < cx);
  if (!target) return undefined;
  return { x: currentCoordinates.x + (target.left + target.width / 2 - cx), y: currentCoordinates.y };
};

const instructions: ScreenReaderInstructions = { draggable: d.instructions };

export interface BoardDndProps {
  /** A card was dropped on another column than its own (the same column calls nothing). */
  onMove(cardId: number, from: number, to: number): void;
  nameOf(cardId: number): string;
  columnName(labelId: number): string;
  /** What follows the pointer while a card is dragged. */
  renderOverlay(cardId: number): ReactNode;
  children: ReactNode;
}

function announcements(nameOf: (id: number) => string, columnName: (id: number) => string): Announcements {
  const card = (data: unknown) => data as CardData;
  // At the start dnd-kit reports the card over its own column: until it has been over
  // another one, that is still the pick-up message.
  let left = false;
  return {
    onDragStart: ({ active }) => {
      left = false;
      const c = card(active.data.current);
      return fill(d.start, { name: nameOf(c.cardId), column: columnName(c.labelId) });
    },
    onDragOver: ({ active, over }) => {
      const c = card(active.data.current);
      const to = labelOfKey(over?.id);
      if (to === undefined) {
        left = true;
        return fill(d.outside, { name: nameOf(c.cardId) });
      }
      if (to !== c.labelId) left = true;
      return fill(left ? d.over : d.start, { name: nameOf(c.cardId), column: columnName(to) });
    },
    onDragEnd: ({ active, over }) => {
      const c = card(active.data.current);
      const to = labelOfKey(over?.id);
      if (to === undefined) return fill(d.endOutside, { name: nameOf(c.cardId) });
      return fill(to === c.labelId ? d.endSame : d.end, { name: nameOf(c.cardId), column: columnName(to) });
    },
    onDragCancel: ({ active }) => {
      const c = card(active.data.current);
      return fill(d.cancel, { name: nameOf(c.cardId), column: columnName(c.labelId) });
    },
  };
}

/** The drag-and-drop frame of a board a writer may change. */
export function BoardDnd({ onMove, nameOf, columnName, renderOverlay, children }: BoardDndProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnCoordinates, scrollBehavior: 'auto' }),
  );
  const [dragged, setDragged] = useState<number | null>(null);
  const accessibility = useMemo(() => ({ announcements: announcements(nameOf, columnName), screenReaderInstructions: instructions }), [nameOf, columnName]);
  // The overlay re-renders on every pointer move: its content is made once per drag.
  const overlay = useMemo(() => (dragged !== null ? renderOverlay(dragged) : null), [dragged, renderOverlay]);
  const onDragStart = (e: DragStartEvent) => setDragged((e.active.data.current as CardData).cardId);
  const onDragEnd = (e: DragEndEvent) => {
    setDragged(null);
    const c = e.active.data.current as CardData;
    const to = labelOfKey(e.over?.id);
    if (to !== undefined && to !== c.labelId) onMove(c.cardId, c.labelId, to);
  };
  return (
    <DndContext sensors={sensors} collisionDetection={byColumn} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setDragged(null)} accessibility={accessibility}>
      {children}
      <DragOverlay dropAnimation={null}>{overlay}</DragOverlay>
    </DndContext>
  );
}

/** A column as a drop target. */
export function useColumnDrop(labelId: number) {
  const { setNodeRef, isOver } = useDroppable({ id: columnKey(labelId) });
  return { setNodeRef, isOver };
}

/** A card that can be dragged by its handle (the handle's props carry the keyboard and pointer listeners). */
export function useCardDrag(cardId: number, labelId: number) {
  const data: CardData = { cardId, labelId };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({ id: cardKey(cardId), data });
  return { setNodeRef, isDragging, handle: { ref: setActivatorNodeRef, ...attributes, ...listeners, 'aria-roledescription': d.roleDescription } };
}
