import type Database from 'better-sqlite3';
import { isPlainObject } from './query';
import { indexedExpr, jsonPath, mirrorColumn } from './sql-plan';

/**
 * Every indexed path of the embedded store also lives in a column of its own, `"f:<path>"`,
 * holding exactly `json_extract(doc, <path>)`; indexes, filters and sorts read the column.
 *
 * Why: SQLite updates every index whose expression reads a column the UPDATE sets. With
 * indexes on `json_extract(doc, …)` a write to any field of a document rewrote all of its
 * collection's index entries: a label move of 50,000 applicants rewrote ten entries per row
 * to change two (scratch, 50,000 rows and the applications' ten indexes: 1.2–1.7 s for the
 * UPDATE alone; with the columns 0.4–0.5 s). Now a write sets the columns of the paths it
 * changes, and only their indexes move.
 *
 * The document stays the whole truth (reads decode it alone); a column is derived from it in
 * the same statement that writes it, by the same json_extract, so it cannot disagree. Paths
 * are those jsonPath accepts (no quotes), so the quoted name is safe.
 */

/** The mirrored paths of a collection: its indexed paths but `_id`. */
export function mirrored(indexPaths: Set<string>): string[] {
  return [...indexPaths].filter((p) => p !== '_id');
}

/**
 * The SQL (column list, values) that writes a document given as the JSON text parameter `@j`
 * together with the mirrors of `paths`. json_extract reads `@j` once (SQLite caches the parse
 * of an identical text argument within a statement).
 */
export function mirrorWrite(paths: string[]): { columns: string; values: string } {
  return {
    columns: paths.map((p) => `, ${mirrorColumn(p)}`).join(''),
    values: paths.map((p) => `, json_extract(@j, '${jsonPath(p)!}')`).join(''),
  };
}

/** The SET terms (each starting ', ') that write the mirrors of `paths` from the document given as `@j`. */
export function mirrorAssignments(paths: string[]): string {
  return paths.map((p) => `, ${mirrorColumn(p)} = json_extract(@j, '${jsonPath(p)!}')`).join('');
}

/** The value at a dotted path of a plain document (undefined when anything on the way is missing). */
function valueAt(doc: unknown, path: string): unknown {
  let cur: unknown = doc;
  for (const seg of path.split('.')) {
    if (isPlainObject(cur)) cur = cur[seg];
    else return undefined;
  }
  return cur;
}

/** The mirrored paths' values of a document, as text: taken before an update changes it in place (update.ts). */
export function mirrorSnapshot(paths: string[], doc: unknown): string[] {
  return paths.map((p) => JSON.stringify(valueAt(doc, p)) ?? '');
}

/**
 * The mirrored paths whose value differs from the snapshot: only their columns (and so their
 * indexes) are written. Equal values give equal json_extract results, so skipping them cannot
 * leave a column behind.
 */
export function changedPaths(paths: string[], before: string[], after: unknown): string[] {
  return paths.filter((p, i) => (JSON.stringify(valueAt(after, p)) ?? '') !== before[i]);
}

/**
 * The SET terms that keep the mirrors right when `$set` writes the top-level field `key` to
 * the JSON text of the next parameter(s): one term and one parameter per mirrored path at or
 * under the key.
 */
export function mirrorSets(paths: string[], key: string): { sql: string; count: number } {
  const hit = paths.filter((p) => p === key || p.startsWith(`${key}.`));
  const sql = hit.map((p) => `${mirrorColumn(p)} = json_extract(?, '${p === key ? '$' : jsonPath(p.slice(key.length + 1))!}')`);
  return { sql: sql.map((s) => `, ${s}`).join(''), count: hit.length };
}

/** Adds the mirror columns of paths a table lacks (no row is written). */
function addColumns(db: Database.Database, table: string, paths: string[]): void {
  const have = new Set(db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]);
  for (const p of paths) if (!have.has(`f:${p}`)) db.exec(`ALTER TABLE "${table}" ADD COLUMN ${mirrorColumn(p)}`);
}

/** One UPDATE that sets the mirror columns of paths from the document (rewriting each row once, whatever the number of paths). */
function fillSql(table: string, paths: string[]): string {
  return `UPDATE "${table}" SET ${paths.map((p) => `${mirrorColumn(p)} = json_extract(doc, '${jsonPath(p)!}')`).join(', ')}`;
}

/**
 * Adds (if missing) and fills the mirror columns of paths, inside the caller's transaction (a
 * new index). Filled even when the column was there: a column whose index was dropped is no
 * longer kept.
 */
export function addMirrors(db: Database.Database, table: string, paths: string[]): void {
  if (paths.length === 0) return;
  addColumns(db, table, paths);
  db.exec(fillSql(table, paths));
}

/** Rows per commit while a database from before the mirrors is given its columns. */
const MIGRATE_SLICE = 2000;
/** Commits between checkpoints meanwhile: the WAL holds every rewritten row until one. */
const MIGRATE_CHECKPOINT_EVERY = 10;

/**
 * Databases written before the mirrors indexed the expressions themselves: each such index is
 * made again on its columns, under the same name, at open, before anything else reads or
 * writes. Filling the columns rewrites every row of an indexed collection once (50,000
 * applications: 270 MB), so that runs in slices of its own commits with the WAL checkpointed
 * between them; the indexes change last, in one transaction. A migration cut short leaves the
 * old indexes standing and starts again at the next open. Returns how many indexes it made again.
 */
export function migrateExpressionIndexes(db: Database.Database): number {
  const rows = db
    .prepare(`SELECT i.coll, i.name, i.fields, i.uniq FROM _indexes i JOIN sqlite_master s ON s.type = 'index' AND s.name = i.name WHERE s.sql LIKE '%json_extract(doc,%'`)
    .all() as { coll: string; name: string; fields: string; uniq: number }[];
  if (rows.length === 0) return 0;
  const tables = new Map<string, Set<string>>();
  for (const r of rows) {
    const paths = tables.get(`d_${r.coll}`) ?? new Set<string>();
    for (const p of Object.keys(JSON.parse(r.fields) as Record<string, number>)) if (p !== '_id') paths.add(p);
    tables.set(`d_${r.coll}`, paths);
  }
  db.transaction(() => {
    for (const [table, paths] of tables) addColumns(db, table, [...paths]);
  })();
  let commits = 0;
  for (const [table, paths] of tables) {
    const last = (db.prepare(`SELECT max(rid) FROM "${table}"`).pluck().get() as number | null) ?? 0;
    const fill = db.prepare(`${fillSql(table, [...paths])} WHERE rid > ? AND rid <= ?`);
    for (let from = 0; from < last; from += MIGRATE_SLICE) {
      db.transaction(() => fill.run(from, from + MIGRATE_SLICE))();
      if (++commits % MIGRATE_CHECKPOINT_EVERY === 0) db.pragma('wal_checkpoint(TRUNCATE)');
    }
  }
  db.transaction(() => {
    for (const r of rows) {
      db.exec(`DROP INDEX "${r.name}"`);
      db.exec(indexSql(r.name, `d_${r.coll}`, JSON.parse(r.fields) as Record<string, 1 | -1>, r.uniq === 1));
    }
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  return rows.length;
}

/** CREATE INDEX over the indexed paths' columns. */
export function indexSql(name: string, table: string, fields: Record<string, 1 | -1>, unique: boolean): string {
  const terms = Object.entries(fields).map(([p, dir]) => `${indexedExpr(p)!}${dir === -1 ? ' DESC' : ''}`);
  return `CREATE ${unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS "${name}" ON "${table}" (${terms.join(', ')})`;
}
