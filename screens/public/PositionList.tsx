import { Link } from './router';
import { formatStockholmDate as formatDate } from '../../engine/dates';
import { positionPath } from './positionRef';
import type { PublicPositionSummary } from './types';
import sv from '../../schemas/messages/sv.json';

const s = sv.public;

/** Cards of open positions; closed ones are never offered on a list. */
export function PositionList({ items, headingLevel, showEmployer }: { items: PublicPositionSummary[]; headingLevel: 2 | 3; showEmployer: boolean }) {
  const open = items.filter((p) => p.status === 'Öppen');
  if (open.length === 0) return <p className="pub-empty">{s.noPositions}</p>;
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="pub-cards">
      {open.map((p, i) => (
        <li key={p.id} className="pub-card">
          <span className={`pub-card-icon pub-card-icon-${(i % 4) + 1}`} aria-hidden="true" />
          <H className="pub-card-title">
            <Link to={positionPath(p)}>{p.name}</Link>
          </H>
          <dl className="pub-facts">
            {showEmployer && (
              <div>
                <dt>{s.employer}</dt>
                <dd>{p.displayName || p.containerName}</dd>
              </div>
            )}
            {p.city && (
              <div>
                <dt>{s.city}</dt>
                <dd>{p.city}</dd>
              </div>
            )}
            <div>
              <dt>{s.lastApplyDate}</dt>
              <dd>
                <time dateTime={formatDate(p.stop)}>{formatDate(p.stop)}</time>
              </dd>
            </div>
          </dl>
          {p.description && <p className="pub-card-text">{p.description}</p>}
          <Link to={positionPath(p)} className="pub-button pub-card-cta">
            {s.readMoreAndApply}
            <span className="pub-sr-only">: {p.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
