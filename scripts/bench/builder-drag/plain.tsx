import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { installHarness } from './harness';

/** The peer: dnd-kit's own sortable-list recipe with 200 items, drag handle and all. */
function Item({ id, label }: { id: string; label: string }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition } = useSortable({ id });
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform), transition, display: 'flex', gap: 8, padding: 8, border: '1px solid #ccc' }}>
      <button type="button" ref={setActivatorNodeRef} className="handle" aria-label={`Flytta ${label}`} {...attributes} {...listeners}>
        ⠿
      </button>
      <span>{label}</span>
    </li>
  );
}

function List() {
  const [items, setItems] = useState(() => Array.from({ length: window.__benchCount ?? 200 }, (_, i) => `item-${i}`));
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) setItems((xs) => arrayMove(xs, xs.indexOf(String(active.id)), xs.indexOf(String(over.id))));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={items} strategy={verticalListSortingStrategy}>
        <ul style={{ listStyle: 'none', padding: 0 }}>
          {items.map((id) => (
            <Item key={id} id={id} label={`Fält ${Number(id.slice(5)) + 1}`} />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(<List />);
installHarness();
