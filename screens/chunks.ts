/**
 * Loading the app's code chunks (spec document 2: chunks load with a 120 s timeout, and a
 * failure gives a named load error). Every lazy import of the app goes through `loadChunk`.
 */

import { CHUNK_TIMEOUT_MS } from '../engine/chunk-timeout';

export { CHUNK_TIMEOUT_MS };

/** A chunk that did not arrive: `chunk` names it, `timedOut` tells a slow line from a failed fetch. */
export class ChunkLoadError extends Error {
  constructor(
    readonly chunk: string,
    readonly timedOut: boolean,
  ) {
    super(`chunk ${chunk} ${timedOut ? 'timed out' : 'failed to load'}`);
    this.name = 'ChunkLoadError';
  }
}

/** The loads under way: a preload nobody awaits is still one of them until it ends. */
const inFlight = new Set<Promise<unknown>>();

/**
 * Resolves once every chunk load under way (and any started meanwhile) has ended, loaded or
 * not. The component tests await it before a file's window is closed (tests/setup/dom.ts): a
 * preload a file started (a link hovered, a matched route) must not still be importing then.
 */
export async function chunksSettled(): Promise<void> {
  while (inFlight.size) await Promise.allSettled([...inFlight]);
}

/** `load()` within the timeout, or a ChunkLoadError naming `chunk`. */
export function loadChunk<T>(chunk: string, load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  const p = startChunk(chunk, load, timeoutMs);
  inFlight.add(p);
  const done = () => inFlight.delete(p);
  p.then(done, done);
  return p;
}

function startChunk<T>(chunk: string, load: () => Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(chunk, true)), timeoutMs);
    load().then(
      (m) => {
        clearTimeout(timer);
        resolve(m);
      },
      () => {
        clearTimeout(timer);
        reject(new ChunkLoadError(chunk, false));
      },
    );
  });
}

const RELOADED_AT = 'blankett-chunk-reload';
/** At most one automatic reload a minute, so a server that is down cannot make a reload loop. */
const RELOAD_PAUSE_MS = 60_000;

/**
 * A chunk that failed to load (not a slow one) usually means the tab was opened before a
 * deploy replaced the hashed files: one reload fetches the new build. Answers whether it
 * reloads; false when it did so less than a minute ago in this tab (then the error is shown).
 */
export function reloadForNewBuild(reload: () => void = () => location.reload(), now = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (now - last < RELOAD_PAUSE_MS) return false;
    sessionStorage.setItem(RELOADED_AT, String(now));
  } catch {
    return false;
  }
  reload();
  return true;
}
