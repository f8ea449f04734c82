import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/log';
import { EmbeddedStore } from '../../server/store/embedded';
import { NedbStore } from '../../server/store/nedb';

/**
 * First start of the SQLite store on a DATA_DIR of the nedb era: everything imported, the
 * old files kept under a new name, a torn last line skipped with a warning naming file and line.
 */
describe('the embedded store on a nedb DATA_DIR', () => {
  let dir: string;
  let lines: string[];
  const log = () => createLogger({ write: (line) => lines.push(line) });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'blankett-migrate-'));
    lines = [];
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  /** A nedb DATA_DIR written by the nedb adapter itself: inserts, updates, a delete, a counter. */
  async function nedbDataDir() {
    const old = NedbStore.open(dir);
    const apps = old.collection('applications');
    await apps.ensureIndex({ fields: { id: 1 }, unique: true });
    for (let i = 1; i <= 50; i++) await apps.insertOne({ id: i, email: `s${i}@x.se`, tags: ['a'], info: { name: `Sökande ${i}` } });
    await apps.updateOne({ id: 7 }, { $set: { 'info.name': 'Ändrad' }, $push: { tags: 'b' } });
    await apps.deleteOne({ id: 9 });
    await old.collection('containers').insertMany([{ id: 1, name: 'demo' }, { id: 2, name: 'annan' }]);
    for (let i = 0; i < 3; i++) await old.nextSequence('applications');
    await old.close();
  }

  it('imports every record once, keeps the old files renamed and says so', async () => {
    await nedbDataDir();
    const store = EmbeddedStore.open(dir, { log: log() });
    try {
      const apps = store.collection('applications');
      expect(await apps.count({})).toBe(49);
      expect(await apps.findOne({ id: 7 })).toEqual({ id: 7, email: 's7@x.se', tags: ['a', 'b'], info: { name: 'Ändrad' } });
      expect(await apps.findOne({ id: 9 })).toBeNull();
      expect(await store.collection('containers').count({})).toBe(2);
      expect(await store.nextSequence('applications')).toBe(4);
    } finally {
      await store.close();
    }
    const moved = readdirSync(dir).filter((f) => f.startsWith('db.migrated-'));
    expect(moved).toHaveLength(1);
    expect(existsSync(join(dir, 'db'))).toBe(false);
    expect(readdirSync(join(dir, moved[0]!)).sort()).toEqual(['applications.db', 'containers.db', 'counters.db']);
    const report = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'nedb-data importerad till SQLite');
    expect(report?.counts).toEqual({ applications: 49, containers: 2, counters: 1 });

    // A second start imports nothing again.
    const again = EmbeddedStore.open(dir, { log: log() });
    try {
      expect(await again.collection('applications').count({})).toBe(49);
    } finally {
      await again.close();
    }
  });

  it('skips a torn last line with a warning naming the file and line, keeping every complete record', async () => {
    await nedbDataDir();
    const file = join(dir, 'db', 'containers.db');
    const complete = readFileSync(file, 'utf8').split('\n').filter(Boolean).length;
    appendFileSync(file, '{"id":3,"name":"halv');
    const store = EmbeddedStore.open(dir, { log: log() });
    try {
      expect((await store.collection('containers').find({}, { sort: { id: 1 } })).map((c) => c.name)).toEqual(['demo', 'annan']);
      expect(await store.collection('applications').count({})).toBe(49);
    } finally {
      await store.close();
    }
    const warning = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.level === 'warn');
    expect(warning).toMatchObject({ msg: 'nedb: halvskriven sista rad hoppades över', file, line: complete + 1 });
  });
});
