import type { Filter, FindOptions } from './port';
import { isPlainObject } from './query';
import { jsonPath } from './sql-plan';

/**
 * What the embedded store reads of each row for a find with a projection. Decoding a whole
 * document costs its size (a position with a 200-field form and its ad text is tens of KB),
 * while many reads want a few fields of it (the apply path re-reads `{ id, deleting }`;
 * position lists leave the form out). So a projection is applied in SQL where it is safe:
 *
 * - exclusion (`{ metadata: 0 }`): `json_remove` the fields before the row leaves SQLite;
 * - inclusion (`{ id: 1, name: 1 }`): `json_object` of the top-level fields it names, and
 *   `json_type` of each, because json_object writes a missing field as null and Mongo leaves
 *   it out.
 *
 * Every field the filter or the sort reads is kept too, since the exact matcher (match.ts)
 * and the in-code sort run on the decoded document. The projection itself is still applied in
 * code afterwards (project.ts), which makes this an optimisation only: anything it cannot
 * express (numeric segments, quotes, operators it does not know) reads the whole document.
 */
export interface DocRead {
  sql: string;
  /** Inclusion only: the fields read through json_object, in the order of `types`. */
  absent?: string[];
  types?: string;
}

const WHOLE: DocRead = { sql: 'json(doc)' };

/** Field paths a filter reads, or null when it holds something this cannot see through. */
function filterPaths(filter: Filter, out: string[]): string[] | null {
  for (const [key, cond] of Object.entries(filter)) {
    if (key === '$or' || key === '$and') {
      if (!Array.isArray(cond)) return null;
      for (const f of cond) if (!isPlainObject(f) || filterPaths(f as Filter, out) === null) return null;
    } else if (key.startsWith('$')) return null;
    else out.push(key);
  }
  return out;
}

const segments = (path: string) => path.split('.');
/** Whether one path lies on the other (equal, or one is a prefix of the other by segments). */
function overlaps(a: string, b: string): boolean {
  const x = segments(a);
  const y = segments(b);
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) if (x[i] !== y[i]) return false;
  return true;
}

export function docRead(projection: FindOptions['projection'], filter: Filter, sort: FindOptions['sort']): DocRead {
  if (!projection) return WHOLE;
  const entries = Object.entries(projection).filter(([k]) => k !== '_id');
  if (entries.length === 0) return WHOLE;
  const used = filterPaths(filter, []);
  if (used === null) return WHOLE;
  if (sort) used.push(...Object.keys(sort));
  const inclusive = entries.some(([, v]) => v === 1);
  if (!inclusive) {
    const removed = entries.map(([k]) => k);
    if (removed.some((r) => used.some((u) => overlaps(r, u)))) return WHOLE;
    const paths = removed.map(jsonPath);
    if (paths.some((p) => p === null)) return WHOLE;
    return { sql: `json(json_remove(doc, ${paths.map((p) => `'${p}'`).join(', ')}))` };
  }
  // Inclusion: whole top-level fields, for what the projection names and what the filter and sort read.
  const fields = [...new Set([...entries.map(([k]) => k), ...used].map((p) => segments(p)[0]!))];
  const paths = fields.map(jsonPath);
  if (paths.some((p) => p === null)) return WHOLE;
  const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
  return {
    sql: `json_object(${fields.map((f, i) => `${quote(f)}, doc -> '${paths[i]}'`).join(', ')})`,
    absent: fields,
    types: `json_array(${paths.map((p) => `json_type(doc, '${p}')`).join(', ')})`,
  };
}

/**
 * The SQL of Collection.columns: one JSON array of the paths' values per row (`->` keeps an
 * array or object as JSON, a missing field is null), or null when a path cannot be named in SQL.
 */
export function columnsSql(paths: string[]): string | null {
  const jps = paths.map((p) => (p === '_id' ? null : jsonPath(p)));
  if (jps.some((p) => p === null)) return null;
  return `json_array(${jps.map((p) => `doc -> '${p}'`).join(', ')})`;
}
