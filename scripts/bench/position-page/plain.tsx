import { useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { installHarness } from './harness';

interface Item {
  id: number;
  email: string;
  info: { firstname: string; lastname: string };
}

/**
 * The peer: a plain React list of the same rows from the same call (30 a batch by key),
 * the next batch fetched when the end comes within 600 px — no memo, no router, no labels.
 */
function Plain() {
  const [items, setItems] = useState<Item[]>([]);
  const next = useRef<number | string | null | undefined>(undefined);
  const busy = useRef(false);
  const more = async () => {
    if (busy.current || next.current === null) return;
    busy.current = true;
    const res = await fetch('/api/dispatcher', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${window.__benchToken}` },
      body: JSON.stringify({ action: 'get_applicantPositionByPosition', data: { positionId: window.__benchPosition, ...(next.current !== undefined ? { after: next.current } : {}) } }),
    });
    const { data } = (await res.json()) as { data: { items: Item[]; next: number | string | null } };
    next.current = data.next;
    setItems((xs) => [...xs, ...data.items]);
    busy.current = false;
  };
  useEffect(() => {
    void more();
    const onScroll = () => {
      if (document.documentElement.scrollHeight - window.scrollY - window.innerHeight < 600) void more();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return (
    <ul id="plain">
      {items.map((a) => (
        <li key={a.id} style={{ minHeight: 44, display: 'flex', alignItems: 'center', gap: 8, borderBottom: '1px solid #e5e5e5' }}>
          <input type="checkbox" aria-label={`Välj ${a.info.firstname} ${a.info.lastname}`} /> {a.info.firstname} {a.info.lastname} {a.email}
        </li>
      ))}
    </ul>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(<Plain />);
installHarness('#plain > li');
