/**
 * The one file of the builder that imports @dnd-kit/*: a vertical sortable list with
 * pointer, touch and keyboard sensors, a 200 ms animation and Swedish screen-reader texts.
 * Items are identified by stable keys, never by array index.
 */
import { memo, useCallback, useMemo, useRef, type ReactNode } from 'react';
import {
  DndContext, KeyboardSensor, type ClientRect, type Collision, type CollisionDetection, PointerSensor, TouchSensor, useSensor, useSensors,
  type Announcements, type DragEndEvent, type PointerSensorOptions, type ScreenReaderInstructions, type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import sv from '../../../schemas/messages/sv.json';
import { fill } from '../../fill';

/** Spec document 2 §9: drag animation 200 ms. */
const DRAG_ANIMATION_MS = 200;

const d = sv.builder.dnd;

/** Mouse and pen through pointer events; touch goes to the TouchSensor (press and hold, so the page still scrolls). */
class MousePenSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: ({ nativeEvent: e }: { nativeEvent: PointerEvent }, _options: PointerSensorOptions) =>
        e.isPrimary && e.button === 0 && e.pointerType !== 'touch',
    },
  ];
}

/** The droppables' boxes as plain numbers, read once per measurement of the list. */
interface Boxes {
  source: ReadonlyMap<UniqueIdentifier, ClientRect>;
  index: Map<UniqueIdentifier, number>;
  /** left, top, right, bottom of each box, in that order. */
  edges: Float64Array;
  refId: UniqueIdentifier;
  refLeft: number;
  refTop: number;
}

let boxes: Boxes | undefined;

/**
 * dnd-kit's measured boxes correct themselves for scrolling on every read of an edge (a
 * scrollTop read per scrolling ancestor); a collision check over 200 rows on each pointer
 * move made that 800 DOM reads. The rows of one list share their scrolling ancestors, so one
 * box read again gives the scroll shift for all of them.
 */
function boxesOf(rects: ReadonlyMap<UniqueIdentifier, ClientRect>): { b: Boxes; dx: number; dy: number } {
  if (boxes?.source !== rects || !rects.has(boxes.refId)) {
    const index = new Map<UniqueIdentifier, number>();
    const edges = new Float64Array(rects.size * 4);
    let i = 0;
    for (const [id, r] of rects) {
      index.set(id, i);
      edges.set([r.left, r.top, r.right, r.bottom], i * 4);
      i++;
    }
    const [refId, ref] = rects.entries().next().value ?? ['', { left: 0, top: 0 }];
    boxes = { source: rects, index, edges, refId, refLeft: ref.left, refTop: ref.top };
    return { b: boxes, dx: 0, dy: 0 };
  }
  const ref = rects.get(boxes.refId) as ClientRect;
  return { b: boxes, dx: ref.left - boxes.refLeft, dy: ref.top - boxes.refTop };
}

/**
 * A pointer drag drops where the pointer is (the field under it), else the closest centre:
 * with fields of very different heights the centre of a tall dragged group says little.
 * (The same results as dnd-kit's pointerWithin and closestCenter, on the boxes above.)
 * A keyboard step lines the field up with its neighbour's
 * top (moving up) or bottom (moving down) edge, so the neighbour is the one whose edge
 * matches: with fields of different heights (a group with its options beside a one-line
 * field), the centre rule would keep the field over itself and nothing would move.
 */
const collisionDetection: CollisionDetection = (args) => {
  const p = args.pointerCoordinates;
  if (p) {
    const { b, dx, dy } = boxesOf(args.droppableRects);
    const e = b.edges;
    const under: Collision[] = [];
    const near: Collision[] = [];
    const c = args.collisionRect;
    const cx = c.left + c.width / 2;
    const cy = c.top + c.height / 2;
    for (const container of args.droppableContainers) {
      const i = b.index.get(container.id);
      if (i === undefined) continue;
      const [l, t, r, bt] = [(e[i * 4] as number) + dx, (e[i * 4 + 1] as number) + dy, (e[i * 4 + 2] as number) + dx, (e[i * 4 + 3] as number) + dy];
      if (p.x >= l && p.x <= r && p.y >= t && p.y <= bt) {
        const corners = Math.hypot(p.x - l, p.y - t) + Math.hypot(p.x - r, p.y - t) + Math.hypot(p.x - l, p.y - bt) + Math.hypot(p.x - r, p.y - bt);
        under.push({ id: container.id, data: { droppableContainer: container, value: Number((corners / 4).toFixed(4)) } });
      } else if (under.length === 0) {
        near.push({ id: container.id, data: { droppableContainer: container, value: Math.hypot((l + r) / 2 - cx, (t + bt) / 2 - cy) } });
      }
    }
    return (under.length > 0 ? under : near).sort(byValue);
  }
  const r = args.collisionRect;
  return args.droppableContainers
    .flatMap((c) => {
      const rect = args.droppableRects.get(c.id);
      return rect ? [{ id: c.id, data: { droppableContainer: c, value: Math.min(Math.abs(rect.top - r.top), Math.abs(rect.bottom - r.bottom)) } }] : [];
    })
    .sort(byValue);
};

const byValue = (a: Collision, b: Collision) => (a.data?.value as number) - (b.data?.value as number);


export interface SortableListProps {
  ids: readonly string[];
  /** Accessible name of the list (and of the drag handles' context). */
  label: string;
  labelOf(id: string): string;
  onMove(activeId: string, overId: string): void;
  renderItem(id: string): ReactNode;
  className?: string;
  /** Told when a drag of this list starts (true) and when it ends or is cancelled (false). */
  onDragActive?(dragging: boolean): void;
}

function announcements(ids: readonly string[], labelOf: (id: string) => string): Announcements {
  const pos = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  const n = ids.length;
  return {
    onDragStart: ({ active }) => fill(d.start, { label: labelOf(String(active.id)), pos: pos(active.id), n }),
    // At the start dnd-kit reports the field over itself: that is still the pick-up message.
    onDragOver: ({ active, over }) =>
      !over
        ? fill(d.outside, { label: labelOf(String(active.id)) })
        : fill(over.id === active.id ? d.start : d.over, { label: labelOf(String(active.id)), pos: pos(over.id), n }),
    onDragEnd: ({ active, over }) =>
      over ? fill(d.end, { label: labelOf(String(active.id)), pos: pos(over.id), n }) : fill(d.endOutside, { label: labelOf(String(active.id)) }),
    onDragCancel: ({ active }) => fill(d.cancel, { label: labelOf(String(active.id)), pos: pos(active.id), n }),
  };
}

const instructions: ScreenReaderInstructions = { draggable: d.instructions };

interface ItemProps {
  id: string;
  /** The handle's accessible name, 'Flytta <label>' (made by the list, not per drag frame). */
  handleLabel: string;
  /** The neighbours a move up / down swaps with (none at the ends): dragging's single-pointer alternative (WCAG 2.2, 2.5.7). */
  prev?: string;
  next?: string;
  label: string;
  /** Stable for the list's lifetime, so the memoised rows are not drawn again for it. */
  move(id: string, over: string): void;
  children: ReactNode;
}

const TRANSITION = { duration: DRAG_ANIMATION_MS, easing: 'ease' };

/** One sortable row: the drag handle lives here, the row's content is the caller's (memoised) element. */
// useSortable re-renders every row each time the drop target changes during a drag (not on
// every pointer move), so a row does no more than the plain recipe: no string work, no new
// objects beyond dnd-kit's own; the field's content is a memoised element it passes through.
const SortableItem = memo(function SortableItem({ id, handleLabel, prev, next, label, move, children }: ItemProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, transition: TRANSITION });
  const style = { transform: CSS.Translate.toString(transform), transition };
  return (
    <li ref={setNodeRef} style={style} className={isDragging ? 'bld-item bld-item-dragging' : 'bld-item'} data-key={id}>
      {/* The grip glyph comes from CSS: one element less in each of the rows a drag re-renders. */}
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="bld-handle"
        {...attributes}
        {...listeners}
        aria-label={handleLabel}
        aria-roledescription={d.roleDescription}
      />
      <MoveButtons id={id} prev={prev} next={next} label={label} move={move} />
      {children}
    </li>
  );
});

/** Move up / move down: one click each, keyboard and single pointer alike (no drag). Memoised apart from the row's drag state. */
const MoveButtons = memo(function MoveButtons({ id, prev, next, label, move }: Pick<ItemProps, 'id' | 'prev' | 'next' | 'label' | 'move'>) {
  return (
    <span className="bld-move">
      <button type="button" className="bld-move-button" disabled={prev === undefined} aria-label={fill(sv.builder.moveFieldUp, { label })} onClick={() => prev !== undefined && move(id, prev)}>
        ↑
      </button>
      <button type="button" className="bld-move-button" disabled={next === undefined} aria-label={fill(sv.builder.moveFieldDown, { label })} onClick={() => next !== undefined && move(id, next)}>
        ↓
      </button>
    </span>
  );
});

/** A sortable list of keys. Nested lists (a group's children) are separate lists with their own context. */
export function SortableList({ ids, label, labelOf, onMove, renderItem, className, onDragActive }: SortableListProps) {
  const sensors = useSensors(
    useSensor(MousePenSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    // Instant scrolling: with smooth scrolling a keyboard step that needs the page to scroll
    // first waits for a scroll that may never settle, and the field does not move.
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates, scrollBehavior: 'auto' }),
  );
  const items = useMemo(() => [...ids], [ids]);
  const onMoveRef = useRef(onMove);
  onMoveRef.current = onMove;
  const move = useCallback((id: string, over: string) => onMoveRef.current(id, over), []);
  const accessibility = useMemo(() => ({ announcements: announcements(ids, labelOf), screenReaderInstructions: instructions }), [ids, labelOf]);
  const onDragEnd = (e: DragEndEvent) => {
    onDragActive?.(false);
    if (e.over && e.active.id !== e.over.id) onMove(String(e.active.id), String(e.over.id));
  };
  const onDragStart = () => onDragActive?.(true);
  const onDragCancel = () => onDragActive?.(false);
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
      accessibility={accessibility}
    >
      <SortableContext items={items} strategy={verticalListSortingStrategy}>
        <ul className={className ?? 'bld-list'} aria-label={label}>
          {ids.map((id, i) => (
            <SortableItem key={id} id={id} handleLabel={fill(sv.builder.moveField, { label: labelOf(id) })} prev={ids[i - 1]} next={ids[i + 1]} label={labelOf(id)} move={move}>
              {renderItem(id)}
            </SortableItem>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
