import type { AttemptCounters } from './attempt-counters';

/**
 * A fixed-window limit kept in the app's counters (server/coord: Redis across instances when
 * REDIS_URL is set, this process otherwise): at most `max` hits per key per `windowMs`. When
 * a window ends the key starts afresh, so a real user is never locked out for longer than one
 * window. `name` keeps the limits apart in the one counter space.
 */
export function sharedLimiter(counters: AttemptCounters, name: string, opts: { windowMs: number; max: number }) {
  return {
    /** Counts a hit; false when the key is at its limit in the current window (and nothing was counted). */
    async hit(key: string): Promise<boolean> {
      return (await counters.take(`limit\n${name}\n${key}`, opts.max, opts.windowMs)).taken;
    },
    /** Gives one hit back (a request that turned out not to be what the limit counts). */
    async release(key: string): Promise<void> {
      await counters.release(`limit\n${name}\n${key}`);
    },
  };
}
