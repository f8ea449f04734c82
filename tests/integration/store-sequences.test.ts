import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedStore } from '../../server/store/embedded';
import { DuplicateKeyError } from '../../server/store/port';

/**
 * The embedded store's counters are written inside the next commit, not in one of their own
 * (store/sequences.ts): an id and the write that uses it commit together.
 */
describe('counters of the embedded store', () => {
  const dirs: string[] = [];
  const fresh = () => {
    const dir = mkdtempSync(join(tmpdir(), 'blankett-seq-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('continues after the last id a committed write used when the store is opened again', async () => {
    const dir = fresh();
    let store = EmbeddedStore.open(dir);
    const docs = store.collection<{ id: number }>('things');
    for (let i = 0; i < 3; i++) await docs.insertOne({ id: await store.nextSequence('things') });
    await store.close();
    store = EmbeddedStore.open(dir);
    expect(await store.nextSequence('things')).toBe(4);
    await store.close();
  });

  it('writes a counter with the next commit even when the write that took the id failed', async () => {
    const dir = fresh();
    let store = EmbeddedStore.open(dir);
    const docs = store.collection<{ id: number; key: string }>('things');
    await docs.ensureIndex({ fields: { key: 1 }, unique: true });
    await docs.insertOne({ id: await store.nextSequence('things'), key: 'a' });
    await expect(docs.insertOne({ id: await store.nextSequence('things'), key: 'a' })).rejects.toBeInstanceOf(DuplicateKeyError);
    await store.collection('other').insertOne({ x: 1 });
    await store.close();
    store = EmbeddedStore.open(dir);
    expect(await store.nextSequence('things')).toBe(3);
    await store.close();
  });

  it('hands out an id again after a restart when no write committed after it (nothing holds it)', async () => {
    const dir = fresh();
    let store = EmbeddedStore.open(dir);
    expect(await store.nextSequence('things')).toBe(1);
    await store.close();
    store = EmbeddedStore.open(dir);
    expect(await store.nextSequence('things')).toBe(1);
    await store.close();
  });

  it('never hands out an id of a block reserved through the counters collection ($inc, as demo applicants do)', async () => {
    const store = EmbeddedStore.open(fresh());
    expect(await store.nextSequence('applications')).toBe(1);
    const block = await store.collection<{ _id: string; seq: number }>('counters').updateOne({ _id: 'applications' }, { $inc: { seq: 10 } }, { upsert: true });
    expect(block?.seq).toBe(11);
    expect(await store.nextSequence('applications')).toBe(12);
    await store.close();
  });

  it('moves a collection\'s generation on each committed write to it, not on a refused one or on other collections', async () => {
    const store = EmbeddedStore.open(fresh());
    const docs = store.collection<{ key: string }>('things');
    await docs.ensureIndex({ fields: { key: 1 }, unique: true });
    const g0 = store.generation('things');
    await docs.insertOne({ key: 'a' });
    const g1 = store.generation('things');
    expect(g1).not.toBe(g0);
    await expect(docs.insertOne({ key: 'a' })).rejects.toBeInstanceOf(DuplicateKeyError);
    await store.collection('other').insertOne({ x: 1 });
    await store.nextSequence('things');
    await store.collection('other').insertOne({ x: 2 });
    expect(store.generation('things')).toBe(g1);
    await docs.updateOne({ key: 'a' }, { $set: { key: 'b' } });
    expect(store.generation('things')).not.toBe(g1);
    await store.close();
  });
});
