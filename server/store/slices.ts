import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Collection, Doc, FindOptions } from './port';

/**
 * Heavy requests (a 50,000-id move, a 50,000-row CSV, a 500-page PDF) work in slices and let
 * the event loop run between them, so other users' requests are answered while they run
 * (issue 15). The embedded store is synchronous: a store call that reads 50,000 rows holds
 * the process for its whole length, so lists that long are read a slice at a time.
 */

/** Ids per store read when checking a long id list. */
const READ_SLICE = 1000;

let queue: Promise<void> = Promise.resolve();

/**
 * Lets timers, I/O and other requests run before the caller goes on. Heavy requests queue
 * here, one slice of work per turn of the event loop in all, so three PDFs at once hold a
 * turn no longer than one does.
 */
export function yieldToLoop(): Promise<void> {
  const turn = queue.then(() => nextTurn());
  queue = turn;
  return turn;
}

/** `list` cut into slices of `size`. */
export function slices<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * The documents whose `id` is in `ids`, read a slice at a time with a turn of the event loop
 * between slices (in no particular order).
 */
export async function findByIds<T extends Doc>(col: Collection<T>, ids: readonly number[], projection?: FindOptions['projection']): Promise<T[]> {
  const out: T[] = [];
  const parts = slices(ids, READ_SLICE);
  for (const [i, part] of parts.entries()) {
    if (i > 0) await yieldToLoop();
    out.push(...(await col.find({ id: { $in: part } }, projection ? { projection } : {})));
  }
  return out;
}
