/**
 * What server rendering may cost under load (server/ssr/render.ts): the same page (origin,
 * host name and URL) rendered within TTL_MS is sent again from memory, and beyond
 * MAX_IN_FLIGHT renders at once the caller serves the SPA shell instead of queueing more.
 * A page costs a React render; a flood of requests for it must not cost one each.
 */

// Short enough that staff who change a position and reload its page see the change.
const TTL_MS = 1_000;
const MAX_ENTRIES = 200;
const MAX_IN_FLIGHT = 8;

export interface CachedPage {
  status: number;
  html: string;
  /** Positions the page showed: their views are counted again on every hit. */
  viewed: number[];
  /** Set when the page moved (an old slug): the answer is 301 to this path. */
  location?: string;
}

export function createRenderGuard<P = CachedPage>(now: () => number = Date.now) {
  const pages = new Map<string, { at: number; page: P }>();
  let inFlight = 0;

  return {
    get(key: string): P | null {
      const hit = pages.get(key);
      if (!hit) return null;
      if (now() - hit.at > TTL_MS) {
        pages.delete(key);
        return null;
      }
      return hit.page;
    },
    put(key: string, page: P): void {
      pages.delete(key);
      pages.set(key, { at: now(), page });
      // Map order is insertion order: the first keys are the oldest.
      while (pages.size > MAX_ENTRIES) pages.delete(pages.keys().next().value as string);
    },
    /** Runs `work` unless too many renders are under way (then 'busy', at once). */
    async limit<T>(work: () => Promise<T>): Promise<T | 'busy'> {
      if (inFlight >= MAX_IN_FLIGHT) return 'busy';
      inFlight++;
      try {
        return await work();
      } finally {
        inFlight--;
      }
    },
  };
}
