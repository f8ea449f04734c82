import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FerretLocks } from '../../server/store/ferret-lock';
import { MongoStore } from '../../server/store/mongo';
import { storeKinds, openTestStore, type TestStore } from '../setup/stores';

/**
 * The FerretDB-only write lock (server/store/ferret-lock.ts): a lock a killed process left
 * behind must not stop every other process's writes for good, and a live one must hold them.
 */
describe.runIf(storeKinds().includes('mongo'))('the cross-process write lock on FerretDB', () => {
  let t: TestStore;
  let store: MongoStore;
  beforeAll(async () => {
    t = await openTestStore('mongo');
    store = t.store as MongoStore;
  });
  afterAll(() => t?.cleanup());

  const locks = () => store.db.collection<{ _id: string; token: string; beat: number }>('storeLocks');

  it('is taken over once a dead holder\'s beat has stood still for a lease (10 s)', async (ctx) => {
    if (!store.ferret) ctx.skip(); // MongoDB (MONGODB_URI) takes no lock at all
    await store.collection('things').insertOne({ id: 1, n: 0 });
    await locks().insertOne({ _id: 'things', token: 'död', beat: 7 });
    const started = performance.now();
    expect(await store.collection('things').updateOne({ id: 1 }, { $inc: { n: 1 } })).toMatchObject({ n: 1 });
    expect(performance.now() - started).toBeGreaterThan(10_000);
    expect(await locks().countDocuments({ _id: 'things' })).toBe(0);
  }, 40_000);

  it('is never taken from a live holder by a process whose clock runs 5 minutes ahead (it handed out one id twice)', async (ctx) => {
    if (!store.ferret) ctx.skip();
    const holder = new FerretLocks(locks() as never);
    const skewed = new FerretLocks(locks() as never, () => Date.now() + 5 * 60 * 1000);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const inside: string[] = [];
    let entered!: () => void;
    const holding = new Promise<void>((r) => (entered = r));
    const first = holder.run('skew', async () => {
      inside.push('holder in');
      entered();
      await held;
      inside.push('holder out');
    });
    await holding;
    const second = skewed.run('skew', () => Promise.resolve(void inside.push('skewed in')));
    await new Promise((r) => setTimeout(r, 1500));
    expect(inside).toEqual(['holder in']);
    release();
    await Promise.all([first, second]);
    expect(inside).toEqual(['holder in', 'holder out', 'skewed in']);
  });

  it('holds a write while another process holds the lock, and lets it through when released', async (ctx) => {
    if (!store.ferret) ctx.skip();
    await store.collection('things').insertOne({ id: 2, n: 0 });
    await locks().insertOne({ _id: 'things', token: 'levande', beat: 0 });
    let done = false;
    const write = store.collection('things').updateOne({ id: 2 }, { $inc: { n: 1 } }).then((d) => ((done = true), d));
    await new Promise((r) => setTimeout(r, 300));
    expect(done).toBe(false);
    expect((await store.collection('things').findOne({ id: 2 }))?.n).toBe(0);
    await locks().deleteOne({ _id: 'things', token: 'levande' });
    expect(await write).toMatchObject({ n: 1 });
  });
});
