import { afterEach, describe, expect, it } from 'vitest';
import { ensureDomainIndexes } from '../../server/domain/core/indexes';
import { EmbeddedStore } from '../../server/store/embedded';
import { MongoStore } from '../../server/store/mongo';
import { DuplicateKeyError, type Store } from '../../server/store/port';
import { openTestStore, storeKinds, type TestStore } from '../setup/stores';

/**
 * A database made before issue 30 item 2 holds the unique (application, rater) scorecard index;
 * a second interview's card by the same rater must still be stored once the domain's indexes
 * are ensured at start (server/domain/core/indexes.ts, `retired`).
 */
describe.each(storeKinds())('the %s store made before scorecards per interview', (kind) => {
  let t: TestStore | undefined;
  afterEach(async () => {
    await t?.cleanup();
    t = undefined;
  });

  it('takes a second card by the same rater for another interview once the domain has started', async () => {
    t = await openTestStore(kind);
    const cards = t.store.collection('scorecards');
    await cards.ensureIndex({ fields: { applicationId: 1, raterId: 1 }, unique: true });
    await cards.insertOne({ id: 1, applicationId: 5, raterId: 2, interviewId: 0 });
    await expect(cards.insertOne({ id: 2, applicationId: 5, raterId: 2, interviewId: 7 })).rejects.toBeInstanceOf(DuplicateKeyError);

    await ensureDomainIndexes(t.store);
    await cards.insertOne({ id: 2, applicationId: 5, raterId: 2, interviewId: 7 });
    await expect(cards.insertOne({ id: 3, applicationId: 5, raterId: 2, interviewId: 7 })).rejects.toBeInstanceOf(DuplicateKeyError);
    expect(await cards.count({ applicationId: 5 })).toBe(2);
  });
});

/** The fields of each index a collection has (the embedded store's catalogue, or MongoDB's own list). */
async function indexFields(store: Store, collection: string): Promise<string[]> {
  if (store instanceof EmbeddedStore) return (store.db.prepare('SELECT fields FROM _indexes WHERE coll = ?').pluck().all(collection) as string[]).map((f) => Object.keys(JSON.parse(f) as object).join(','));
  if (store instanceof MongoStore) return (await store.db.collection(collection).indexes()).map((i) => Object.keys(i.key).join(','));
  throw new Error('unknown store');
}

/**
 * Issue 27 item 3: the 'Se din ansökan' links were indexed by address, for a clean-up that
 * found nothing (a link goes with its application). Every application paid a page for it.
 */
describe.each(storeKinds())('the %s store made before the links lost their address index', (kind) => {
  let t: TestStore | undefined;
  afterEach(async () => {
    await t?.cleanup();
    t = undefined;
  });

  it('drops the index once the domain has started', async () => {
    t = await openTestStore(kind);
    await t.store.collection('applicationLinks').ensureIndex({ fields: { email: 1 } });
    expect(await indexFields(t.store, 'applicationLinks')).toContain('email');
    await ensureDomainIndexes(t.store);
    expect(await indexFields(t.store, 'applicationLinks')).not.toContain('email');
  });
});
