import { useCallback, useEffect, useRef, useState } from 'react';

export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'invalid' | 'error' | 'conflict';

export interface SaveOptions {
  /** True when the page is going away: the request must outlive it (fetch keepalive). */
  keepalive: boolean;
}

/** What `save` may throw to stop autosaving: someone else changed the document. */
export class SaveConflict extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SaveConflict';
  }
}

export interface Autosave {
  status: SaveStatus;
  /** The message of the last failure (conflict or error), Swedish. */
  message: string;
  /** Saves now if anything is waiting. */
  flush(): void;
}

/**
 * Saves `value` `delayMs` after the last change, one save at a time, never an invalid
 * value. Whatever is waiting is saved at once when the component unmounts, the page is
 * hidden or left (pagehide), so nothing typed just before leaving is lost.
 */
export function useAutosave<T>(
  value: T,
  valid: boolean,
  save: ((value: T, opts: SaveOptions) => Promise<void>) | undefined,
  delayMs = 800,
): Autosave {
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [message, setMessage] = useState('');
  const saved = useRef(value);
  const waiting = useRef<T | null>(null);
  const inFlight = useRef(false);
  const stopped = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saveRef = useRef(save);
  saveRef.current = save;
  const mounted = useRef(true);

  const urgent = useRef(false);

  // 'pagehide': the page is going away, send now (keepalive) even beside a running save;
  // 'now': flush or unmount, right after a running save; 'timer': the debounce ran out.
  const run = useCallback(
    (mode: 'timer' | 'now' | 'pagehide') => {
      clearTimeout(timer.current);
      const fn = saveRef.current;
      const next = waiting.current;
      if (!fn || next === null || stopped.current) return;
      if (inFlight.current && mode !== 'pagehide') {
        if (mode === 'now') urgent.current = true;
        return;
      }
      waiting.current = null;
      urgent.current = false;
      inFlight.current = true;
      if (mounted.current) setStatus('saving');
      fn(next, { keepalive: mode === 'pagehide' || !mounted.current })
        .then(() => {
          saved.current = next;
          if (mounted.current) setStatus(waiting.current === null ? 'saved' : 'pending');
        })
        .catch((err: unknown) => {
          if (err instanceof SaveConflict) stopped.current = true;
          else if (waiting.current === null) waiting.current = next; // retried with the next change or flush
          if (mounted.current) {
            setStatus(err instanceof SaveConflict ? 'conflict' : 'error');
            setMessage(err instanceof Error ? err.message : '');
          }
        })
        .finally(() => {
          inFlight.current = false;
          if (waiting.current === null || stopped.current) return;
          if (!mounted.current || urgent.current) run('now');
          else timer.current = setTimeout(() => run('timer'), delayMs);
        });
    },
    [delayMs],
  );

  useEffect(() => {
    if (value === saved.current && waiting.current === null) return;
    if (!valid) {
      waiting.current = null;
      clearTimeout(timer.current);
      setStatus('invalid');
      return;
    }
    if (stopped.current) return;
    waiting.current = value;
    setStatus('pending');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => run('timer'), delayMs);
  }, [value, valid, delayMs, run]);

  useEffect(() => {
    mounted.current = true;
    const leave = () => run('pagehide');
    const hidden = () => {
      if (document.visibilityState === 'hidden') run('now');
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
      mounted.current = false;
      run('now');
    };
  }, [run]);

  const flush = useCallback(() => run('now'), [run]);
  return { status, message, flush };
}
