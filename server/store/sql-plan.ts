import type { Filter, Sort } from './port';
import { isPlainObject } from './query';

/**
 * Translates the port's filter subset into a SQLite WHERE clause over the JSON documents of
 * the embedded store. The clause is a pre-filter: it may let through documents that do not
 * match (the adapter runs the exact matcher, match.ts, on every row it reads) but it never
 * drops one that does. That is why only these conditions go to SQL:
 *
 * - equality, `$in` and numeric ranges on a path that an index declares (read from its
 *   column, sql-columns.ts) and that has never held an array on the way (a "multikey" path:
 *   Mongo's array semantics — a condition holds for any element — are not what json_extract
 *   compares, so such a path is checked in code);
 * - `$ne` of a number or a string on such a path: Mongo's `$ne` holds for a missing field,
 *   null and any value of another type, so only the same value of the same kind fails it;
 * - `_id` equality (its own column);
 * - a `$regex` that is a plain literal of 3+ characters on a path with a text (trigram)
 *   index: an FTS5 MATCH narrows the rows, the regex then decides.
 *
 * Everything else (`$nin`, `$exists`, other regexes, unindexed paths) is evaluated in
 * code. `exact` says the clause alone decides (so a count can be answered by SQL).
 */

export interface PlanContext {
  /** Indexed paths without arrays on the way: json_extract compares them as Mongo would. */
  scalarPath(path: string): boolean;
  /** The FTS5 table and column of a path with a text index, or null. */
  textColumn(path: string): { table: string; column: string } | null;
}

export interface SqlPart {
  sql: string;
  params: unknown[];
  exact: boolean;
}

const PLAIN_SEGMENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The SQLite JSON path of a dotted field path, or null when it has numeric (array) segments or quotes. */
export function jsonPath(path: string): string | null {
  const segs = path.split('.');
  if (segs.some((s) => /^\d+$/.test(s) || s.includes('"') || s.includes("'"))) return null;
  return '$' + segs.map((s) => (PLAIN_SEGMENT.test(s) ? `.${s}` : `."${s}"`)).join('');
}

/** json_extract of a field over the document (the text index's columns), or null for a path jsonPath refuses. */
export function fieldExpr(path: string): string | null {
  if (path === '_id') return '_id';
  const jp = jsonPath(path);
  return jp ? `json_extract(doc, '${jp}')` : null;
}

/** The column that mirrors an indexed path (sql-columns.ts), an identifier, quoted; only for paths jsonPath accepts. */
export function mirrorColumn(path: string): string {
  return `"f:${path}"`;
}

/** What an index, a filter and a sort read for an indexed path: `_id`'s own column or the path's mirror. */
export function indexedExpr(path: string): string | null {
  if (path === '_id') return '_id';
  return jsonPath(path) ? mirrorColumn(path) : null;
}

/** `$in` lists longer than this go to SQLite as one JSON array (json_each) rather than one parameter each. */
const LIST_AS_JSON = 500;

const isKey = (v: unknown): v is number | string => (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'string';

/** The literal text a regex pattern matches when it has no special characters (escapeRegex output), else null. */
function regexLiteral(pattern: string): string | null {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '\\') {
      const next = pattern[i + 1];
      if (next === undefined || /[A-Za-z0-9]/.test(next)) return null;
      out += next;
      i++;
    } else if ('.*+?^$()[]{}|'.includes(ch)) {
      return null;
    } else {
      out += ch;
    }
  }
  return out;
}

function fieldCondition(path: string, cond: unknown, ctx: PlanContext): SqlPart | null {
  const isOps = isPlainObject(cond) && Object.keys(cond).some((k) => k.startsWith('$'));
  if (isOps) {
    const ops = cond as Record<string, unknown>;
    if (typeof ops.$regex === 'string') {
      const text = ctx.textColumn(path);
      const literal = regexLiteral(ops.$regex);
      // FTS5 reads its query as a C string: a NUL in it ends the phrase early ('unterminated
      // string', a 500 for a search box that got one). Such a text is decided in code.
      if (!text || literal === null || [...literal].length < 3 || literal.includes('\u0000')) return null;
      return {
        sql: `rid IN (SELECT rowid FROM "${text.table}" WHERE "${text.table}" MATCH ?)`,
        params: [`${text.column} : "${literal.replaceAll('"', '""')}"`],
        exact: false,
      };
    }
  }
  const expr = path === '_id' || ctx.scalarPath(path) ? indexedExpr(path) : null;
  if (!expr) return null;
  // The _id column is text: a number would be compared as text there.
  if (path === '_id' && !(typeof cond === 'string' || (isOps && Array.isArray((cond as Record<string, unknown>).$in)))) return null;
  if (path === '_id' && isOps && !((cond as Record<string, unknown[]>).$in ?? []).every((v) => typeof v === 'string')) return null;
  if (!isOps) {
    if (isKey(cond)) return { sql: `${expr} = ?`, params: [cond], exact: true };
    return null;
  }
  const parts: string[] = [];
  const params: unknown[] = [];
  let exact = true;
  for (const [op, arg] of Object.entries(cond as Record<string, unknown>)) {
    if (op === '$in' && Array.isArray(arg) && arg.every(isKey)) {
      if (arg.length > LIST_AS_JSON) {
        // One JSON parameter for a long list: SQLite allows 32,766 host parameters per
        // statement, and a 50,000-id move or a 60,000-email filter is a list the API accepts.
        parts.push(`${expr} IN (SELECT value FROM json_each(?))`);
        params.push(JSON.stringify(arg));
      } else {
        parts.push(arg.length === 0 ? '0' : `${expr} IN (${arg.map(() => '?').join(', ')})`);
        params.push(...arg);
      }
    } else if (['$gt', '$gte', '$lt', '$lte'].includes(op) && typeof arg === 'number' && Number.isFinite(arg)) {
      // SQLite orders numbers before text and compares booleans as 0/1: a superset of Mongo's
      // same-type comparison, narrowed to the exact answer in code.
      parts.push(`${expr} ${{ $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' }[op]} ?`);
      params.push(arg);
      exact = false;
    } else if (op === '$ne' && isKey(arg) && path !== '_id') {
      // json_extract gives true as 1 and an object as its text: the type is compared too.
      const kind = typeof arg === 'number' ? "IN ('integer', 'real')" : "= 'text'";
      parts.push(`NOT IFNULL(${expr} = ? AND json_type(doc, '${jsonPath(path)!}') ${kind}, 0)`);
      params.push(arg);
    } else {
      exact = false;
    }
  }
  if (parts.length === 0) return null;
  return { sql: parts.join(' AND '), params, exact };
}

/** The WHERE clause of a filter ('1' when nothing can be pushed down). */
export function planFilter(filter: Filter, ctx: PlanContext): SqlPart {
  const parts: string[] = [];
  const params: unknown[] = [];
  let exact = true;
  for (const [key, value] of Object.entries(filter)) {
    let part: SqlPart | null;
    if (key === '$and') {
      const subs = (value as Filter[]).map((f) => planFilter(f, ctx));
      part = { sql: subs.map((s) => `(${s.sql})`).join(' AND '), params: subs.flatMap((s) => s.params), exact: subs.every((s) => s.exact) };
    } else if (key === '$or') {
      const subs = (value as Filter[]).map((f) => planFilter(f, ctx));
      // One branch that cannot be narrowed makes the whole $or unnarrowable.
      part = subs.some((s) => s.sql === '1')
        ? null
        : { sql: subs.map((s) => `(${s.sql})`).join(' OR '), params: subs.flatMap((s) => s.params), exact: subs.every((s) => s.exact) };
    } else {
      part = fieldCondition(key, value, ctx);
    }
    if (!part) {
      exact = false;
      continue;
    }
    parts.push(part.sql);
    params.push(...part.params);
    exact &&= part.exact;
  }
  return { sql: parts.length ? parts.map((p) => `(${p})`).join(' AND ') : '1', params, exact };
}

/** ORDER BY for a sort whose every key is a scalar indexed path, else null (sorted in code). */
export function planSort(sort: Sort | undefined, ctx: PlanContext): string | null {
  if (!sort || Object.keys(sort).length === 0) return '';
  const terms: string[] = [];
  for (const [path, dir] of Object.entries(sort)) {
    const expr = path === '_id' || ctx.scalarPath(path) ? indexedExpr(path) : null;
    if (!expr) return null;
    terms.push(`${expr} ${dir === -1 ? 'DESC' : 'ASC'}`);
  }
  return ` ORDER BY ${terms.join(', ')}`;
}

/** MongoDB's sort order between types: missing/null, numbers, strings, objects, arrays, booleans. */
function typeRank(v: unknown): number {
  if (v === undefined || v === null) return 0;
  if (typeof v === 'number') return 1;
  if (typeof v === 'string') return 2;
  if (Array.isArray(v)) return 4;
  if (typeof v === 'object') return 3;
  if (typeof v === 'boolean') return 5;
  return 6;
}

function compareValues(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const ja = JSON.stringify(a);
  const jb = JSON.stringify(b);
  return ja < jb ? -1 : ja > jb ? 1 : 0;
}

function sortValue(doc: unknown, path: string, dir: 1 | -1): unknown {
  let cur: unknown = doc;
  for (const seg of path.split('.')) {
    if (Array.isArray(cur) && !/^\d+$/.test(seg)) {
      cur = cur.map((el) => (isPlainObject(el) ? el[seg] : undefined)).filter((v) => v !== undefined);
      continue;
    }
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[seg];
  }
  // An array sorts by its smallest element ascending, its largest descending (as in Mongo).
  if (Array.isArray(cur) && cur.length > 0) return [...cur].sort((x, y) => compareValues(x, y) * dir)[0];
  return cur;
}

export function compareDocs(sort: Sort): (a: unknown, b: unknown) => number {
  const keys = Object.entries(sort);
  return (a, b) => {
    for (const [path, dir] of keys) {
      const d = compareValues(sortValue(a, path, dir), sortValue(b, path, dir)) * dir;
      if (d !== 0) return d;
    }
    return 0;
  };
}
