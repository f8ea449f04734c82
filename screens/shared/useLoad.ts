import { useCallback, useEffect, useRef, useState } from 'react';

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload(): void;
}

/**
 * Runs `load` when `key` changes (and on reload); a late answer for an old key is ignored. What
 * was loaded for another key is not this key's: until this key's answer comes, `data` is
 * undefined and `loading` true (an applicant page stepped to the next applicant never shows the
 * one before's cards, a candidate's list never says 'no applications' while it loads). A reload
 * keeps the data it replaces. `keep` shows the last key's data while the new key's loads
 * (counts beside a filter, which would otherwise blink at each change).
 */
export function useLoad<T>(load: () => Promise<T>, key: string, opts: { keep?: boolean } = {}): Loaded<T> {
  const [state, setState] = useState<{ key: string; data?: T; error?: unknown; loading: boolean }>({ key, loading: true });
  const [round, setRound] = useState(0);
  const latest = useRef(load);
  latest.current = load;
  const keep = opts.keep === true;
  useEffect(() => {
    let live = true;
    setState((s) => ({ key, data: s.key === key || keep ? s.data : undefined, loading: true }));
    latest.current().then(
      (data) => live && setState({ key, data, loading: false }),
      (error: unknown) => live && setState({ key, error, loading: false }),
    );
    return () => {
      live = false;
    };
  }, [key, round, keep]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  const current = state.key === key;
  return { data: current || keep ? state.data : undefined, error: current ? state.error : undefined, loading: !current || state.loading, reload };
}
