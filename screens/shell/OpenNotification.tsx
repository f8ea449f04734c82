import { useCallback, useEffect, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { ApiError, dispatch } from '../api';
import { useContainer, useSession } from '../runner/session/session';
import { notificationTarget, type AppNotification } from './notifications';

const t = sv.shell.notification;

type State =
  | { kind: 'loading' }
  | { kind: 'gone'; text: string }
  | { kind: 'noTarget'; n: AppNotification }
  | { kind: 'open'; to: string }
  | { kind: 'error' };

const isNotFound = (err: unknown) => err instanceof ApiError && (err.status === 404 || err.status === 403);

/**
 * /admin/notifications/:id: reads the notification, checks that what it points at still
 * exists (the applicant, else the position), marks it read and opens it. A deleted
 * notification or target shows the not-found state instead of a broken page.
 */
export function OpenNotification({ title }: { title: string }) {
  const { id } = useParams();
  const container = useContainer();
  const { handleError, rights } = useSession();
  const [state, setState] = useState<State>({ kind: 'loading' });

  const run = useCallback(async () => {
    setState({ kind: 'loading' });
    const nid = Number(id);
    if (!Number.isSafeInteger(nid) || nid < 1) return setState({ kind: 'gone', text: t.gone });
    let n: AppNotification;
    try {
      n = await dispatch('get_notification', { containerId: container.id, id: nid });
    } catch (err) {
      if (isNotFound(err)) return setState({ kind: 'gone', text: t.gone });
      handleError(err);
      return setState({ kind: 'error' });
    }
    const to = notificationTarget(n);
    const positionId = n.data?.positionId;
    if (!to || !positionId) return setState({ kind: 'noTarget', n });
    try {
      const applicantId = to.includes('/applicants/') ? n.data?.id : undefined;
      if (applicantId) await dispatch('get_applicantPosition', { id: applicantId });
      else await dispatch('get_position', { id: positionId });
    } catch (err) {
      if (isNotFound(err)) return setState({ kind: 'gone', text: t.targetGone });
      handleError(err);
      return setState({ kind: 'error' });
    }
    if (!n.read && rights.write) await dispatch('update_NotificationRead', { containerId: container.id, id: n.id, read: true }).catch(() => undefined);
    setState({ kind: 'open', to });
  }, [id, container.id, handleError, rights.write]);

  useEffect(() => {
    void run();
  }, [run]);

  switch (state.kind) {
    case 'open':
      return <Navigate to={state.to} replace />;
    case 'loading':
      return (
        <>
          <h1>{title}</h1>
          <p role="status">{t.opening}</p>
        </>
      );
    case 'error':
      return (
        <>
          <h1>{title}</h1>
          <div role="alert">
            <p>{t.error}</p>
            <button type="button" className="bk-btn" onClick={() => void run()}>
              {t.retry}
            </button>
          </div>
        </>
      );
    case 'gone':
      return (
        <>
          <h1>{sv.app.notFound.title}</h1>
          <p>{state.text}</p>
          <p>
            <Link to="/admin">{t.back}</Link>
          </p>
        </>
      );
    case 'noTarget':
      return (
        <>
          <h1>{state.n.title || title}</h1>
          <p>{state.n.message}</p>
          <p>{t.noTarget}</p>
          <p>
            <Link to="/admin">{t.back}</Link>
          </p>
        </>
      );
  }
}
