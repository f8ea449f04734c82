import { useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { ApiError } from '../api';
import { useSession } from '../admin/session';
import { useScreenTitle } from '../runner/title';
import { call } from './call';
import type { StaffPosition } from './types';

const t = sv.applicants;

/**
 * Loads the position of the route's `:id` for the position page and its board: the missing
 * and failed states (with 'Försök igen'), then `children` with the position and a setter for
 * a changed copy. The document title becomes the position's name.
 */
export function PositionLoader({ children }: { children(position: StaffPosition, onChanged: (p: StaffPosition) => void): ReactNode }) {
  const positionId = Number(useParams().id);
  const { handleError } = useSession();
  const [position, setPosition] = useState<StaffPosition | null>(null);
  const [failure, setFailure] = useState<'missing' | 'error' | null>(null);
  const [attempt, setAttempt] = useState(0);
  useScreenTitle(position?.name);

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

  if (failure === 'missing') return <><h1>{t.position.missingTitle}</h1><p>{t.position.missing}</p></>;
  if (failure === 'error') {
    return (
      <div role="alert" className="adm-error">
        <h1>{t.position.title}</h1>
        <p>{t.error}</p>
        <button type="button" className="adm-button" onClick={() => setAttempt((a) => a + 1)}>{t.retry}</button>
      </div>
    );
  }
  if (!position) return <p role="status" className="adm-loading">{t.loading}</p>;
  return children(position, setPosition);
}
