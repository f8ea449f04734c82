import { useCallback, useEffect, useState } from 'react';
import { ApiError, publicGet } from '../api';

export type FetchState<T> =
  | { status: 'loading' }
  | { status: 'ok'; data: T }
  | { status: 'notFound' }
  | { status: 'error'; error: ApiError };

/** GET a public path; `null` waits. 404 is its own state so pages can show not-found. */
export function usePublicGet<T>(path: string | null): FetchState<T> & { reload: () => void } {
  const [state, setState] = useState<FetchState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (path === null) return;
    let live = true;
    setState({ status: 'loading' });
    publicGet<T>(path).then(
      (data) => live && setState({ status: 'ok', data }),
      (err: unknown) => {
        if (!live) return;
        const e = err instanceof ApiError ? err : new ApiError(0, { code: 'network', message: 'network' });
        setState(e.status === 404 || e.status === 400 ? { status: 'notFound' } : { status: 'error', error: e });
      },
    );
    return () => {
      live = false;
    };
  }, [path, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
