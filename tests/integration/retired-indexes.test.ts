import { afterEach, describe, expect, it } from 'vitest';
import { ensureDomainIndexes } from '../../server/domain/core/indexes';
import { DuplicateKeyError } from '../../server/store/port';
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
