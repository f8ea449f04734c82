import { useCallback, useEffect, useRef, useState } from 'react';
import { dispatchByName } from '../api';
import { fillForAction } from './actionData';
import { pointer, type BindingContext } from './bindings';
import type { ScreenLoad } from './types';

export type Row = Record<string, unknown>;

export interface Rows {
  rows: Row[];
  status: 'loading' | 'ready' | 'error';
  /** Paged lists: more rows behind the last one. */
  hasMore: boolean;
  loadingMore: boolean;
  moreFailed: boolean;
  loadMore(): void;
  reload(): void;
}

interface State {
  rows: Row[];
  status: Rows['status'];
  next: unknown;
  loadingMore: boolean;
  moreFailed: boolean;
}

/**
 * A list screen's rows: `load.action` with its data filled from `ctx`; with `load.next` the
 * answer's next key is sent back as `after` for the next batch (key paging, 30 rows a batch
 * as the server sends them). A reload starts again from the first batch; a late answer of an
 * older request is dropped. Errors go to `onError` (which logs out on 401).
 */
export function useRows(load: ScreenLoad, ctx: BindingContext, onError: (err: unknown) => void): Rows {
  const [state, setState] = useState<State>({ rows: [], status: 'loading', next: undefined, loadingMore: false, moreFailed: false });
  const [generation, setGeneration] = useState(0);
  const request = useRef(0);
  const ctxKey = JSON.stringify(ctx);
  const data = useCallback(
    async (after?: unknown) => {
      const filled = (await fillForAction(load.action ?? '', load.data ?? {}, JSON.parse(ctxKey) as BindingContext)) as Record<string, unknown>;
      return after === undefined ? filled : { ...filled, after };
    },
    [load.action, load.data, ctxKey],
  );

  const fetchBatch = useCallback(
    async (after?: unknown) => {
      // A list loads by action (check-screens refuses a route there).
      const answer = await dispatchByName(load.action ?? '', await data(after));
      const rows = pointer(answer, load.rows);
      return { rows: Array.isArray(rows) ? (rows as Row[]) : [], next: load.next ? pointer(answer, load.next) : undefined };
    },
    [load.action, load.rows, load.next, data],
  );

  useEffect(() => {
    const mine = ++request.current;
    // The first load starts in 'loading' already: no extra render for it.
    setState((s) => (s.status === 'loading' && !s.moreFailed ? s : { ...s, status: 'loading', moreFailed: false }));
    fetchBatch()
      .then(({ rows, next }) => mine === request.current && setState({ rows, next, status: 'ready', loadingMore: false, moreFailed: false }))
      .catch((err: unknown) => {
        if (mine !== request.current) return;
        onError(err);
        setState((s) => ({ ...s, status: 'error' }));
      });
  }, [fetchBatch, generation, onError]);

  const hasMore = state.status === 'ready' && state.next !== undefined && state.next !== null && state.next !== '';
  const loadMore = useCallback(() => {
    if (!hasMore || state.loadingMore) return;
    const mine = request.current;
    setState((s) => ({ ...s, loadingMore: true, moreFailed: false }));
    fetchBatch(state.next)
      .then(({ rows, next }) => mine === request.current && setState((s) => ({ ...s, rows: [...s.rows, ...rows], next, loadingMore: false })))
      .catch((err: unknown) => {
        if (mine !== request.current) return;
        onError(err);
        setState((s) => ({ ...s, loadingMore: false, moreFailed: true }));
      });
  }, [hasMore, state.loadingMore, state.next, fetchBatch, onError]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { rows: state.rows, status: state.status, hasMore, loadingMore: state.loadingMore, moreFailed: state.moreFailed, loadMore, reload };
}
