import sv from '../../schemas/messages/sv.json' with { type: 'json' };

/**
 * Guards for values that come from clients. The store port cannot tell a programmer's
 * `{ $ne: null }` from an attacker's, so every client-supplied value goes through one of
 * these before it reaches a filter or a document. They throw UnsafeValueError (the store
 * layer knows no HTTP; the error handler answers it as 400 `invalid` with its details), so a
 * bad value becomes a clear client error and nothing is stored.
 */

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_DEPTH = 64;

export interface UnsafeDetail {
  path: string;
  message: string;
}

/** A client value the store refuses to query or store, with where it went wrong. */
export class UnsafeValueError extends Error {
  constructor(readonly details: UnsafeDetail[]) {
    super(details[0]?.message ?? sv.store.unsafeValue);
    this.name = 'UnsafeValueError';
  }
}

/**
 * Whether a key cannot be stored or queried safely: an operator (`$…`), a prototype key, a
 * dotted name (neither engine stores those reliably: nedb refuses them, Mongo queries misread
 * them) or a NUL. Told by its first character where it can: this runs for every key of every
 * body and stored document.
 */
function isUnsafeKey(key: string): boolean {
  const first = key.charCodeAt(0);
  if (first === 0x24) return true;
  if ((first === 0x5f || first === 0x63 || first === 0x70) && FORBIDDEN_KEYS.has(key)) return true;
  return key.includes('.') || key.includes('\u0000');
}

/** An unsafe spot: the keys leading to it, innermost first (a path is built only for the one found). */
interface Found {
  keys: (string | number)[];
  message: string;
}

const found = (message: string, key?: string): Found => ({ keys: key === undefined ? [] : [key], message });

/**
 * The first unsafe spot under `value`, or null. An application's 200 answers are walked twice
 * (its body, then its document), so a value that is fine allocates nothing but its keys:
 * a path built for every key, and every key checked by pattern, cost twice as much. The keys
 * walked are the enumerable own ones, which JSON and BSON store; a symbol key is refused.
 */
function findUnsafe(value: unknown, depth: number): Found | null {
  if (depth > MAX_DEPTH) return found(sv.store.tooDeep);
  if (value === null || typeof value !== 'object') {
    return typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint' ? found(sv.store.unsafeValue) : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const inner = findUnsafe(value[i], depth + 1);
      if (inner) {
        inner.keys.push(i);
        return inner;
      }
    }
    return null;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return found(sv.store.unsafeValue);
  if (Object.getOwnPropertySymbols(value).length > 0) return found(sv.store.unsafeKey);
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (isUnsafeKey(key)) return found(sv.store.unsafeKey, key);
    const inner = findUnsafe((value as Record<string, unknown>)[key], depth + 1);
    if (inner) {
      inner.keys.push(key);
      return inner;
    }
  }
  return null;
}

function detailOf(f: Found | null, path: string): UnsafeDetail | null {
  if (!f) return null;
  let at = path;
  for (let i = f.keys.length - 1; i >= 0; i--) at += `/${f.keys[i]}`;
  return { path: at, message: f.message };
}

/** The first unsafe spot in a JSON-like value (operator or prototype key, dotted key, non-plain object), or null. */
export function unsafeDetail(value: unknown, path = ''): UnsafeDetail | null {
  return detailOf(findUnsafe(value, 0), path);
}

/**
 * Asserts a client value is plain data that may be stored: JSON-like, no key starting with `$`,
 * no `__proto__`/`constructor`/`prototype` key, no dotted key, not nested absurdly deep.
 */
export function assertPlainValue<T>(value: T, path = ''): T {
  const detail = detailOf(findUnsafe(value, 0), path);
  if (detail) throw new UnsafeValueError([detail]);
  return value;
}

export type FilterScalar = string | number | boolean | null;

/**
 * Checks a client value that will be compared in a filter: only a scalar (or, with
 * `allowArray`, an array of scalars for `$in`). Any object is refused, so a value can never
 * turn into an operator such as `{ $ne: null }` or `{ $gt: '' }`.
 */
export function sanitizeFilterValue(value: unknown, path?: string): FilterScalar;
export function sanitizeFilterValue(value: unknown, path: string, allowArray: true): FilterScalar | FilterScalar[];
export function sanitizeFilterValue(value: unknown, path = '', allowArray = false): FilterScalar | FilterScalar[] {
  if (isScalar(value)) return value;
  if (allowArray && Array.isArray(value) && value.every(isScalar)) return value as FilterScalar[];
  throw new UnsafeValueError([{ path, message: sv.store.unsafeValue }]);
}

function isScalar(value: unknown): value is FilterScalar {
  if (value === null) return true;
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' || typeof value === 'boolean';
}

/** Escapes text so it matches literally inside `$regex` (search boxes must not run client patterns). */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
