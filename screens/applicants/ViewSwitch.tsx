import { Link } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';

const t = sv.board;

/** 'Lista' ↔ 'Tavla' on a position's applicants: two links, the current one marked for assistive technology. */
export function ViewSwitch({ positionId, current }: { positionId: number; current: 'list' | 'board' }) {
  const links = [
    { view: 'list', label: t.list, to: `/admin/positions/${positionId}` },
    { view: 'board', label: t.board, to: `/admin/positions/${positionId}/board` },
  ] as const;
  return (
    <nav className="apl-switch" aria-label={t.viewSwitch}>
      {links.map((l) => (
        <Link key={l.view} to={l.to} className="apl-switch-link" aria-current={l.view === current ? 'page' : undefined}>
          {l.label}
        </Link>
      ))}
    </nav>
  );
}
