import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationDoc } from '../../server/domain/core/docs';
import { ensureDomainIndexes } from '../../server/domain/core/indexes';
import { EmbeddedStore, SQLITE_FILE } from '../../server/store/embedded';
import { DuplicateKeyError, type Store } from '../../server/store/port';
import { insertTogether } from '../../server/store/together';
import { openTestStore, storeKinds, type TestStore } from '../setup/stores';

/**
 * Issue 27 item 3: concurrent writes share one transaction and one fsync on the embedded store
 * (store/group-commit.ts); a write that fails fails alone; an application and its notification
 * are one write; the WAL stays bounded under a campaign. The failure rules hold on both stores.
 */

/** Applicants applying at once in the campaign test. */
const PER_ROUND = 40;

/** WAL frames written since the WAL last started again (the embedded store only). */
const walFrames = (store: Store) => (store as EmbeddedStore).db.pragma('wal_checkpoint(PASSIVE)', { simple: false }) as { log: number }[];

describe.each(storeKinds())('concurrent writes on the %s store', (kind) => {
  let t: TestStore;
  beforeAll(async () => {
    t = await openTestStore(kind);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('fails only the write that breaks a unique index among 16 at once, and stores the other 15 (in one commit on embedded)', async () => {
    const c = t.store.collection<{ id: number; key: string }>('batch');
    await c.ensureIndex({ fields: { key: 1 }, unique: true });
    await c.insertOne({ id: 0, key: 'taken' });
    const embedded = t.store instanceof EmbeddedStore ? t.store : null;
    embedded?.db.pragma('wal_checkpoint(TRUNCATE)');
    const outcomes = await Promise.allSettled(Array.from({ length: 16 }, (_, i) => c.insertOne({ id: i + 1, key: i === 7 ? 'taken' : `k${i}` })));
    expect(outcomes.map((o) => o.status)).toEqual(Array.from({ length: 16 }, (_, i) => (i === 7 ? 'rejected' : 'fulfilled')));
    expect((outcomes[7] as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateKeyError);
    expect((await c.find({}, { sort: { id: 1 } })).map((d) => d.id)).toEqual([0, ...Array.from({ length: 16 }, (_, i) => i + 1).filter((i) => i !== 8)]);
    // One transaction: each touched page once (table, _id and key indexes), not 16 times.
    if (embedded) expect(walFrames(embedded)[0]!.log).toBeLessThanOrEqual(8);
  });

  it('stores an application and its notification together, or neither when the application is refused', async () => {
    const app = (email: string, id: number) => ({ collection: 'groupApps', doc: { id, positionId: 1, email } });
    const note = (id: number) => ({ collection: 'groupNotes', doc: { id, data: { id } } });
    await t.store.collection('groupApps').ensureIndex({ fields: { positionId: 1, email: 1 }, unique: true });
    await insertTogether(t.store, [app('a@x.se', 1), note(1)]);
    await expect(insertTogether(t.store, [app('a@x.se', 2), note(2)])).rejects.toBeInstanceOf(DuplicateKeyError);
    expect(await t.store.collection('groupApps').count({})).toBe(1);
    expect((await t.store.collection('groupNotes').find({})).map((d) => d.id)).toEqual([1]);
  });
});

describe('the embedded store when SQLite rolls a whole batch back (a full disk)', () => {
  let t: TestStore;
  beforeAll(async () => {
    t = await openTestStore('embedded');
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('fails only the write that did not fit and commits the ones before and after it', async () => {
    const store = t.store as EmbeddedStore;
    const c = store.collection<{ id: number; text: string }>('full');
    await c.insertOne({ id: 0, text: 'first' });
    const pages = store.db.pragma('page_count', { simple: true }) as number;
    // Room for a few small rows, not for a 2 MB one: SQLITE_FULL, which ends the transaction.
    store.db.pragma(`max_page_count = ${pages + 40}`);
    const writes = [1, 2, 3].map((id) => c.insertOne({ id, text: `small ${id}` }));
    const big = c.insertOne({ id: 4, text: 'x'.repeat(2_000_000) });
    const after = c.insertOne({ id: 5, text: 'after' });
    const outcomes = await Promise.allSettled([...writes, big, after]);
    store.db.pragma('max_page_count = 4294967294');
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((await c.find({}, { sort: { id: 1 } })).map((d) => d.id)).toEqual([0, 1, 2, 3, 5]);
  });
});

describe('the embedded store while another connection holds the write lock (the checkpointer draining the WAL)', () => {
  let t: TestStore;
  beforeAll(async () => {
    t = await openTestStore('embedded');
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  /**
   * A write whose transaction reads first (an update finds its document, an index checks its
   * table) then writes: SQLite gives a connection that already reads no busy wait when it asks
   * to write, so a deferred BEGIN failed at once with 'database is locked' while the
   * checkpointer's TRUNCATE held the lock (a server start on a nearly full disk did).
   */
  it('waits for the lock instead of failing, for an update and for an index', async () => {
    const c = t.store.collection<{ id: number; n: number }>('locked');
    await c.insertOne({ id: 1, n: 0 });
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `const db = new (require(process.argv[1]))(process.argv[2]); db.exec('BEGIN IMMEDIATE'); process.stdout.write('held\\n');
         Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 400); db.exec('COMMIT'); db.close();`,
        createRequire(import.meta.url).resolve('better-sqlite3'),
        join(t.dataDir, SQLITE_FILE),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise((res) => holder.once('exit', res));
    await new Promise<void>((res) => holder.stdout.once('data', () => res()));
    const started = Date.now();
    await expect(c.updateOne({ id: 1 }, { $set: { n: 1 } })).resolves.toMatchObject({ n: 1 });
    await expect(c.ensureIndex({ fields: { n: 1 } })).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(5000);
    await exited;
    expect(await c.find({ n: 1 })).toHaveLength(1);
  });
});

describe('the embedded store under a campaign', () => {
  let t: TestStore;
  beforeAll(async () => {
    t = await openTestStore('embedded');
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('keeps the WAL under 64 MB while 10,000 applications and their notifications are written, 40 applicants at once', async () => {
    const store = t.store as EmbeddedStore;
    await ensureDomainIndexes(store);
    const wal = `${store.file}-wal`;
    const answers = { form_motivation: 'Jag vill arbeta här. '.repeat(250), form_city: 'Umeå', form_consent: true };
    let largest = 0;
    // Applicants who never pause: each of PER_ROUND clients applies again as soon as it is answered.
    await Promise.all(
      Array.from({ length: PER_ROUND }, async (_, client) => {
        for (let n = 0; n < 10_000 / PER_ROUND; n++) {
          const id = await store.nextSequence('applications');
          const email = `s${client}-${n}@kampanj.se`;
          const doc = {
            id, containerId: 1, positionId: 1 + (client % 4), email, created: n, metadata: answers, formVersion: 1,
            info: { firstname: 'Sökande', lastname: String(id), name: `Sökande ${id}`, email },
            interestLabelId: null, processLabelId: null, notes: [], notesCount: 0, logs: [{ at: n, what: 'created', text: 'Ansökan inkom' }], files: [],
          } satisfies Partial<ApplicationDoc>;
          const note = { id: await store.nextSequence('notifications'), containerId: 1, type: 'create_jobApplication', timestamp: n, data: { positionId: doc.positionId, id } };
          await insertTogether(store, [{ collection: 'applications', doc }, { collection: 'notifications', doc: note }]);
          largest = Math.max(largest, statSync(wal).size);
        }
      }),
    );
    expect(await store.collection('applications').count({})).toBe(10_000);
    expect(largest).toBeLessThan(64 * 1024 * 1024);
  }, 120_000);
});
