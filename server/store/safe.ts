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

/** Why a key cannot be stored or queried safely, or null when it can. */
function keyProblem(key: string): string | null {
  if (key.startsWith('$')) return sv.store.unsafeKey;
  if (FORBIDDEN_KEYS.has(key)) return sv.store.unsafeKey;
  // Neither engine stores dotted names reliably (nedb refuses them, Mongo queries misread them).
  if (key.includes('.')) return sv.store.unsafeKey;
  if (key.includes('\u0000')) return sv.store.unsafeKey;
  return null;
}

function findUnsafe(value: unknown, path: string, depth: number): UnsafeDetail | null {
  if (depth > MAX_DEPTH) return { path, message: sv.store.tooDeep };
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') {
      return { path, message: sv.store.unsafeValue };
    }
    return null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafe(value[i], `${path}/${i}`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return { path, message: sv.store.unsafeValue };
  for (const key of Reflect.ownKeys(value)) {
    if (typeof key !== 'string') return { path, message: sv.store.unsafeKey };
    const problem = keyProblem(key);
    if (problem) return { path: `${path}/${key}`, message: problem };
    const found = findUnsafe((value as Record<string, unknown>)[key], `${path}/${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/** The first unsafe spot in a JSON-like value (operator or prototype key, dotted key, non-plain object), or null. */
export function unsafeDetail(value: unknown, path = ''): UnsafeDetail | null {
  return findUnsafe(value, path, 0);
}

/**
 * Asserts a client value is plain data that may be stored: JSON-like, no key starting with `$`,
 * no `__proto__`/`constructor`/`prototype` key, no dotted key, not nested absurdly deep.
 */
export function assertPlainValue<T>(value: T, path = ''): T {
  const found = findUnsafe(value, path, 0);
  if (found) throw new UnsafeValueError([found]);
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

