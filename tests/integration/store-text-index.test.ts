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
});
