import type { Filter } from './port';
import { isPlainObject } from './query';

/**
 * An in-memory matcher for the port's filter subset, with MongoDB's semantics (a condition on
 * an array field holds when it holds for the array or any element; a missing field is not
 * equal to anything). The Mongo adapter needs it where FerretDB 1.x falls short: `$pull` with
 * a condition, which FerretDB treats as whole-element equality.
 */

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => deepEqual(a[k], b[k]));
  }
  return false;
}

/** The values a dotted path reaches, arrays on the way expanded; the final array and its elements both count. */
function candidates(value: unknown, segments: string[]): unknown[] {
  if (segments.length === 0) return Array.isArray(value) ? [value, ...value] : [value];
  if (Array.isArray(value)) {
    const [head] = segments;
    if (head !== undefined && /^\d+$/.test(head)) return candidates(value[Number(head)], segments.slice(1));
    return value.flatMap((el) => (isPlainObject(el) ? candidates(el, segments) : []));
  }
  if (!isPlainObject(value)) return [];
  const [head, ...rest] = segments;
  if (head === undefined || !Object.hasOwn(value, head)) return [];
  return candidates(value[head], rest);
}

function compare(a: unknown, b: unknown): number | null {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return null;
}

/** Range operators compare numbers with numbers and strings with strings only, as Mongo does. */
function ordered(values: unknown[], arg: unknown, ok: (diff: number) => boolean): boolean {
  return values.some((v) => {
    const d = compare(v, arg);
    return d !== null && ok(d);
  });
}

function toRegExp(cond: Record<string, unknown>): RegExp {
  const re = cond.$regex;
  if (re instanceof RegExp) return re;
  return new RegExp(String(re), typeof cond.$options === 'string' ? cond.$options : '');
}

function anyEqual(values: unknown[], target: unknown): boolean {
  // Mongo: `{ f: null }` also matches a missing field.
  if (target === null && values.length === 0) return true;
  return values.some((v) => deepEqual(v, target));
}

// A `$in` list of plain values, as a set: a 50,000-id list checked against 50,000 rows must not
// compare every pair (that was the quadratic bulk move). Cached per list, since one filter
// object is matched against every row of a scan.
const setsOfLists = new WeakMap<unknown[], { set: Set<unknown>; others: unknown[] } | null>();
const SET_FROM = 16;

function listSet(list: unknown[]): { set: Set<unknown>; others: unknown[] } | null {
  if (list.length < SET_FROM) return null;
  let found = setsOfLists.get(list);
  if (found === undefined) {
    const set = new Set<unknown>();
    const others: unknown[] = [];
    for (const x of list) {
      if (typeof x === 'string' || typeof x === 'boolean' || (typeof x === 'number' && !Number.isNaN(x))) set.add(x);
      else others.push(x);
    }
    found = { set, others };
    setsOfLists.set(list, found);
  }
  return found;
}

function anyIn(values: unknown[], list: unknown[]): boolean {
  const fast = listSet(list);
  if (!fast) return list.some((x) => anyEqual(values, x));
  // deepEqual of two plain values is ===, which is what a Set compares (NaN excepted, kept out).
  if (values.some((v) => fast.set.has(v))) return true;
  return fast.others.some((x) => anyEqual(values, x));
}

function holds(values: unknown[], op: string, arg: unknown, cond: Record<string, unknown>): boolean {
  switch (op) {
    case '$ne':
      return !anyEqual(values, arg);
    case '$in':
      return anyIn(values, arg as unknown[]);
    case '$nin':
      return !anyIn(values, arg as unknown[]);
    case '$exists':
      return (values.length > 0) === arg;
    case '$regex': {
      const re = toRegExp(cond);
      return values.some((v) => typeof v === 'string' && re.test(v));
    }
    case '$options':
      return true;
    case '$gt':
      return ordered(values, arg, (d) => d > 0);
    case '$gte':
      return ordered(values, arg, (d) => d >= 0);
    case '$lt':
      return ordered(values, arg, (d) => d < 0);
    case '$lte':
      return ordered(values, arg, (d) => d <= 0);
    default:
      throw new Error(`unsupported operator ${op}`);
  }
}

function conditionHolds(values: unknown[], cond: unknown): boolean {
  if (isPlainObject(cond) && Object.keys(cond).some((k) => k.startsWith('$'))) {
    return Object.entries(cond).every(([op, arg]) => holds(values, op, arg, cond));
  }
  return anyEqual(values, cond);
}

/** Whether a document matches a filter of the port's subset. */
export function matches(doc: unknown, filter: Filter): boolean {
  return Object.entries(filter).every(([key, cond]) => {
    if (key === '$or') return (cond as Filter[]).some((f) => matches(doc, f));
    if (key === '$and') return (cond as Filter[]).every((f) => matches(doc, f));
    return conditionHolds(candidates(doc, key.split('.')), cond);
  });
}

/** Whether one array element is removed by a `$pull` value (a literal, an operator object, or a sub-document condition). */
export function pullMatches(element: unknown, pull: unknown): boolean {
  if (isPlainObject(pull)) {
    if (Object.keys(pull).some((k) => k.startsWith('$'))) return conditionHolds([element], pull);
    return isPlainObject(element) && matches(element, pull);
  }
  return deepEqual(element, pull);
}
