import { useEffect, useState } from 'react';
import { DndContext, useDraggable, useDroppable } from '@dnd-kit/core';
import { mount } from './harness';

interface Column {
  labelId: number;
  name: string;
  count: number;
  cards: { id: number; name: string; days: number }[];
}

/** The peer: a plain dnd-kit board of the same cards from the same call — no memo, no announcements, no overlay. */
function Card({ id, name, days }: { id: number; name: string; days: number }) {
  const { setNodeRef, attributes, listeners, transform } = useDraggable({ id });
  // dnd-kit's basic recipe: the dragged card itself follows the pointer.
  const style = { padding: 8, border: '1px solid #ccc', marginBottom: 8, background: '#fff', ...(transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : {}) };
  return (
    <li ref={setNodeRef} data-card={id} style={style}>
      <button type="button" {...attributes} {...listeners} aria-label={`Flytta ${name}`}>⠿</button> {name} {days} dagar
    </li>
  );
}

function Col({ column }: { column: Column }) {
  const { setNodeRef } = useDroppable({ id: `c${column.labelId}` });
  return (
    <section ref={setNodeRef} data-column={column.labelId} style={{ width: 256, flex: '0 0 256px' }}>
      <h2>{column.name} {column.count}</h2>
      <ul style={{ listStyle: 'none', padding: 0 }}>{column.cards.map((c) => <Card key={c.id} {...c} />)}</ul>
    </section>
  );
}

function Plain() {
  const [columns, setColumns] = useState<Column[]>([]);
  useEffect(() => {
    void fetch('/api/dispatcher', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${window.__benchToken}` },
      body: JSON.stringify({ action: 'get_applicantBoard', data: { positionId: window.__benchPosition } }),
    })
      .then((r) => r.json())
      .then((b: { data: { columns: Column[] } }) => setColumns(b.data.columns));
  }, []);
  return (
    <DndContext>
      <div style={{ display: 'flex', gap: 12 }}>{columns.map((c) => <Col key={c.labelId} column={c} />)}</div>
    </DndContext>
  );
}

mount(<Plain />, false);
