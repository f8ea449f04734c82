import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import sv from '../../../schemas/messages/sv.json';
import { call } from '../call';
import { loadQuery } from '../query';

const t = sv.applicants.applicant;

/** Previous and next applicant under the filter remembered for the position (the list's own). */
export function StepNav({ positionId, id }: { positionId: number; id: number }) {
  const [n, setN] = useState<{ prev: number | null; next: number | null } | null>(null);
  useEffect(() => {
    let live = true;
    setN(null);
    call('get_applicantNeighbours', { positionId, id, ...loadQuery(positionId) })
      // A remembered filter the form no longer fits: step through the whole list instead.
      .catch(() => call('get_applicantNeighbours', { positionId, id }))
      .then((r) => live && setN(r))
      .catch(() => live && setN({ prev: null, next: null }));
    return () => {
      live = false;
    };
  }, [positionId, id]);
  const to = (other: number) => `/admin/positions/${positionId}/applicants/${other}`;
  return (
    <nav className="apl-step" aria-label={t.stepLabel}>
      <Link to={`/admin/positions/${positionId}`}>{t.back}</Link>
      {n?.prev != null && <Link to={to(n.prev)}>{t.prev}</Link>}
      {n?.next != null && <Link to={to(n.next)}>{t.next}</Link>}
    </nav>
  );
}
