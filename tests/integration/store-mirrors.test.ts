import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../../server/store';
import { EmbeddedStore, SQLITE_FILE } from '../../server/store/embedded';
import type { Doc, Store } from '../../server/store/port';

/**
 * The embedded store keeps each indexed path in a column of its own (server/store/sql-columns.ts)
 * and indexes the columns, so a write moves only the indexes of the paths it changes. The
 * column must always equal json_extract over the document, whatever wrote it: every write
 * path runs here, then the file is read with SQLite itself. A database from before the
 * columns (indexes on expressions) is turned into one with columns when it is opened.
 */
interface App extends Doc {
  id: number;
  positionId: number;
  interestLabelId?: number | null;
  info?: { name?: string; city?: string } | string;
  flag?: boolean;
  tags?: string[];
  note?: string;
  count?: number;
}

const INDEXES: { fields: Record<string, 1 | -1>; unique?: boolean }[] = [
  { fields: { id: 1 }, unique: true },
  { fields: { positionId: 1, interestLabelId: 1, id: 1 } },
  { fields: { positionId: 1, 'info.name': 1, id: -1 } },
  { fields: { flag: 1 } },
  { fields: { tags: 1 } },
];
const PATHS = ['id', 'positionId', 'interestLabelId', 'info.name', 'flag', 'tags'];

/** Rows whose column differs from json_extract over their document, per path. */
function disagreements(file: string, table: string): Record<string, number> {
  const db = new Database(file, { readonly: true });
  try {
    return Object.fromEntries(
      PATHS.map((p) => [p, db.prepare(`SELECT count(*) FROM "${table}" WHERE "f:${p}" IS NOT json_extract(doc, '$.${p}')`).pluck().get() as number]),
    );
  } finally {
    db.close();
  }
}

/** Rows in the migration test. */
const ROWS = 4500;

const none = Object.fromEntries(PATHS.map((p) => [p, 0]));

/** Makes a database what an older Blankett wrote: each index on json_extract(doc, …); the mirror columns dropped, or left there empty. */
function asBefore(file: string, columns: 'drop' | 'blank'): void {
  const db = new Database(file);
  try {
    const names = db.prepare(`SELECT name, fields, uniq FROM _indexes WHERE coll = 'apps'`).all() as { name: string; fields: string; uniq: number }[];
    for (const r of names) {
      const fields = JSON.parse(r.fields) as Record<string, number>;
      db.exec(`DROP INDEX "${r.name}"`);
      db.exec(`CREATE ${r.uniq ? 'UNIQUE ' : ''}INDEX "${r.name}" ON d_apps (${Object.entries(fields).map(([p, d]) => `json_extract(doc, '$.${p}')${d === -1 ? ' DESC' : ''}`).join(', ')})`);
    }
    for (const p of PATHS) db.exec(columns === 'drop' ? `ALTER TABLE d_apps DROP COLUMN "f:${p}"` : `UPDATE d_apps SET "f:${p}" = NULL`);
  } finally {
    db.close();
  }
}

describe('the embedded store\'s mirror columns', () => {
  let dir: string;
  let store: Store;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'blankett-mirrors-'));
    store = await openStore({ dataDir: dir, mongoUri: '' });
  });
  afterEach(async () => {
    await store.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  it('hold json_extract of the document after every kind of write, and queries read them alike', async () => {
    const c = store.collection<App>('apps');
    // Some rows before the indexes: ensureIndex fills their columns.
    await c.insertMany([
      { id: 1, positionId: 7, interestLabelId: 3, info: { name: 'Åsa', city: 'Lund' }, flag: true },
      { id: 2, positionId: 7, info: 'text, not an object' },
    ]);
    for (const spec of INDEXES) await c.ensureIndex(spec);
    await c.insertOne({ id: 3, positionId: 7, interestLabelId: null, info: { name: 'Bo' }, flag: false, tags: ['a', 'b'] });
    await c.insertMany(Array.from({ length: 20 }, (_, i) => ({ id: 10 + i, positionId: 8, interestLabelId: i % 3, info: { name: `N${i}` }, count: i })));
    await (store as EmbeddedStore).insertTogether([{ collection: 'apps', doc: { id: 40, positionId: 8, interestLabelId: 1 } }]);
    // One statement in SQL (top-level $set of indexed and unindexed fields, an object over a nested indexed path).
    expect(await c.updateMany({ positionId: 8, interestLabelId: 1 }, { $set: { interestLabelId: 5, note: 'flyttad' } })).toBe(8);
    expect(await c.updateMany({ positionId: 8, interestLabelId: 2 }, { $set: { info: { name: 'Omdöpt' } } })).toBe(6);
    // Row by row: nested paths, $unset, $inc, $push onto an indexed array, an upsert.
    await c.updateOne({ id: 1 }, { $set: { 'info.name': 'Åsa B' }, $unset: { flag: 1 } });
    await c.updateOne({ id: 2 }, { $set: { info: { name: 'Nu ett objekt' } } });
    await c.updateOne({ id: 3 }, { $push: { tags: 'c' }, $set: { flag: true } });
    await c.updateOne({ id: 10 }, { $inc: { count: 5 } });
    await c.updateOne({ id: 99 }, { $set: { positionId: 9, interestLabelId: 4 } }, { upsert: true });
    await c.updateMany({ positionId: 8, count: { $gte: 15 } }, { $unset: { interestLabelId: 1 } });
    await c.deleteOne({ id: 11 });

    // The planner reads the columns: the same answers as the matcher over every document.
    const everyone = await c.find({});
    const byMatcher = (pred: (a: App) => boolean) => everyone.filter(pred).map((a) => a.id).sort((x, y) => x - y);
    const ids = async (f: object) => (await c.find(f as never)).map((a) => a.id).sort((x, y) => x - y);
    expect(await ids({ positionId: 8, interestLabelId: 5 })).toEqual(byMatcher((a) => a.positionId === 8 && a.interestLabelId === 5));
    expect(await ids({ 'info.name': 'Omdöpt' })).toEqual(byMatcher((a) => typeof a.info === 'object' && a.info.name === 'Omdöpt'));
    expect(await ids({ flag: true })).toEqual([3]);
    expect(await ids({ positionId: 9, interestLabelId: 4 })).toEqual([99]);
    expect(await c.count({ positionId: 8, interestLabelId: { $in: [0, 5] } })).toBe(everyone.filter((a) => a.positionId === 8 && [0, 5].includes(a.interestLabelId as number)).length);
    expect((await c.find({ positionId: 7 }, { sort: { 'info.name': 1, id: -1 } })).map((a) => a.id)).toEqual([3, 2, 1]);
    await expect(c.updateOne({ id: 3 }, { $set: { id: 1 } })).rejects.toThrow();

    await store.close();
    expect(disagreements(join(dir, SQLITE_FILE), 'd_apps')).toEqual(none);
  });

  it('index the columns, never the document', async () => {
    const c = store.collection<App>('apps');
    for (const spec of INDEXES) await c.ensureIndex(spec);
    await c.insertOne({ id: 1, positionId: 7 });
    await store.close();
    const db = new Database(join(dir, SQLITE_FILE), { readonly: true });
    try {
      const sqls = db.prepare(`SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'd_apps' AND sql IS NOT NULL`).pluck().all() as string[];
      expect(sqls.length).toBe(INDEXES.length + 1);
      for (const sql of sqls) expect(sql).not.toMatch(/\bdoc\b/);
    } finally {
      db.close();
    }
  });

  it.each(['drop', 'blank'] as const)('turn a database whose indexes read the document into one with columns when it is opened (columns: %s)', async (columns) => {
    const c = store.collection<App>('apps');
    for (const spec of INDEXES) await c.ensureIndex(spec);
    // More rows than one slice of the migration (MIGRATE_SLICE, 2,000).
    await c.insertMany(Array.from({ length: ROWS }, (_, i) => ({ id: i + 1, positionId: 7 + (i % 2), interestLabelId: i % 4, info: { name: `P${i}` }, tags: i === 0 ? ['x'] : undefined })));
    await store.close();

    // Make it what an older Blankett wrote: each index on json_extract(doc, …), no columns.
    const file = join(dir, SQLITE_FILE);
    // 'blank': a migration cut short after it added the columns, before it filled them.
    asBefore(file, columns);
    store = await openStore({ dataDir: dir, mongoUri: '' });
    const again = store.collection<App>('apps');
    const expected = Array.from({ length: ROWS }, (_, i) => i + 1).filter((id) => (id - 1) % 4 === 1);
    expect((await again.find({ positionId: 8, interestLabelId: 1 }, { sort: { id: 1 } })).map((a) => a.id)).toEqual(expected);
    await expect(again.insertOne({ id: 5, positionId: 1 })).rejects.toThrow();
    await again.updateMany({ positionId: 7 }, { $set: { interestLabelId: 9 } });
    expect(await again.count({ interestLabelId: 9, positionId: 7 })).toBe(ROWS / 2);
    await store.close();
    expect(disagreements(file, 'd_apps')).toEqual(none);
    const check = new Database(file, { readonly: true });
    try {
      const plan = check.prepare(`EXPLAIN QUERY PLAN SELECT rid FROM d_apps WHERE "f:positionId" = 8 AND "f:interestLabelId" = 1`).all() as { detail: string }[];
      expect(plan.map((p) => p.detail).join(' ')).toMatch(/USING (COVERING )?INDEX x_apps_/);
      const sqls = check.prepare(`SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'd_apps' AND sql IS NOT NULL`).pluck().all() as string[];
      for (const sql of sqls) expect(sql).not.toMatch(/\bdoc\b/);
    } finally {
      check.close();
    }
  });
});
