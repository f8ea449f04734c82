import { closeSync, existsSync, openSync, readSync, readdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../base/logger';
import type { EmbeddedHost } from './embedded-collection';

/**
 * First start on SQLite over a DATA_DIR of the nedb era: `<dataDir>/db/<collection>.db`
 * (one JSON document per line, later lines replacing earlier ones with the same `_id`,
 * `$$deleted` lines removing them) is imported into the SQLite store in ONE transaction,
 * the counts are checked per collection inside it, and a marker is written with it. Only
 * after the commit is the old directory renamed to `db.migrated-<date>`; a crash in between
 * is finished at the next start (the marker says the import is done).
 *
 * A line that does not parse — typically the last one, half-written when the process died —
 * is skipped with a warning naming the file and the line; every complete record is kept.
 */

const AUTO_ID_PREFIX = '\u0000';
const CHUNK = 4 * 1024 * 1024;
const MARKER = 'nedbMigrated';

/** The lines of a file, read in chunks (a nedb file may be larger than one JS string can be). */
function* lines(path: string): Generator<string> {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(CHUNK);
    let rest = Buffer.alloc(0);
    for (;;) {
      const n = readSync(fd, buf, 0, CHUNK, null);
      if (n === 0) break;
      let data = Buffer.concat([rest, buf.subarray(0, n)]);
      let nl: number;
      while ((nl = data.indexOf(10)) >= 0) {
        yield data.subarray(0, nl).toString('utf8');
        data = data.subarray(nl + 1);
      }
      rest = Buffer.from(data);
    }
    if (rest.length > 0) yield rest.toString('utf8');
  } finally {
    closeSync(fd);
  }
}

interface NedbFileResult {
  docs: Record<string, unknown>[];
  /** Lines that did not parse: 1-based line number and whether it was the last line. */
  skipped: { line: number; last: boolean }[];
}

/** The live documents of one nedb datafile (engine-generated `_id`s dropped, chosen ones kept). */
function readNedbFile(path: string): NedbFileResult {
  const byId = new Map<string, Record<string, unknown>>();
  const skipped: { line: number; last: boolean }[] = [];
  let lineNo = 0;
  let lastText = '';
  for (const text of lines(path)) {
    lineNo++;
    lastText = text;
    if (text.trim() === '') continue;
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch {
      skipped.push({ line: lineNo, last: false });
      continue;
    }
    if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
      skipped.push({ line: lineNo, last: false });
      continue;
    }
    const d = doc as Record<string, unknown>;
    if ('$$indexCreated' in d || '$$indexRemoved' in d) continue;
    if (typeof d._id !== 'string') {
      skipped.push({ line: lineNo, last: false });
      continue;
    }
    if (d.$$deleted === true) byId.delete(d._id);
    else byId.set(d._id, d);
  }
  // The final line of a file is the last one that has text (a file ends with a newline).
  const lastLine = lastText.trim() === '' ? lineNo - 1 : lineNo;
  for (const s of skipped) s.last = s.line === lastLine;
  const docs = [...byId.values()].map((d) => {
    if ((d._id as string).startsWith(AUTO_ID_PREFIX)) {
      const { _id: _dropped, ...rest } = d;
      return rest;
    }
    return d;
  });
  return { docs, skipped };
}

function stamp(): string {
  return new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}

function moveAside(dataDir: string, log: Logger): string {
  let target = join(dataDir, `db.migrated-${stamp()}`);
  for (let i = 2; existsSync(target); i++) target = join(dataDir, `db.migrated-${stamp()}-${i}`);
  renameSync(join(dataDir, 'db'), target);
  log.info('nedb-katalogen flyttad', { from: join(dataDir, 'db'), to: target });
  return target;
}

/** Imports `<dataDir>/db` (nedb) into the SQLite store once; does nothing when there is none. */
export function migrateNedb(store: EmbeddedHost, log: Logger): void {
  const dir = join(store.dataDir, 'db');
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return;
  if (store.db.prepare('SELECT value FROM _info WHERE key = ?').pluck().get(MARKER)) {
    // Imported before, renaming interrupted.
    moveAside(store.dataDir, log);
    return;
  }
  const names = new Set<string>();
  for (const f of readdirSync(dir)) {
    const m = /^([A-Za-z][A-Za-z0-9_]{0,63})\.db~?$/.exec(f);
    if (m) names.add(m[1]!);
  }
  if (names.size === 0) return;
  const already = store.db.prepare('SELECT count(*) FROM _collections').pluck().get() as number;
  if (already > 0) {
    log.warn('nedb-katalogen importeras inte: SQLite-lagret har redan data', { dir });
    return;
  }

  const started = performance.now();
  const counts: Record<string, number> = {};
  const warnings: { file: string; line: number; last: boolean }[] = [];
  store.transaction(() => {
    for (const name of [...names].sort()) {
      // nedb writes a compaction to `x.db~` and renames it over `x.db`: a lone `~` file is the newer whole copy.
      const main = join(dir, `${name}.db`);
      const file = existsSync(main) ? main : `${main}~`;
      const { docs, skipped } = readNedbFile(file);
      for (const s of skipped) {
        warnings.push({ file, ...s });
        log.warn(s.last ? 'nedb: halvskriven sista rad hoppades över' : 'nedb: oläslig rad hoppades över', { file, line: s.line });
      }
      const col = store.collection(name) as unknown as { insertManyNow(d: Record<string, unknown>[]): void };
      for (let i = 0; i < docs.length; i += 1000) col.insertManyNow(docs.slice(i, i + 1000));
      const m = store.meta(name);
      store.createTable(m);
      const stored = store.db.prepare(`SELECT count(*) FROM "${m.table}"`).pluck().get() as number;
      if (stored !== docs.length) throw new Error(`nedb-import av ${name}: ${docs.length} dokument lästa men ${stored} sparade`);
      counts[name] = stored;
    }
    store.db.prepare('INSERT OR REPLACE INTO _info (key, value) VALUES (?, ?)').run(MARKER, JSON.stringify({ at: new Date().toISOString(), counts, warnings }));
  });
  store.reloadMeta();
  // On disk (WAL and database file fsync'ed) before the old files move.
  store.db.pragma('wal_checkpoint(FULL)');
  log.info('nedb-data importerad till SQLite', { counts, skippedLines: warnings.length, ms: Math.round(performance.now() - started) });
  moveAside(store.dataDir, log);
}
