import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedStore } from '../../server/store';
import { openTestStore, type TestStore } from '../setup/stores';

/**
 * The embedded store's trigram index (issue 15): the update trigger re-indexes a row only when
 * one of its indexed texts changed, so a bulk label move does not rewrite the index for every
 * applicant. The MATCH narrows the rows before the regex decides, so a stale index would hide
 * a renamed row: finding it by its new name proves the re-index happened.
 */
describe('the embedded trigram index', () => {
  let t: TestStore;
  let store: EmbeddedStore;
  const literal = (text: string) => ({ $regex: text, $options: 'i' });

  beforeAll(async () => {
    t = await openTestStore('embedded');
    store = t.store as EmbeddedStore;
    await store.ensureTextIndex('people', ['info.name', 'email']);
    await store.collection('people').insertMany([
      { id: 1, email: 'anna@example.se', label: 1, info: { name: 'Anna Andersson' } },
      { id: 2, email: 'bo@example.se', label: 1, info: { name: 'Bo Berg' } },
    ]);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const names = async (text: string) => (await store.collection('people').find({ 'info.name': literal(text) })).map((d) => d.id);

  it('finds a renamed row by its new name only', async () => {
    await store.collection('people').updateOne({ id: 1 }, { $set: { 'info.name': 'Åsa Öberg' } });
    expect(await names('åsa öb')).toEqual([1]);
    expect(await names('Andersson')).toEqual([]);
  });

  it('searches for a text with a NUL in it without an error (schemathesis sent one through the search box)', async () => {
    await store.collection('people').insertOne({ id: 9, email: 'nul@example.se', info: { name: 'Noll\u0000Tecken' } });
    expect(await names('ll\u0000Te')).toEqual([9]);
    expect(await names('x\u0000y')).toEqual([]);
    await store.collection('people').deleteOne({ id: 9 });
  });

  it('keeps finding a row whose update left its texts alone', async () => {
    expect(await store.collection('people').updateMany({ id: { $in: [1, 2] } }, { $set: { label: 2 }, $push: { logs: { text: 'flyttad' } } })).toBe(2);
    expect(await names('Bo Be')).toEqual([2]);
    expect(await names('Öberg')).toEqual([1]);
  });

  it('gives a store made with the old unconditional trigger the conditional one', async () => {
    store.db.exec(`DROP TRIGGER f_people_au; CREATE TRIGGER f_people_au AFTER UPDATE ON d_people BEGIN
      DELETE FROM f_people WHERE rowid = old.rid;
      INSERT INTO f_people (rowid, c0, c1) VALUES (new.rid, json_extract(new.doc, '$.info.name'), json_extract(new.doc, '$.email')); END;`);
    await store.ensureTextIndex('people', ['info.name', 'email']);
    const sql = store.db.prepare("SELECT sql FROM sqlite_master WHERE name = 'f_people_au'").pluck().get() as string;
    expect(sql).toMatch(/\bWHEN\b/);
    await store.collection('people').updateOne({ id: 2 }, { $set: { 'info.name': 'Bodil Björk' } });
    expect(await names('Björk')).toEqual([2]);
    expect(await names('Bo Be')).toEqual([]);
  });

  // Written in SQL, the row waits for the index for certain (no timer moves it in meanwhile).
  const written = (doc: Record<string, unknown>) => store.db.prepare('INSERT INTO d_people (doc) VALUES (jsonb(?))').run(JSON.stringify(doc));

  it('finds a row at once after its insert: the rows waiting for the index are moved in before the search', async () => {
    written({ id: 3, email: 'cecilia@example.se', info: { name: 'Cecilia Ceder' } });
    expect(store.db.prepare('SELECT count(*) FROM f_people_p').pluck().get()).toBe(1);
    expect(await names('Ceder')).toEqual([3]);
    expect(store.db.prepare('SELECT count(*) FROM f_people_p').pluck().get()).toBe(0);
  });

  it('takes a deleted row out of the index at once, also one still waiting for it', async () => {
    written({ id: 4, email: 'dan@example.se', info: { name: 'Dan Dahl' } });
    expect(store.db.prepare('SELECT count(*) FROM f_people_p').pluck().get()).toBe(1);
    await store.collection('people').deleteOne({ id: 3 });
    await store.collection('people').deleteOne({ id: 4 });
    expect(store.db.prepare("SELECT count(*) FROM f_people WHERE f_people MATCH 'Ceder'").pluck().get()).toBe(0);
    expect(store.db.prepare('SELECT count(*) FROM f_people_p').pluck().get()).toBe(0);
    expect(await names('Dahl')).toEqual([]);
  });

  it('gives a store whose triggers wrote the index directly the waiting table, and finds what it writes next', async () => {
    store.db.exec(`DROP TRIGGER f_people_ai; CREATE TRIGGER f_people_ai AFTER INSERT ON d_people BEGIN
      INSERT INTO f_people (rowid, c0, c1) VALUES (new.rid, json_extract(new.doc, '$.info.name'), json_extract(new.doc, '$.email')); END;`);
    await store.ensureTextIndex('people', ['info.name', 'email']);
    const sql = store.db.prepare("SELECT sql FROM sqlite_master WHERE name = 'f_people_ai'").pluck().get() as string;
    expect(sql).toContain('f_people_p');
    await store.collection('people').insertOne({ id: 5, email: 'eva@example.se', info: { name: 'Eva Ek' } });
    expect(await names('Eva Ek')).toEqual([5]);
  });
});

describe('rows waiting for the embedded trigram index across a restart', () => {
  it('finds rows written just before the store closed once it is opened again', async () => {
    const t = await openTestStore('embedded');
    try {
      let store = t.store as EmbeddedStore;
      await store.ensureTextIndex('people', ['info.name', 'email']);
      // Written in SQL, the row still waits for the index when the store closes (no timer).
      store.db.prepare('INSERT INTO d_people (doc) VALUES (jsonb(?))').run(JSON.stringify({ id: 1, email: 'frida@example.se', info: { name: 'Frida Fors' } }));
      await store.close();
      store = EmbeddedStore.open(t.dataDir);
      try {
        expect(store.db.prepare('SELECT count(*) FROM f_people_p').pluck().get()).toBe(1);
        expect((await store.collection('people').find({ 'info.name': { $regex: 'Fors', $options: 'i' } })).map((d) => d.id)).toEqual([1]);
      } finally {
        await store.close();
      }
    } finally {
      await t.cleanup().catch(() => undefined);
    }
  });
});
