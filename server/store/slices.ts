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

/** Lets timers, I/O and other requests run before the caller goes on. */
export function yieldToLoop(): Promise<void> {
  return nextTurn();
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
