import type { AttemptCounters } from '../auth/attempt-counters';

/**
 * In-memory fixed-window limiter: at most `max` hits per key per `windowMs`. When a window
 * ends the key starts afresh, so a real user is never locked out for longer than one window.
 * Memory stays bounded: expired windows are swept as new keys arrive.
 */
export interface RateLimiter {
  /** Counts a hit; false when the key is over its limit in the current window. */
  hit(key: string): boolean;
  /** True when the key is already at its limit (checks without counting). */
  blocked(key: string): boolean;
  reset(key: string): void;
}

export function createRateLimiter(opts: { windowMs: number; max: number; now?: () => number; maxKeys?: number }): RateLimiter {
  const now = opts.now ?? Date.now;
  const maxKeys = opts.maxKeys ?? 100_000;
  const windows = new Map<string, { start: number; count: number }>();

  const sweep = (t: number) => {
    for (const [k, w] of windows) if (t - w.start >= opts.windowMs) windows.delete(k);
  };
  const current = (key: string) => {
    const t = now();
    const w = windows.get(key);
    if (w && t - w.start < opts.windowMs) return w;
    if (windows.size >= maxKeys) sweep(t);
    // Still full of live windows: forget the oldest rather than grow without bound.
    if (windows.size >= maxKeys) windows.delete(windows.keys().next().value as string);
    const fresh = { start: t, count: 0 };
    windows.set(key, fresh);
    return fresh;
  };

  return {
    hit(key) {
      const w = current(key);
      w.count += 1;
      return w.count <= opts.max;
    },
    blocked(key) {
      const w = windows.get(key);
      return !!w && now() - w.start < opts.windowMs && w.count >= opts.max;
    },
    reset(key) {
      windows.delete(key);
    },
  };
}

/**
 * A fixed-window limit kept in shared counters (server/coord: Redis across instances when
 * REDIS_URL is set, this process otherwise): at most `max` hits per key per `windowMs`.
 * `name` keeps the limits apart in the one counter space.
 */
export function sharedLimiter(counters: AttemptCounters, name: string, opts: { windowMs: number; max: number }) {
  return {
    async hit(key: string): Promise<boolean> {
      return (await counters.take(`limit\n${name}\n${key}`, opts.max, opts.windowMs)).taken;
    },
  };
}
