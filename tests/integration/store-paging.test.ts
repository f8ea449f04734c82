import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageByKey } from '../../server/store/paging';
import type { Collection, Doc } from '../../server/store/port';
import { UnsafeValueError } from '../../server/store/safe';
import { openTestStore, storeKinds, type TestStore } from '../setup/stores';

interface App extends Doc {
  id: number;
  containerId: number;
  interestLabelId: number;
  name: string;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe.each(storeKinds())('key pagination on the %s store', (kind) => {
  let t: TestStore;
  let apps: Collection<App>;

  beforeAll(async () => {
    t = await openTestStore(kind);
    apps = t.store.collection<App>('applications');
    await apps.ensureIndex({ fields: { id: 1 }, unique: true });
    await apps.ensureIndex({ fields: { containerId: 1, interestLabelId: 1, id: -1 } });
    // Inserted out of order so the pages come from the sort, not from insertion order.
    const docs = range(1, 95)
      .reverse()
      .map((id) => ({ id, containerId: 1, interestLabelId: id % 3, name: `Sökande ${id}` }));
    await apps.insertMany(docs.filter((d) => d.id % 2 === 0));
    await apps.insertMany(docs.filter((d) => d.id % 2 === 1));
    await apps.insertMany(range(200, 240).map((id) => ({ id, containerId: 2, interestLabelId: 0, name: 'annan' })));
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('walks a container newest first, 30 at a time, until next is null', async () => {
    const seen: number[] = [];
    const sizes: number[] = [];
    let after: number | string | null | undefined;
    do {
      const page = await pageByKey(apps, { containerId: 1 }, { sortKey: 'id', direction: -1, after, limit: 30 });
      sizes.push(page.items.length);
      seen.push(...page.items.map((a) => a.id));
      after = page.next;
    } while (after !== null);
    expect(sizes).toEqual([30, 30, 30, 5]);
    expect(seen).toEqual(range(1, 95).reverse());
  });

  it('combines the key with a label filter', async () => {
    const first = await pageByKey(apps, { containerId: 1, interestLabelId: 2 }, { sortKey: 'id', direction: -1, limit: 30 });
    expect(first.items.every((a) => a.interestLabelId === 2 && a.containerId === 1)).toBe(true);
    expect(first.items[0]?.id).toBe(95);
    const second = await pageByKey(apps, { containerId: 1, interestLabelId: 2 }, { sortKey: 'id', direction: -1, after: first.next });
    expect(second.items.map((a) => a.id)).toEqual([5, 2]);
    expect(second.next).toBeNull();
  });

  it('pages ascending too', async () => {
    const page = await pageByKey(apps, { containerId: 1 }, { sortKey: 'id', direction: 1, after: 90, limit: 30 });
    expect(page.items.map((a) => a.id)).toEqual([91, 92, 93, 94, 95]);
    expect(page.next).toBeNull();
  });

  it('says there is no next page when the last page is exactly full', async () => {
    const page = await pageByKey(apps, { containerId: 1 }, { sortKey: 'id', direction: -1, after: 31, limit: 30 });
    expect(page.items).toHaveLength(30);
    expect(page.next).toBeNull();
  });

  it('respects a filter that already constrains the sort key', async () => {
    const page = await pageByKey(apps, { containerId: 1, id: { $lte: 50 } }, { sortKey: 'id', direction: -1, after: 10, limit: 30 });
    expect(page.items.map((a) => a.id)).toEqual(range(1, 9).reverse());
  });

  it('does not shift later pages when something new arrives in between', async () => {
    const first = await pageByKey(apps, { containerId: 2 }, { sortKey: 'id', direction: -1, limit: 30 });
    await apps.insertOne({ id: 241, containerId: 2, interestLabelId: 0, name: 'ny' });
    const second = await pageByKey(apps, { containerId: 2 }, { sortKey: 'id', direction: -1, after: first.next, limit: 30 });
    expect([...first.items, ...second.items].map((a) => a.id)).toEqual(range(200, 240).reverse());
  });

  it('projects items while keeping the key', async () => {
    const page = await pageByKey(apps, { containerId: 1 }, { sortKey: 'id', direction: -1, limit: 2, projection: { id: 1, name: 1 } });
    expect(page.items).toEqual([
      { id: 95, name: 'Sökande 95' },
      { id: 94, name: 'Sökande 94' },
    ]);
    expect(page.next).toBe(94);
  });

  it('refuses an after value that is an operator object', async () => {
    const after = JSON.parse('{"$gt":0}');
    await expect(pageByKey(apps, { containerId: 1 }, { sortKey: 'id', direction: -1, after })).rejects.toBeInstanceOf(UnsafeValueError);
  });
});
