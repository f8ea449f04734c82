/**
 * Counters of login attempts behind one small interface, so that several server instances
 * can later share them (Redis: `take` is one Lua script of GET/INCR/PEXPIRE, `release` a
 * DECR, `clear` a DEL). The default keeps them in this process.
 */
export interface AttemptCounters {
  /**
   * Atomically counts one hit on `key` when it has fewer than `limit` in its current window
   * (`windowMs` from the window's first hit). `taken` false: the key is at its limit and
   * nothing was counted. `resetAt` (ms since the epoch): when the window ends.
   */
  take(key: string, limit: number, windowMs: number): Promise<{ taken: boolean; count: number; resetAt: number }>;
  /** Gives one hit back (an attempt that turned out to be the owner's). */
  release(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

/**
 * In-process counters. Memory stays bounded: expired windows are swept when the map is full,
 * and when it is still full the oldest key is forgotten rather than the map growing.
 */
export function memoryAttemptCounters(opts: { now?: () => number; maxKeys?: number } = {}): AttemptCounters {
  const now = opts.now ?? Date.now;
  const maxKeys = opts.maxKeys ?? 200_000;
  const windows = new Map<string, { resetAt: number; count: number }>();

  const live = (key: string, t: number) => {
    const w = windows.get(key);
    if (w && t < w.resetAt) return w;
    if (w) windows.delete(key);
    return undefined;
  };

  return {
    async take(key, limit, windowMs) {
      const t = now();
      let w = live(key, t);
      if (!w) {
        if (windows.size >= maxKeys) for (const [k, v] of windows) if (t >= v.resetAt) windows.delete(k);
        if (windows.size >= maxKeys) windows.delete(windows.keys().next().value as string);
        w = { resetAt: t + windowMs, count: 0 };
        windows.set(key, w);
      }
      if (w.count >= limit) return { taken: false, count: w.count, resetAt: w.resetAt };
      w.count += 1;
      return { taken: true, count: w.count, resetAt: w.resetAt };
    },
    async release(key) {
      const w = live(key, now());
      if (w && w.count > 0) w.count -= 1;
    },
    async clear(key) {
      windows.delete(key);
    },
  };
}
