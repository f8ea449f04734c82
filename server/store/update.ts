import { pullMatches } from './match';
import type { Filter, Update } from './port';
import { StoreUsageError, isPlainObject } from './query';

/**
 * The port's update operators applied in code to a document the caller owns (the embedded
 * store parses a fresh copy from disk, changes it here and writes it back in one
 * transaction). Semantics follow MongoDB: dotted paths create missing sub-documents,
 * numeric segments index arrays, `$push` creates a missing array, `$inc` a missing number.
 */

type Obj = Record<string, unknown>;

function child(container: unknown, seg: string): unknown {
  if (Array.isArray(container) && /^\d+$/.test(seg)) return container[Number(seg)];
  if (isPlainObject(container)) return Object.hasOwn(container, seg) ? container[seg] : undefined;
  return undefined;
}

/** The parent of a path's last segment, creating sub-documents on the way; throws where a scalar is in the way. */
function parentOf(doc: Obj, segs: string[], create: boolean): Obj | unknown[] | null {
  let cur: Obj | unknown[] = doc;
  for (const seg of segs.slice(0, -1)) {
    let next = child(cur, seg);
    if (next === undefined || next === null) {
      if (!create) return null;
      if (Array.isArray(cur) && !/^\d+$/.test(seg)) throw new StoreUsageError(`cannot create field ${seg} in an array`);
      next = {};
      if (Array.isArray(cur)) cur[Number(seg)] = next;
      else cur[seg] = next;
    }
    if (!isPlainObject(next) && !Array.isArray(next)) throw new StoreUsageError(`cannot reach ${segs.join('.')} through a value`);
    cur = next as Obj | unknown[];
  }
  return cur;
}

function setAt(parent: Obj | unknown[], seg: string, value: unknown): void {
  if (Array.isArray(parent)) {
    if (!/^\d+$/.test(seg)) throw new StoreUsageError(`cannot set field ${seg} in an array`);
    parent[Number(seg)] = value;
  } else {
    parent[seg] = value;
  }
}

/** Applies an update (already checked by checkUpdate) to `doc` in place and returns it. */
export function applyUpdate(doc: Obj, update: Update): Obj {
  for (const [path, value] of Object.entries(update.$set ?? {})) {
    const segs = path.split('.');
    setAt(parentOf(doc, segs, true)!, segs[segs.length - 1]!, structuredClone(value));
  }
  for (const path of Object.keys(update.$unset ?? {})) {
    const segs = path.split('.');
    const parent = parentOf(doc, segs, false);
    const last = segs[segs.length - 1]!;
    if (Array.isArray(parent) && /^\d+$/.test(last)) parent[Number(last)] = null;
    else if (isPlainObject(parent)) delete parent[last];
  }
  for (const [path, value] of Object.entries(update.$push ?? {})) {
    const segs = path.split('.');
    const parent = parentOf(doc, segs, true)!;
    const last = segs[segs.length - 1]!;
    const current = child(parent, last);
    if (current === undefined || current === null) setAt(parent, last, [structuredClone(value)]);
    else if (Array.isArray(current)) current.push(structuredClone(value));
    else throw new StoreUsageError(`$push to ${path}, which is not an array`);
  }
  for (const [path, cond] of Object.entries(update.$pull ?? {})) {
    const segs = path.split('.');
    const parent = parentOf(doc, segs, false);
    const last = segs[segs.length - 1]!;
    const current = parent ? child(parent, last) : undefined;
    if (Array.isArray(current)) setAt(parent!, last, current.filter((el) => !pullMatches(el, cond)));
  }
  for (const [path, by] of Object.entries(update.$inc ?? {})) {
    const segs = path.split('.');
    const parent = parentOf(doc, segs, true)!;
    const last = segs[segs.length - 1]!;
    const current = child(parent, last);
    if (current === undefined || current === null) setAt(parent, last, by);
    else if (typeof current === 'number') setAt(parent, last, current + by);
    else throw new StoreUsageError(`$inc on ${path}, which is not a number`);
  }
  return doc;
}

/** The document an upsert starts from: the filter's top-level equality conditions (Mongo does the same). */
export function upsertBase(filter: Filter): Obj {
  const doc: Obj = {};
  for (const [key, value] of Object.entries(filter)) {
    if (key.startsWith('$')) continue;
    if (isPlainObject(value) && Object.keys(value).some((k) => k.startsWith('$'))) continue;
    const segs = key.split('.');
    setAt(parentOf(doc, segs, true)!, segs[segs.length - 1]!, structuredClone(value));
  }
  return doc;
}
