import { useCallback, useState } from 'react';

/**
 * A call's busy flag, for its buttons (BusyButton's `busy`): `run(work)` sets it for as long as
 * `work` runs, also when it throws (the caller's own catch says what went wrong).
 */
export function useBusy(): { busy: boolean; run<T>(work: () => Promise<T>): Promise<T> } {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async <T,>(work: () => Promise<T>) => {
    setBusy(true);
    try {
      return await work();
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
