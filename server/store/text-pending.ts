import type Database from 'better-sqlite3';

/**
 * The trigram index of the embedded store (ensureTextIndex) is filled off the request path.
 * A write does not tokenise into FTS5 itself: its trigger only notes the row in the pending
 * table `<fts>_p`, in the write's own transaction, and the rows noted are moved into the
 * index together, shortly after (a timer) or at once before any query that searches the
 * index. So a search always sees every committed write, and the pending table, durable with
 * each write, lets a restart finish what a crash left. One FTS5 insert per transaction was
 * 0.07–0.19 ms of every application (measured: 0.09 ms a row alone, 0.015 ms in batches of
 * 16); a deletion (GDPR) still removes the row's text from the index at once.
 */
export interface TextTables {
  /** The FTS5 table, e.g. f_applications. */
  fts: string;
  /** The collection's table, e.g. d_applications. */
  table: string;
  cols: string[];
  /** The indexed expressions over `doc`, one per column. */
  exprs: string[];
  /** The condition under which an update changes an indexed text (old vs new). */
  changed: string;
}

const pendingTable = (fts: string) => `${fts}_p`;

/** The triggers that note written rows as pending (and remove deleted ones at once). */
export function triggersSql(t: TextTables): string {
  const p = pendingTable(t.fts);
  return `
    DROP TRIGGER IF EXISTS "${t.fts}_ai"; DROP TRIGGER IF EXISTS "${t.fts}_ad"; DROP TRIGGER IF EXISTS "${t.fts}_au";
    CREATE TABLE IF NOT EXISTS "${p}" (rid INTEGER PRIMARY KEY);
    CREATE TRIGGER "${t.fts}_ai" AFTER INSERT ON "${t.table}" BEGIN INSERT OR IGNORE INTO "${p}" (rid) VALUES (new.rid); END;
    CREATE TRIGGER "${t.fts}_ad" AFTER DELETE ON "${t.table}" BEGIN
      DELETE FROM "${t.fts}" WHERE rowid = old.rid; DELETE FROM "${p}" WHERE rid = old.rid; END;
    CREATE TRIGGER "${t.fts}_au" AFTER UPDATE ON "${t.table}" WHEN ${t.changed} BEGIN
      INSERT OR IGNORE INTO "${p}" (rid) VALUES (new.rid); END;`;
}

/** Whether the store's triggers are the pending ones (a store made before them gets them once). */
export function hasPendingTriggers(db: Database.Database, fts: string): boolean {
  const sql = (suffix: string) => (db.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?").pluck().get(`${fts}_${suffix}`) as string | undefined) ?? '';
  const p = `"${pendingTable(fts)}"`;
  const update = sql('au');
  return sql('ai').includes(p) && sql('ad').includes(p) && update.includes(p) && /\bWHEN\b/.test(update);
}

/** Moves the pending rows into the index; run inside a transaction. Returns whether there were any. */
export function flushPending(stmt: (sql: string) => Database.Statement, t: Pick<TextTables, 'fts' | 'table' | 'cols' | 'exprs'>): boolean {
  const p = pendingTable(t.fts);
  if (stmt(`SELECT 1 FROM "${p}" LIMIT 1`).get() === undefined) return false;
  stmt(`DELETE FROM "${t.fts}" WHERE rowid IN (SELECT rid FROM "${p}")`).run();
  stmt(`INSERT INTO "${t.fts}" (rowid, ${t.cols.join(', ')}) SELECT rid, ${t.exprs.join(', ')} FROM "${t.table}" WHERE rid IN (SELECT rid FROM "${p}")`).run();
  stmt(`DELETE FROM "${p}"`).run();
  return true;
}
