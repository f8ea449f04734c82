import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuplicateKeyError, type Collection, type Doc } from '../../server/store/port';
import { StoreUsageError } from '../../server/store/query';
import { sanitizeFilterValue, UnsafeValueError } from '../../server/store/safe';
import { openTestStore, storeKinds, type TestStore } from '../setup/stores';

interface Person extends Doc {
  id: number;
  name: string;
  city: string;
  age: number;
  tags?: string[];
  info: { email: string; zip?: string };
  archived?: boolean;
  notes?: { id: number; text: string }[];
}

const people: Person[] = [
  { id: 1, name: 'Anna', city: 'Stockholm', age: 30, tags: ['a', 'b'], info: { email: 'anna@x.se', zip: '11122' } },
  { id: 2, name: 'Bertil', city: 'Göteborg', age: 45, tags: ['b'], info: { email: 'bertil@x.se' } },
  { id: 3, name: 'cecilia', city: 'Stockholm', age: 22, tags: [], info: { email: 'c@x.se', zip: '11133' }, archived: true },
  { id: 4, name: 'David', city: 'Malmö', age: 45, info: { email: 'd@x.se' }, archived: false },
];

const ids = (docs: Doc[]) => docs.map((d) => d.id as number).sort((a, b) => a - b);

describe.each(storeKinds())('the %s store', (kind) => {
  let t: TestStore;
  let n = 0;
  /** A fresh collection per test keeps tests independent without reopening the store. */
  const fresh = <T extends Doc = Person>() => t.store.collection<T>(`c${++n}`);
  const seeded = async () => {
    const c = fresh();
    await c.insertMany(people.map((p) => structuredClone(p)));
    return c;
  };

  beforeAll(async () => {
    t = await openTestStore(kind);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  describe('filters', () => {
    let c: Collection<Person>;
    beforeAll(async () => {
      c = await seeded();
    });

    it('matches plain equality, nested dotted paths and array elements', async () => {
      expect(ids(await c.find({ city: 'Stockholm' }))).toEqual([1, 3]);
      expect(ids(await c.find({ 'info.zip': '11133' }))).toEqual([3]);
      expect(ids(await c.find({ tags: 'b' }))).toEqual([1, 2]);
      expect(await c.find({ city: 'Uppsala' })).toEqual([]);
    });

    it('matches $in and $nin', async () => {
      expect(ids(await c.find({ city: { $in: ['Göteborg', 'Malmö'] } }))).toEqual([2, 4]);
      expect(ids(await c.find({ city: { $nin: ['Göteborg', 'Malmö'] } }))).toEqual([1, 3]);
      expect(await c.find({ id: { $in: [] } })).toEqual([]);
    });

    it('matches $in and $nin lists longer than SQLite allows parameters (32,766), indexed or not', async () => {
      const big = fresh<{ id: number; city: string }>();
      await big.ensureIndex({ fields: { id: 1 }, unique: true });
      await big.insertMany(Array.from({ length: 2000 }, (_, i) => ({ id: i + 1, city: `stad${i % 10}` })));
      // 40,000 values, of which the even ids 2..2000 exist (FerretDB compares every value with
      // every document, so the mongo run keeps the same case at 2,000).
      const length = kind === 'embedded' ? 40_000 : 2_000;
      const list = Array.from({ length }, (_, i) => 2 * (i + 1));
      expect(await big.count({ id: { $in: list } })).toBe(1000);
      expect((await big.find({ id: { $in: list } }, { sort: { id: -1 }, limit: 3 })).map((d) => d.id)).toEqual([2000, 1998, 1996]);
      expect(await big.count({ id: { $nin: list } })).toBe(1000);
      const cities = [...Array.from({ length }, (_, i) => `by${i}`), 'stad3'];
      expect(await big.count({ city: { $in: cities } })).toBe(200);
      expect(await big.updateMany({ id: { $in: list }, city: 'stad3' }, { $set: { city: 'flyttad' } })).toBe(200);
      expect(await big.deleteMany({ id: { $in: list } })).toBe(1000);
      expect(await big.count({})).toBe(1000);
    }, 60_000);

    it('matches $ne, counting a missing field as not equal', async () => {
      expect(ids(await c.find({ city: { $ne: 'Stockholm' } }))).toEqual([2, 4]);
      expect(ids(await c.find({ archived: { $ne: true } }))).toEqual([1, 2, 4]);
    });

    it('matches the range operators alone and combined', async () => {
      expect(ids(await c.find({ age: { $gt: 22, $lte: 45 } }))).toEqual([1, 2, 4]);
      expect(ids(await c.find({ age: { $lt: 30 } }))).toEqual([3]);
      expect(ids(await c.find({ age: { $gte: 45 } }))).toEqual([2, 4]);
    });

    it('matches $exists on top-level and nested fields', async () => {
      expect(ids(await c.find({ 'info.zip': { $exists: true } }))).toEqual([1, 3]);
      expect(ids(await c.find({ archived: { $exists: false } }))).toEqual([1, 2]);
    });

    it('matches $or and $and, nested in each other', async () => {
      expect(ids(await c.find({ $or: [{ city: 'Malmö' }, { age: { $lt: 25 } }] }))).toEqual([3, 4]);
      expect(ids(await c.find({ $and: [{ age: 45 }, { city: { $ne: 'Malmö' } }] }))).toEqual([2]);
      expect(ids(await c.find({ $and: [{ $or: [{ id: 1 }, { id: 2 }] }, { tags: 'a' }] }))).toEqual([1]);
    });

    it('matches $regex strings, case-insensitively only with the i option', async () => {
      expect(ids(await c.find({ name: { $regex: '^C' } }))).toEqual([]);
      expect(ids(await c.find({ name: { $regex: '^C', $options: 'i' } }))).toEqual([3]);
      expect(ids(await c.find({ 'info.email': { $regex: 'x\\.se$' } }))).toEqual([1, 2, 3, 4]);
    });

    it('counts what a filter matches', async () => {
      expect(await c.count({})).toBe(4);
      expect(await c.count({ city: 'Stockholm', age: { $gt: 25 } })).toBe(1);
    });

    it('refuses operators outside the subset before the engine sees them', async () => {
      await expect(c.find({ $where: 'true' })).rejects.toBeInstanceOf(StoreUsageError);
      await expect(c.find({ name: { $elemMatch: { a: 1 } } })).rejects.toBeInstanceOf(StoreUsageError);
      await expect(c.find({ name: { $regex: 'a', $options: 'x' } })).rejects.toBeInstanceOf(StoreUsageError);
      await expect(c.find({ '__proto__.x': 1 })).rejects.toBeInstanceOf(StoreUsageError);
    });
  });

  describe('sort, skip, limit, projection', () => {
    let c: Collection<Person>;
    beforeAll(async () => {
      c = await seeded();
    });

    it('sorts on several fields in the given order', async () => {
      const docs = await c.find({}, { sort: { age: -1, id: 1 } });
      expect(docs.map((d) => d.id)).toEqual([2, 4, 1, 3]);
      const byName = await c.find({}, { sort: { city: 1, id: -1 } });
      expect(byName.map((d) => d.id)).toEqual([2, 4, 3, 1]);
    });

    it('skips and limits after sorting', async () => {
      const docs = await c.find({}, { sort: { age: -1, id: 1 }, skip: 1, limit: 2 });
      expect(docs.map((d) => d.id)).toEqual([4, 1]);
    });

    it('findOne honours sort and returns null when nothing matches', async () => {
      expect((await c.findOne({ city: 'Stockholm' }, { sort: { age: 1 } }))?.id).toBe(3);
      expect((await c.findOne({ city: 'Stockholm' }, { sort: { age: -1 } }))?.id).toBe(1);
      expect(await c.findOne({ city: 'Kiruna' })).toBeNull();
    });

    it('returns the same sorted, limited results whether or not the sort field is indexed', async () => {
      const indexed = await seeded();
      await indexed.ensureIndex({ fields: { age: 1 } });
      await indexed.ensureIndex({ fields: { id: 1 }, unique: true });
      const queries: [Record<string, unknown>, Parameters<Collection<Person>['find']>[1]][] = [
        [{}, { sort: { id: -1 }, limit: 3 }],
        [{}, { sort: { id: 1 }, skip: 1, limit: 2 }],
        [{ id: { $lt: 4 } }, { sort: { id: -1 }, limit: 2 }],
        [{ id: { $gte: 2 }, city: 'Stockholm' }, { sort: { id: 1 }, limit: 5 }],
        [{ age: { $lte: 40 } }, { sort: { age: -1 }, limit: 3, projection: { name: 1, age: 1 } }],
        [{ tags: 'b' }, { sort: { age: 1 }, limit: 10, projection: { tags: 0, info: 0 } }],
        [{ $or: [{ city: 'Malmö' }, { age: 22 }] }, { sort: { id: -1 }, limit: 1 }],
      ];
      for (const [filter, options] of queries) {
        const plain = await c.find(filter, options);
        expect(await indexed.find(filter, options)).toEqual(plain);
      }
      expect((await indexed.find({}, { sort: { age: -1 }, limit: 2 })).map((d) => d.age)).toEqual([45, 45]);
    });

    it('projects included and excluded fields, nested ones too, without _id', async () => {
      const inc = await c.find({ id: 1 }, { projection: { name: 1, 'info.email': 1 } });
      expect(inc).toEqual([{ name: 'Anna', info: { email: 'anna@x.se' } }]);
      const exc = await c.findOne({ id: 2 }, { projection: { info: 0, tags: 0 } });
      expect(exc).toEqual({ id: 2, name: 'Bertil', city: 'Göteborg', age: 45 });
    });

    it('projects the same whatever the filter and sort read: a null field stays, a missing one stays out', async () => {
      const d = fresh();
      await d.insertMany([
        { id: 1, name: null, city: 'Umeå', info: { email: 'a@x.se' }, tags: ['a'] },
        { id: 2, city: 'Umeå', info: { email: 'b@x.se', phone: '1' }, tags: [] },
        { id: 3, name: 'C', city: "O'Luleå", info: { email: 'c@x.se' } },
      ] as unknown as Person[]);
      // Inclusion with filter and sort on fields it does not name: the filter still decides, the fields stay out.
      expect(await d.find({ city: 'Umeå', 'info.email': { $in: ['a@x.se', 'b@x.se'] } }, { sort: { id: -1 }, projection: { name: 1 } })).toEqual([{}, { name: null }]);
      expect(await d.find({ $or: [{ 'info.phone': '1' }, { name: 'C' }] }, { sort: { id: 1 }, projection: { id: 1, 'info.phone': 1 } })).toEqual([{ id: 2, info: { phone: '1' } }, { id: 3, info: {} }]); // as MongoDB: the embedded document stays
      // Exclusion of a field the filter reads: the filter is still exact.
      expect(await d.find({ 'info.email': 'c@x.se' }, { projection: { info: 0, tags: 0 } })).toEqual([{ id: 3, name: 'C', city: "O'Luleå" }]);
      expect(await d.find({ city: "O'Luleå" }, { projection: { info: 0 } })).toEqual([{ id: 3, name: 'C', city: "O'Luleå" }]);
      expect(await d.findOne({ id: 1 }, { projection: { 'info.email': 0, tags: 0 } })).toEqual({ id: 1, name: null, city: 'Umeå', info: {} });
    });
  });

  describe('_id handling', () => {
    it('never returns the engine-generated _id from any call', async () => {
      const c = fresh();
      const input = structuredClone(people[0]!);
      const returned = await c.insertOne(input);
      expect(returned).toEqual(people[0]);
      expect(input).not.toHaveProperty('_id');
      expect(await c.findOne({ id: 1 })).not.toHaveProperty('_id');
      expect((await c.find({}))[0]).not.toHaveProperty('_id');
      expect(await c.updateOne({ id: 1 }, { $set: { age: 31 } })).not.toHaveProperty('_id');
      expect(await c.updateOne({ id: 9 }, { $set: { name: 'Nio' } }, { upsert: true })).toEqual({ id: 9, name: 'Nio' });
    });

    it('keeps an _id the caller chose', async () => {
      const c = fresh<{ _id: string; seq: number }>();
      await c.insertOne({ _id: 'positions', seq: 4 });
      expect(await c.findOne({ _id: 'positions' })).toEqual({ _id: 'positions', seq: 4 });
    });
  });

  describe('updates', () => {
    it('sets nested paths and returns the document after the update', async () => {
      const c = await seeded();
      const after = await c.updateOne({ id: 2 }, { $set: { 'info.zip': '41101', city: 'Borås' } });
      expect(after).toMatchObject({ id: 2, city: 'Borås', info: { email: 'bertil@x.se', zip: '41101' } });
      expect(await c.findOne({ id: 2 })).toEqual(after);
    });

    it('unsets fields', async () => {
      const c = await seeded();
      const after = await c.updateOne({ id: 1 }, { $unset: { tags: true, 'info.zip': '' } });
      expect(after).not.toHaveProperty('tags');
      expect(after?.info).toEqual({ email: 'anna@x.se' });
    });

    it('pushes onto existing and missing arrays', async () => {
      const c = await seeded();
      expect((await c.updateOne({ id: 1 }, { $push: { tags: 'c' } }))?.tags).toEqual(['a', 'b', 'c']);
      const note = { id: 7, text: 'Ring upp' };
      expect((await c.updateOne({ id: 4 }, { $push: { notes: note } }))?.notes).toEqual([note]);
    });

    it('pulls values and sub-documents matching a condition', async () => {
      const c = await seeded();
      expect((await c.updateOne({ id: 1 }, { $pull: { tags: 'a' } }))?.tags).toEqual(['b']);
      await c.updateOne({ id: 4 }, { $set: { notes: [{ id: 1, text: 'x' }, { id: 2, text: 'y' }, { id: 3, text: 'z' }] } });
      expect((await c.updateOne({ id: 4 }, { $pull: { notes: { id: 2 } } }))?.notes?.map((x) => x.id)).toEqual([1, 3]);
      expect((await c.updateOne({ id: 4 }, { $pull: { notes: { id: { $in: [1, 3] } } } }))?.notes).toEqual([]);
    });

    it('increments numbers, creating a missing counter field', async () => {
      const c = await seeded();
      expect((await c.updateOne({ id: 3 }, { $inc: { age: 2 } }))?.age).toBe(24);
      expect((await c.updateOne({ id: 3 }, { $inc: { views: 1 } }))?.views).toBe(1);
    });

    it('returns null when nothing matches and upserts from the equality filter when asked', async () => {
      const c = await seeded();
      expect(await c.updateOne({ id: 99 }, { $set: { name: 'Ingen' } })).toBeNull();
      expect(await c.count({ id: 99 })).toBe(0);
      const up = await c.updateOne({ id: 99, city: 'Luleå' }, { $set: { name: 'Ny' }, $inc: { age: 1 } }, { upsert: true });
      expect(up).toEqual({ id: 99, city: 'Luleå', name: 'Ny', age: 1 });
      const again = await c.updateOne({ id: 99, city: 'Luleå' }, { $set: { name: 'Ny' }, $inc: { age: 1 } }, { upsert: true });
      expect(again?.age).toBe(2);
      expect(await c.count({ id: 99 })).toBe(1);
    });

    it('updates many and reports how many matched', async () => {
      const c = await seeded();
      expect(await c.updateMany({ age: 45 }, { $set: { senior: true } })).toBe(2);
      expect(ids(await c.find({ senior: true }))).toEqual([2, 4]);
      expect(await c.updateMany({ age: 99 }, { $set: { senior: true } })).toBe(0);
    });

    it('updates many on indexed fields as row by row: $ne by type, $set, $push onto an array or nothing, arrays on an indexed path', async () => {
      // The embedded store runs such an update as one statement over the rows SQL selects.
      const c = fresh<Doc & { id: number; kind?: unknown; log?: unknown }>();
      await c.ensureIndex({ fields: { id: 1 }, unique: true });
      await c.ensureIndex({ fields: { kind: 1, id: 1 } });
      await c.ensureIndex({ fields: { 'tags.x': 1 } });
      await c.insertMany([
        { id: 1, kind: 1, log: ['a'] },
        { id: 2, kind: true, log: ['a'] },
        { id: 3, kind: '1' },
        { id: 4, kind: null },
        { id: 5, log: [] },
        { id: 6, kind: {}, log: ['b'] },
      ]);
      const all = [1, 2, 3, 4, 5, 6];
      expect(await c.count({ id: { $in: all }, kind: { $ne: 1 } })).toBe(5);
      expect(ids(await c.find({ kind: { $ne: '{}' } }))).toEqual(all);
      expect(await c.updateMany({ id: { $in: all }, kind: { $ne: 1 } }, { $set: { moved: 'ja', obj: { a: [1] } }, $push: { log: { at: 7 } } })).toBe(5);
      const after = new Map((await c.find({}, { sort: { id: 1 } })).map((d) => [d.id, d]));
      expect(after.get(1)).toEqual({ id: 1, kind: 1, log: ['a'] });
      expect(after.get(2)).toEqual({ id: 2, kind: true, log: ['a', { at: 7 }], moved: 'ja', obj: { a: [1] } });
      expect(after.get(3)).toEqual({ id: 3, kind: '1', log: [{ at: 7 }], moved: 'ja', obj: { a: [1] } });
      expect(after.get(4)).toEqual({ id: 4, kind: null, moved: 'ja', obj: { a: [1] }, log: [{ at: 7 }] });
      expect(after.get(6)).toEqual({ id: 6, kind: {}, log: ['b', { at: 7 }], moved: 'ja', obj: { a: [1] } });
      // Applied again, nothing more changes for those now on the label.
      expect(await c.updateMany({ id: { $in: all }, moved: { $ne: 'ja' } }, { $push: { log: 'x' } })).toBe(1);
      // A $push onto a value that is no array is refused and changes nothing.
      await c.updateOne({ id: 5 }, { $set: { log: 'text' } });
      await expect(c.updateMany({ id: { $in: [5] } }, { $push: { log: 1 } })).rejects.toThrow();
      expect((await c.findOne({ id: 5 }))?.log).toBe('text');
      // An array set on an indexed path is found by its elements afterwards.
      expect(await c.updateMany({ id: { $in: [2, 3] } }, { $set: { tags: [{ x: 1 }, { x: 2 }] } })).toBe(2);
      expect(ids(await c.find({ 'tags.x': 2 }))).toEqual([2, 3]);
    });

    it('deletes one or many and reports how many', async () => {
      const c = await seeded();
      expect(await c.deleteOne({ city: 'Stockholm' })).toBe(1);
      expect(await c.count({ city: 'Stockholm' })).toBe(1);
      expect(await c.deleteMany({ age: { $gte: 0 } })).toBe(3);
      expect(await c.deleteOne({ id: 1 })).toBe(0);
    });

    it('refuses an unsupported update operator and an empty update', async () => {
      const c = await seeded();
      await expect(c.updateOne({ id: 1 }, { $rename: { a: 'b' } } as never)).rejects.toBeInstanceOf(StoreUsageError);
      await expect(c.updateOne({ id: 1 }, {})).rejects.toBeInstanceOf(StoreUsageError);
      expect(await c.findOne({ id: 1 })).toEqual(people[0]);
    });
  });

  describe('unique indexes', () => {
    it('rejects a duplicate insert and a duplicating update with DuplicateKeyError', async () => {
      const c = await seeded();
      await c.ensureIndex({ fields: { id: 1 }, unique: true });
      await c.ensureIndex({ fields: { id: 1 }, unique: true });
      await expect(c.insertOne({ ...people[0]!, name: 'Kopia' })).rejects.toBeInstanceOf(DuplicateKeyError);
      await expect(c.updateOne({ id: 2 }, { $set: { id: 1 } })).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await c.count({})).toBe(4);
      expect((await c.findOne({ id: 2 }))?.name).toBe('Bertil');
    });

    it('enforces a compound unique index on the combination only', async () => {
      const c = fresh<{ positionId: number; email: string }>();
      await c.ensureIndex({ fields: { positionId: 1, email: 1 }, unique: true });
      await c.insertOne({ positionId: 1, email: 'a@x.se' });
      await c.insertOne({ positionId: 2, email: 'a@x.se' });
      await c.insertOne({ positionId: 1, email: 'b@x.se' });
      await expect(c.insertOne({ positionId: 1, email: 'a@x.se' })).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await c.count({})).toBe(3);
    });

    it('drops a unique index so what it refused is stored, and drops one that is not there as nothing', async () => {
      const c = fresh<{ positionId: number; email: string }>();
      await c.dropIndex({ fields: { positionId: 1 }, unique: true });
      await c.ensureIndex({ fields: { positionId: 1, email: 1 }, unique: true });
      await c.insertOne({ positionId: 1, email: 'a@x.se' });
      await expect(c.insertOne({ positionId: 1, email: 'a@x.se' })).rejects.toBeInstanceOf(DuplicateKeyError);
      await c.dropIndex({ fields: { positionId: 1, email: 1 }, unique: true });
      await c.insertOne({ positionId: 1, email: 'a@x.se' });
      await c.dropIndex({ fields: { positionId: 1, email: 1 }, unique: true });
      expect(await c.count({ positionId: 1, email: 'a@x.se' })).toBe(2);
    });

    it('lets exactly one of two concurrent inserts of the same key succeed', async () => {
      const c = fresh<{ positionId: number; email: string; n: number }>();
      await c.ensureIndex({ fields: { positionId: 1, email: 1 }, unique: true });
      const results = await Promise.allSettled([
        c.insertOne({ positionId: 5, email: 'same@x.se', n: 1 }),
        c.insertOne({ positionId: 5, email: 'same@x.se', n: 2 }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(rejected.reason).toBeInstanceOf(DuplicateKeyError);
      expect(await c.count({ positionId: 5 })).toBe(1);
    });
  });

  describe('concurrent writes', () => {
    it('loses none of 30 parallel pushes and increments to one document', async () => {
      const c = fresh<{ id: number; log: number[]; n: number }>();
      await c.insertOne({ id: 1, log: [], n: 0 });
      await Promise.all(Array.from({ length: 30 }, (_, i) => c.updateOne({ id: 1 }, { $push: { log: i }, $inc: { n: 1 } })));
      const doc = await c.findOne({ id: 1 });
      expect(doc?.n).toBe(30);
      expect([...(doc?.log ?? [])].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    });

    it('lets only one of two parallel guarded updates win', async () => {
      const c = fresh<{ id: number; revision: number; by?: string }>();
      await c.insertOne({ id: 1, revision: 1 });
      const results = await Promise.all(
        ['a', 'b'].map((by) => c.updateOne({ id: 1, revision: 1 }, { $set: { by }, $inc: { revision: 1 } })),
      );
      expect(results.filter((r) => r !== null)).toHaveLength(1);
      expect((await c.findOne({ id: 1 }))?.revision).toBe(2);
    });

    it('pulls by condition from many documents at once', async () => {
      const c = await seeded();
      expect(await c.updateMany({ tags: 'b' }, { $pull: { tags: { $in: ['a', 'b'] } } })).toBe(2);
      expect((await c.find({ id: { $in: [1, 2] } }, { sort: { id: 1 } })).map((d) => d.tags)).toEqual([[], []]);
    });
  });

  describe('sequences', () => {
    it('hands out 100 distinct consecutive numbers to 100 parallel callers', async () => {
      const seqs = await Promise.all(Array.from({ length: 100 }, () => t.store.nextSequence('parallel')));
      expect(new Set(seqs).size).toBe(100);
      expect([...seqs].sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    });

    it('keeps each named counter separate', async () => {
      expect(await t.store.nextSequence('seqA')).toBe(1);
      expect(await t.store.nextSequence('seqA')).toBe(2);
      expect(await t.store.nextSequence('seqB')).toBe(1);
    });
  });

  describe('client values', () => {
    it('refuses documents whose keys are operators, prototype keys or dotted names, storing nothing', async () => {
      const c = fresh<Doc>();
      await expect(c.insertOne({ a: { $gt: 1 } })).rejects.toBeInstanceOf(UnsafeValueError);
      await expect(c.insertOne(JSON.parse('{"a":{"__proto__":{"polluted":true}}}'))).rejects.toBeInstanceOf(UnsafeValueError);
      await expect(c.insertOne({ 'a.b': 1 })).rejects.toBeInstanceOf(UnsafeValueError);
      await expect(c.updateOne({ id: 1 }, { $set: { x: { $ne: null } } }, { upsert: true })).rejects.toBeInstanceOf(UnsafeValueError);
      expect(await c.count({})).toBe(0);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('cannot be turned into an operator once sanitised', async () => {
      const c = await seeded();
      const attack = JSON.parse('{"email":{"$ne":null}}') as { email: unknown };
      expect(() => c.find({ 'info.email': sanitizeFilterValue(attack.email, '/email') })).toThrow(UnsafeValueError);
      expect(await c.find({ 'info.email': sanitizeFilterValue('anna@x.se') })).toHaveLength(1);
    });
  });

  it('drops everything with dropAll', async () => {
    const own = await openTestStore(kind);
    try {
      await own.store.collection('x').insertOne({ a: 1 });
      await own.store.nextSequence('x');
      await own.store.dropAll();
      expect(await own.store.collection('x').count({})).toBe(0);
      expect(await own.store.nextSequence('x')).toBe(1);
    } finally {
      await own.cleanup();
    }
  });
});
