import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { requestContext } from '../log';
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

/** Requests being answered, and how many of them are heavy (have yielded here at least once). */
let active = 0;
let heavy = 0;
/** When the heavy work last got the loop back: the slice it is doing started then. */
let sliceStarted = performance.now();
/**
 * While others are waiting, heavy work pauses twice as long as its last slice took: the others
 * get two thirds of the loop. Measured with scripts/bench/heavy-requests.ts (four clients
 * reading lists): others' p99 against quiet during a 50,000 move 2.87× → 2.21× (the move 3.2 →
 * 6.1 s with them), during the CSV 3.64× → 2.21×, three PDFs 2.35× → 2.11×; with the others
 * given half the loop, 2.11×, 2.58× and 2.26×.
 */
const PAUSE_PER_SLICE = 2;
/** The longest a pause may be (a slice of the slowest kind took 5–7 ms on the loaded 2-core machine). */
const MAX_PAUSE_MS = 20;

/**
 * Runs one request's `work` counted as foreground: while any request that is not doing heavy
 * work is in flight, heavy work pauses between its slices (yieldToLoop). Called once per
 * request, inside its request context (server/app.ts).
 */
export async function foregroundRequest<T>(work: () => Promise<T>): Promise<T> {
  const request = requestContext.getStore();
  active++;
  try {
    return await work();
  } finally {
    active--;
    if (request?.heavy) heavy--;
    // A body still streamed after this (a CSV) is no request in flight any more: not counted again.
    if (request) request.heavy = true;
  }
}

/** How long heavy work pauses after a slice of `sliceMs`: 0 while no one else is waiting (it goes on at the next turn). */
export function pauseAfter(sliceMs: number): number {
  return active > heavy ? Math.min(PAUSE_PER_SLICE * sliceMs, MAX_PAUSE_MS) : 0;
}

/**
 * Lets timers, I/O and other requests run before the caller goes on. Heavy requests queue
 * here, one slice of work per turn of the event loop in all, so three PDFs at once hold a
 * turn no longer than one does. While other users' requests are in flight, a turn of the loop
 * is not enough: each of them needs several turns (its body, its checks, its reads, its
 * answer), and with a slice in every turn it waits several slices. Then the heavy work pauses
 * PAUSE_PER_SLICE times as long as its last slice took (at most MAX_PAUSE_MS); with no one
 * else waiting it goes on at the next turn, at full speed.
 */
export function yieldToLoop(): Promise<void> {
  const request = requestContext.getStore();
  // The first yield of a request in flight counts it as heavy (foregroundRequest uncounts it at its end).
  if (request && !request.heavy) {
    request.heavy = true;
    heavy++;
  }
  const turn = queue.then(async () => {
    const pause = pauseAfter(performance.now() - sliceStarted);
    if (pause > 0) await sleep(pause);
    else await nextTurn();
    sliceStarted = performance.now();
  });
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
 * between slices (in no particular order). A projection of top-level fields only is read as
 * columns (Collection.columns: on the embedded store just those values in SQL, no document
 * decoded or matched again in code), and a field the document lacks or holds null is left out:
 * the two reads of a 50,000-id move took 0.38 s of CPU that way instead of 0.93.
 */
export async function findByIds<T extends Doc>(col: Collection<T>, ids: readonly number[], projection?: FindOptions['projection']): Promise<T[]> {
  const out: T[] = [];
  const paths = projection && Object.entries(projection).every(([k, v]) => v === 1 && k !== '_id' && !k.includes('.')) ? Object.keys(projection) : null;
  const parts = slices(ids, READ_SLICE);
  for (const [i, part] of parts.entries()) {
    if (i > 0) await yieldToLoop();
    const filter = { id: { $in: part } };
    if (!paths) {
      out.push(...(await col.find(filter, projection ? { projection } : {})));
      continue;
    }
    for (const row of await col.columns(filter, paths)) {
      const doc: Doc = {};
      paths.forEach((p, k) => {
        if (row[k] !== null) doc[p] = row[k];
      });
      out.push(doc as T);
    }
  }
  return out;
}
