import { Link } from 'react-router-dom';
import sv from '../../../schemas/messages/sv.json';
import { call } from '../call';
import { loadQuery } from '../query';
import { useLoad } from '../../shared/useLoad';

const t = sv.applicants.applicant;

/** Previous and next applicant under the filter remembered for the position (the list's own). */
export function StepNav({ positionId, id }: { positionId: number; id: number }) {
  const loaded = useLoad(
    () =>
      call('get_applicantNeighbours', { positionId, id, ...loadQuery(positionId) })
        // A remembered filter the form no longer fits: step through the whole list instead.
        .catch(() => call('get_applicantNeighbours', { positionId, id })),
    `${positionId}/${id}`,
  );
  // No links while the neighbours of another applicant are still shown.
  const n = loaded.loading ? null : loaded.data;
  const to = (other: number) => `/admin/positions/${positionId}/applicants/${other}`;
  return (
    <nav className="apl-step" aria-label={t.stepLabel}>
      <Link to={`/admin/positions/${positionId}`}>{t.back}</Link>
      {n?.prev != null && <Link to={to(n.prev)}>{t.prev}</Link>}
      {n?.next != null && <Link to={to(n.next)}>{t.next}</Link>}
    </nav>
  );
}
