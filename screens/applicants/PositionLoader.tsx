import { useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { ApiError } from '../api';
import { useSession } from '../admin/session';
import { call } from './call';
import type { StaffPosition } from './types';

const t = sv.applicants;

/**
 * Loads the position of the route's `:id` for the applicant list (a view block beside the
 * position's record head, which names it, says when it is missing and sets the title):
 * nothing while missing, a failure with 'Försök igen', then `children` with the position.
 */
export function PositionLoader({ children }: { children(position: StaffPosition): ReactNode }) {
  const positionId = Number(useParams().id);
  const { handleError } = useSession();
  const [position, setPosition] = useState<StaffPosition | null>(null);
  const [failure, setFailure] = useState<'missing' | 'error' | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setFailure(null);
    if (!Number.isSafeInteger(positionId) || positionId < 1) {
      setFailure('missing');
      return;
    }
    call('get_position', { id: positionId })
      .then((p) => live && setPosition(p))
      .catch((err: unknown) => {
        if (!live) return;
        handleError(err);
        setFailure(err instanceof ApiError && (err.status === 404 || err.status === 403) ? 'missing' : 'error');
      });
    return () => {
      live = false;
    };
  }, [positionId, attempt, handleError]);

  if (failure === 'missing') return null;
  if (failure === 'error') {
    return (
      <div role="alert" className="adm-error">
        <p>{t.error}</p>
        <button type="button" className="adm-button" onClick={() => setAttempt((a) => a + 1)}>{t.retry}</button>
      </div>
    );
  }
  if (!position) return <p role="status" className="adm-loading">{t.loading}</p>;
  return children(position);
}
