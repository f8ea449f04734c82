import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { ApiError } from '../api';
import { useSession } from '../runner/session/session';
import { useLoad } from '../shared/useLoad';
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
  const valid = Number.isSafeInteger(positionId) && positionId > 0;
  const { data: position, error, reload } = useLoad(
    () =>
      valid
        ? call('get_position', { id: positionId }).catch((err: unknown) => {
            handleError(err);
            throw err;
          })
        : Promise.resolve(undefined),
    String(positionId),
  );

  if (!valid || (error instanceof ApiError && (error.status === 404 || error.status === 403))) return null;
  if (error !== undefined) {
    return (
      <div role="alert" className="adm-error">
        <p>{t.error}</p>
        <button type="button" className="adm-button" onClick={reload}>{t.retry}</button>
      </div>
    );
  }
  if (!position) return <p role="status" className="adm-loading">{t.loading}</p>;
  return children(position);
}
