import type { Filter, FindOptions, Update } from './port';
import { assertPlainValue, unsafeDetail } from './safe';

/**
 * Checks filters and updates against the subset both adapters run (port.ts). Anything
 * outside it is a programming error, reported as StoreUsageError before any engine sees it,
 * so both adapters refuse the same things instead of one silently doing something else.
 */
export class StoreUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreUsageError';
  }
}

const FIELD_OPS = new Set(['$in', '$nin', '$ne', '$gt', '$gte', '$lt', '$lte', '$exists', '$regex', '$options']);
const UPDATE_OPS = new Set(['$set', '$unset', '$push', '$pull', '$inc']);
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);
const REGEX_OPTIONS = /^[ims]*$/;

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** A dotted field path: non-empty segments, no operator or prototype segment. */
function checkPath(path: string): void {
  if (path.length === 0 || path.length > 200) throw new StoreUsageError('invalid field path');
  for (const seg of path.split('.')) {
    if (seg.length === 0 || seg.startsWith('$') || FORBIDDEN_SEGMENTS.has(seg) || seg.includes('\u0000')) {
      throw new StoreUsageError(`invalid field path: ${path.slice(0, 60)}`);
    }
  }
}

function isOperatorObject(v: unknown): v is Record<string, unknown> {
  if (!isPlainObject(v)) return false;
  const keys = Object.keys(v);
  const ops = keys.filter((k) => k.startsWith('$'));
  if (ops.length > 0 && ops.length !== keys.length) {
    throw new StoreUsageError('operators and fields mixed in one filter value');
  }
  return ops.length > 0;
}

function checkLiteral(v: unknown): void {
  if (v instanceof RegExp) throw new StoreUsageError('use $regex, not a bare RegExp');
  const bad = unsafeDetail(v);
  if (bad) throw new StoreUsageError(`filter literal not plain at ${bad.path}`);
}

function checkFieldCondition(cond: Record<string, unknown>): void {
  for (const [op, arg] of Object.entries(cond)) {
    if (!FIELD_OPS.has(op)) throw new StoreUsageError(`unsupported operator ${op.slice(0, 20)}`);
    switch (op) {
      case '$in':
      case '$nin':
        if (!Array.isArray(arg)) throw new StoreUsageError(`${op} needs an array`);
        arg.forEach(checkLiteral);
        break;
      case '$exists':
        if (typeof arg !== 'boolean') throw new StoreUsageError('$exists needs a boolean');
        break;
      case '$regex':
        if (typeof arg !== 'string' && !(arg instanceof RegExp)) throw new StoreUsageError('$regex needs a string');
        break;
      case '$options':
        if (typeof arg !== 'string' || !REGEX_OPTIONS.test(arg) || !('$regex' in cond)) {
          throw new StoreUsageError('$options must go with $regex and hold only i, m, s');
        }
        break;
      default:
        checkLiteral(arg);
    }
  }
}

/** Throws StoreUsageError unless the filter stays inside the port's subset. */
export function checkFilter(filter: Filter, depth = 0): void {
  if (!isPlainObject(filter)) throw new StoreUsageError('filter must be a plain object');
  if (depth > 16) throw new StoreUsageError('filter nested too deep');
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$or' || key === '$and') {
      if (!Array.isArray(value) || value.length === 0) throw new StoreUsageError(`${key} needs a non-empty array`);
      for (const sub of value) checkFilter(sub as Filter, depth + 1);
      continue;
    }
    if (key.startsWith('$')) throw new StoreUsageError(`unsupported operator ${key.slice(0, 20)}`);
    checkPath(key);
    if (isOperatorObject(value)) checkFieldCondition(value);
    else checkLiteral(value);
  }
}

/** Throws StoreUsageError for an update outside the subset; unsafe values become 400 `invalid`. */
export function checkUpdate(update: Update): void {
  if (!isPlainObject(update)) throw new StoreUsageError('update must be a plain object');
  const ops = Object.keys(update);
  if (ops.length === 0) throw new StoreUsageError('empty update');
  for (const op of ops) {
    if (!UPDATE_OPS.has(op)) throw new StoreUsageError(`unsupported update operator ${op.slice(0, 20)}`);
    const fields = (update as Record<string, unknown>)[op];
    if (!isPlainObject(fields) || Object.keys(fields).length === 0) {
      throw new StoreUsageError(`${op} needs a non-empty object`);
    }
    for (const [path, value] of Object.entries(fields)) {
      checkPath(path);
      if (op === '$inc') {
        if (typeof value !== 'number' || !Number.isFinite(value)) throw new StoreUsageError('$inc needs a number');
      } else if (op === '$pull' && isOperatorObject(value)) {
        checkFieldCondition(value);
      } else if (op === '$pull' && isPlainObject(value)) {
        // A sub-document condition, e.g. `{ notes: { id: 3 } }` removes the note with id 3.
        checkFilter(value, 1);
      } else if (op !== '$unset') {
        assertPlainValue(value, `/${path.replaceAll('.', '/')}`);
      }
    }
  }
}

/** Documents written through the port: plain data, safe keys at every level. */
export function checkDoc(doc: unknown): void {
  if (!isPlainObject(doc)) throw new StoreUsageError('document must be a plain object');
  assertPlainValue(doc);
}

export function checkFindOptions(options: FindOptions | undefined): void {
  if (!options) return;
  for (const key of Object.keys(options.sort ?? {})) checkPath(key);
  for (const key of Object.keys(options.projection ?? {})) checkPath(key);
  const proj = Object.entries(options.projection ?? {}).filter(([k]) => k !== '_id');
  if (proj.length > 0 && proj.some(([, v]) => v !== proj[0]![1])) {
    throw new StoreUsageError('projection mixes inclusion and exclusion');
  }
  for (const n of [options.skip, options.limit]) {
    if (n !== undefined && (!Number.isInteger(n) || n < 0)) throw new StoreUsageError('skip and limit must be non-negative integers');
  }
}

/** Converts port `$regex` strings (+ `$options`) into RegExp objects, the form nedb understands. */
export function toNedbFilter(filter: Filter): Filter {
  const out: Filter = {};
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$or' || key === '$and') {
      out[key] = (value as Filter[]).map(toNedbFilter);
    } else if (isPlainObject(value) && typeof value.$regex === 'string') {
      const { $regex, $options, ...rest } = value;
      out[key] = { ...rest, $regex: new RegExp($regex as string, typeof $options === 'string' ? $options : '') };
    } else if (isPlainObject(value) && '$options' in value) {
      const { $options: _ignored, ...rest } = value;
      out[key] = rest;
    } else {
      out[key] = value;
    }
  }
  return out;
}
