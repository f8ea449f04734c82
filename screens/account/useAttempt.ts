import { useCallback, useState } from 'react';
import { messageOf } from '../runner/serverErrors';
import { useBusy } from '../shared/useBusy';

/**
 * The account screens' runner for a button or a form (the second factors, the login's second
 * step, the TOTP enrolment): `run(work)` clears the last refusal, keeps `busy` set while
 * `work` runs (useBusy), and turns a refusal into `error`, the server's own Swedish message.
 */
export function useAttempt(): { busy: boolean; error: string; setError(message: string): void; run(work: () => Promise<void>): Promise<void> } {
  const { busy, run: whileBusy } = useBusy();
  const [error, setError] = useState('');
  const run = useCallback(
    async (work: () => Promise<void>) => {
      setError('');
      try {
        await whileBusy(work);
      } catch (err) {
        setError(messageOf(err));
      }
    },
    [whileBusy],
  );
  return { busy, error, setError, run };
}
