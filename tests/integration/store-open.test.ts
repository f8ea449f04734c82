import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, inject } from 'vitest';
import { openStore } from '../../server/store';
import { databaseNameFromUri } from '../../server/store/mongo';
import { StoreUsageError } from '../../server/store/query';
import { storeKinds } from '../setup/stores';

describe('opening a store', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'blankett-open-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes the database name from the URI path, else blankett', () => {
    expect(databaseNameFromUri('mongodb://127.0.0.1:27017/')).toBe('blankett');
    expect(databaseNameFromUri('mongodb://127.0.0.1:27017')).toBe('blankett');
    expect(databaseNameFromUri('mongodb://u:p@h1:1,h2:2/rekrytering?replicaSet=rs0')).toBe('rekrytering');
    expect(databaseNameFromUri('mongodb+srv://cluster.example.net/portal')).toBe('portal');
  });

  it('opens the embedded store when no URI is given', async () => {
    const store = await openStore({ dataDir: dir, mongoUri: '' });
    try {
      expect(store.kind).toBe('embedded');
    } finally {
      await store.close();
    }
  });

  it('refuses collection names that could leave the data directory', async () => {
    const store = await openStore({ dataDir: dir });
    try {
      expect(() => store.collection('../users')).toThrow(StoreUsageError);
      expect(() => store.collection('a/b')).toThrow(StoreUsageError);
    } finally {
      await store.close();
    }
  });

  it('refuses work after close', async () => {
    const store = await openStore({ dataDir: dir });
    await store.close();
    expect(() => store.collection('users')).toThrow(StoreUsageError);
  });

  it('fails at start, not at the first request, when the Mongo server cannot be reached', async () => {
    await expect(openStore({ dataDir: dir, mongoUri: 'mongodb://127.0.0.1:1/' })).rejects.toThrow();
  }, 20_000);

  if (storeKinds().includes('mongo')) {
    it('opens the mongo adapter when a URI is given, in the named database', async () => {
      const uri = `${inject('mongoUri').replace(/\/?$/, '/')}blankett_open_${process.pid}`;
      const store = await openStore({ dataDir: dir, mongoUri: uri });
      try {
        expect(store.kind).toBe('mongo');
        await store.collection('x').insertOne({ a: 1 });
        expect(await store.collection('x').find({})).toEqual([{ a: 1 }]);
      } finally {
        await store.dropAll();
        await store.close();
      }
    });
  }
});
