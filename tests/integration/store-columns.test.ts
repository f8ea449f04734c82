import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection, Doc } from '../../server/store/port';
import { findByIds } from '../../server/store/slices';
import { openTestStore, storeKinds, type TestStore } from '../setup/stores';

/**
 * Collection.columns (the analysis page's narrow read, issue 30 item 4): the values at the
 * paths of every matching document, null where nothing is stored, arrays and objects whole.
 * On the embedded store a filter SQL decides alone (an indexed path) is read in SQL, any other
 * through the matcher: both must answer alike, on both adapters.
 */
interface App extends Doc {
  id: number;
  positionId: number;
  created: number;
  processLabelId?: number | null;
  processHistory?: { labelId: number; at: number }[];
  source?: { tag?: string; heard?: string };
}

const apps: App[] = [
  { id: 1, positionId: 7, created: 100, processLabelId: 3, processHistory: [{ labelId: 3, at: 150 }], source: { tag: 'linkedin' } },
  { id: 2, positionId: 7, created: 200, processLabelId: null, source: { heard: 'Vår webbplats' } },
  { id: 3, positionId: 7, created: 300 },
  { id: 4, positionId: 8, created: 400, processLabelId: 5 },
];
const PATHS = ['id', 'created', 'processLabelId', 'processHistory', 'source.tag', 'source.heard', 'source'];
const byId = (rows: unknown[][]) => [...rows].sort((a, b) => (a[0] as number) - (b[0] as number));

describe.each(storeKinds())('columns on the %s store', (kind) => {
  let t: TestStore;
  let c: Collection<App>;

  beforeAll(async () => {
    t = await openTestStore(kind);
    c = t.store.collection<App>('columns');
    await c.ensureIndex({ fields: { positionId: 1, id: 1 } });
    await c.insertMany(apps.map((a) => structuredClone(a)));
  });
  afterAll(() => t?.cleanup());

  it('answers each matching document\'s values in the order of the paths, null where nothing is stored', async () => {
    expect(byId(await c.columns({ positionId: 7 }, PATHS))).toEqual([
      [1, 100, 3, [{ labelId: 3, at: 150 }], 'linkedin', null, { tag: 'linkedin' }],
      [2, 200, null, null, null, 'Vår webbplats', { heard: 'Vår webbplats' }],
      [3, 300, null, null, null, null, null],
    ]);
  });

  it('answers the same where the matcher decides the filter (an unindexed range, $or)', async () => {
    const all = byId(await c.columns({ positionId: 7 }, PATHS));
    expect(byId(await c.columns({ positionId: 7, created: { $gte: 150 } }, PATHS))).toEqual(all.slice(1));
    expect(byId(await c.columns({ $or: [{ id: 1 }, { created: 400 }] }, ['id', 'processLabelId']))).toEqual([[1, 3], [4, 5]]);
  });

  it('answers nothing for no match or a collection never written, and refuses an unsafe path', async () => {
    expect(await c.columns({ positionId: 99 }, PATHS)).toEqual([]);
    expect(await t.store.collection('columnsNever').columns({ positionId: 7 }, ['id'])).toEqual([]);
    await expect(c.columns({ positionId: 7 }, ['$where'])).rejects.toThrow();
  });

  it('gives findByIds the same documents through columns as through find, a field held as null or not at all left out', async () => {
    const byDoc = (docs: Doc[]) => [...docs].sort((a, b) => (a.id as number) - (b.id as number));
    expect(byDoc(await findByIds(c, [3, 1, 2, 99], { id: 1, positionId: 1, processLabelId: 1 }))).toEqual([
      { id: 1, positionId: 7, processLabelId: 3 },
      { id: 2, positionId: 7 },
      { id: 3, positionId: 7 },
    ]);
    // A nested path or no projection: whole documents through find, as before.
    expect(byDoc(await findByIds(c, [1], { 'source.tag': 1 })).map((d) => d.source)).toEqual([{ tag: 'linkedin' }]);
    expect(byDoc(await findByIds(c, [4, 2]))).toEqual([apps[1], apps[3]].map((a) => expect.objectContaining(a)));
  });
});
