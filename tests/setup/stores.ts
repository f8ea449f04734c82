import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openStore } from '../../server/store';
import type { Store } from '../../server/store/port';

export type StoreKind = 'embedded' | 'mongo';

export interface TestStore {
  kind: StoreKind;
  store: Store;
  /** A fresh temporary DATA_DIR (the embedded store's files, blobs, secrets); removed by cleanup. */
  dataDir: string;
  /** For the mongo kind: the server's URI and this store's own database. */
  mongoUri?: string;
  dbName?: string;
  /** Drops the data, closes the store and removes the temporary directory. */
  cleanup(): Promise<void>;
}

/**
 * The adapters an integration test runs on: both, except that a local run without FerretDB
 * (and without MONGODB_URI) leaves out `mongo`; under CI the global setup fails instead.
 * Use as `describe.each(storeKinds())('on the %s store', (kind) => …)`.
 */
export function storeKinds(): StoreKind[] {
  const uri = inject('mongoUri');
  if (!uri && process.env.CI === 'true') throw new Error('CI=true and no MongoDB-wire server: the mongo run may not be skipped');
  return uri ? ['embedded', 'mongo'] : ['embedded'];
}

let counter = 0;

/** A fresh, isolated store: a new temp DATA_DIR (embedded) or a new database (mongo). */
export async function openTestStore(kind: StoreKind): Promise<TestStore> {
  const dataDir = mkdtempSync(join(tmpdir(), `blankett-${kind}-`));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (kind === 'embedded') {
    const store = await openStore({ dataDir });
    return {
      kind,
      store,
      dataDir,
      async cleanup() {
        await store.close();
        removeDir();
      },
    };
  }
  const mongoUri = inject('mongoUri');
  if (!mongoUri) throw new Error('no MongoDB-wire server for the mongo store (install FerretDB or set MONGODB_URI)');
  const dbName = `blankett_t${process.pid}_${++counter}_${randomBytes(3).toString('hex')}`;
  const store = await openStore({ mongoUri, dataDir, dbName });
  return {
    kind,
    store,
    dataDir,
    mongoUri,
    dbName,
    async cleanup() {
      try {
        await store.dropAll();
      } finally {
        await store.close();
        removeDir();
      }
    },
  };
}

/**
 * A second connection to the database of a mongo test store, with its own MongoClient and
 * temp DATA_DIR: what another server process on the same MongoDB has. Its cleanup closes the
 * connection and the directory and leaves the data to the first store's cleanup.
 */
export async function openPeerStore(first: TestStore): Promise<TestStore> {
  if (first.kind !== 'mongo' || !first.mongoUri || !first.dbName) throw new Error('a peer store shares a mongo database');
  const dataDir = mkdtempSync(join(tmpdir(), 'blankett-peer-'));
  const store = await openStore({ mongoUri: first.mongoUri, dataDir, dbName: first.dbName });
  return {
    ...first,
    store,
    dataDir,
    async cleanup() {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
