import { useCallback, useEffect, useRef, useState } from 'react';
import { prepareStockholmDates } from '../../engine/dates';
import { call } from './call';
import { useLoad } from '../shared/useLoad';
import type { ApplicantQuery } from './query';
import type { ApplicantItem, Counts } from './types';

export interface ApplicantList {
  items: ApplicantItem[];
  /** 'loading' the first batch, 'more' a following one, 'error' the last call failed. */
  state: 'loading' | 'ready' | 'more' | 'error';
  done: boolean;
  loadMore(): void;
  reload(): void;
}

/**
 * The position's applicants under a filter, 30 a batch by key (`next` → `after`). A new
 * filter starts over; an answer for an older filter is dropped. Batches are appended, so rows
 * already shown keep their identity (memoised rows do not re-render).
 */
export function useApplicants(positionId: number, query: ApplicantQuery): ApplicantList {
  const [items, setItems] = useState<ApplicantItem[]>([]);
  const [state, setState] = useState<ApplicantList['state']>('loading');
  const [next, setNext] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const current = useRef(0);
  const busy = useRef(false);

  const fetchBatch = useCallback(
    async (after: string | null, gen: number) => {
      busy.current = true;
      try {
        const page = await call('get_applicantPositionByPosition', { positionId, ...query, ...(after !== null ? { after } : {}) });
        if (gen !== current.current) return;
        setItems((prev) => (after === null ? page.items : [...prev, ...page.items]));
        setNext(page.next);
        setState('ready');
      } catch {
        if (gen === current.current) setState('error');
      } finally {
        if (gen === current.current) busy.current = false;
      }
    },
    [positionId, query],
  );

  useEffect(() => {
    const gen = ++current.current;
    setState('loading');
    setItems([]);
    setNext(null);
    void fetchBatch(null, gen);
    // The rows show dates: their formatter is built while the batch is on its way (engine/dates.ts).
    prepareStockholmDates();
  }, [fetchBatch, generation]);

  const loadMore = useCallback(() => {
    if (busy.current || next === null) return;
    setState('more');
    void fetchBatch(next, current.current);
  }, [fetchBatch, next]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { items, state, done: next === null && state === 'ready', loadMore, reload };
}

/** Totals under the filter and per label (get_applicantCounts); the last filter's while a new one's load, null before the first answer and on a failure. */
export function useCounts(positionId: number, query: ApplicantQuery, generation: number): Counts | null {
  const { data, error } = useLoad(() => call('get_applicantCounts', { positionId, ...query }), JSON.stringify([positionId, query, generation]), { keep: true });
  return error === undefined ? (data ?? null) : null;
}
