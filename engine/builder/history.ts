/**
 * Undo/redo as a pure structure. `tag` coalesces a run of edits (typing into one field's
 * label) into one undo step; any other operation ends the run.
 */
export interface History<T> {
  readonly past: readonly T[];
  readonly present: T;
  readonly future: readonly T[];
  readonly tag?: string;
  readonly limit: number;
}

const DEFAULT_HISTORY_LIMIT = 100;

export function createHistory<T>(present: T, limit = DEFAULT_HISTORY_LIMIT): History<T> {
  return { past: [], present, future: [], limit };
}

/** Records `next` as the new present. The same value (reference) records nothing. */
export function record<T>(h: History<T>, next: T, tag?: string): History<T> {
  if (next === h.present) return h;
  if (tag !== undefined && tag === h.tag && h.past.length > 0) {
    return { ...h, present: next, future: [] };
  }
  const past = [...h.past, h.present];
  return { past: past.length > h.limit ? past.slice(past.length - h.limit) : past, present: next, future: [], tag, limit: h.limit };
}

export function undo<T>(h: History<T>): History<T> {
  const prev = h.past[h.past.length - 1];
  if (h.past.length === 0) return h;
  return { past: h.past.slice(0, -1), present: prev as T, future: [h.present, ...h.future], limit: h.limit };
}

export function redo<T>(h: History<T>): History<T> {
  if (h.future.length === 0) return h;
  const [next, ...rest] = h.future;
  return { past: [...h.past, h.present], present: next as T, future: rest, limit: h.limit };
}

export const canUndo = (h: History<unknown>): boolean => h.past.length > 0;
export const canRedo = (h: History<unknown>): boolean => h.future.length > 0;

/** Replaces the present without an undo step (e.g. the server's copy after a save). */
export function replacePresent<T>(h: History<T>, present: T): History<T> {
  return { ...h, present, tag: undefined };
}
