import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, publicGet } from '../api';
import { usePreloaded } from './ssr';

export type FetchState<T> =
  | { status: 'loading' }
  | { status: 'ok'; data: T }
  | { status: 'notFound' }
  | { status: 'error'; error: ApiError };

/**
 * GET a public path; `null` waits. 404 is its own state so pages can show not-found. On a
 * server-rendered page the server's answer for the same path is the first state, and it is
 * not fetched again.
 */
export function usePublicGet<T>(path: string | null): FetchState<T> & { reload: () => void } {
  const pre = usePreloaded<T>(path);
  const [state, setState] = useState<FetchState<T>>(() => (pre ? (pre.status === 200 ? { status: 'ok', data: pre.data } : { status: 'notFound' }) : { status: 'loading' }));
  const preloadedPath = useRef(pre ? path : null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (path === null) return;
    if (preloadedPath.current === path && attempt === 0) return;
    preloadedPath.current = null;
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
