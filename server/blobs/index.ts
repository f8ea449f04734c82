import type { Logger } from '../base/logger';
import type { MongoStore } from '../store/mongo';
import type { BlobStore, Store } from '../store/port';
import { FileBlobStore } from './file';
import { sweepBlobs } from './sweep';

export { FileBlobStore } from './file';
export { InvalidBlobIdError } from './id';

export interface OpenBlobsOptions {
  store: Store;
  dataDir: string;
  /** Told what the start-up sweep removed. */
  log?: Logger;
}

/**
 * GridFS in the store's database when the store is Mongo, files under `<dataDir>/blobs`
 * otherwise — swept first of what a crash left there (sweep.ts).
 */
export async function openBlobs(options: OpenBlobsOptions): Promise<BlobStore>;
export async function openBlobs(store: Store, dataDir: string): Promise<BlobStore>;
export async function openBlobs(a: OpenBlobsOptions | Store, b?: string): Promise<BlobStore> {
  const { store, dataDir, log } = 'store' in a && typeof b !== 'string' ? (a as OpenBlobsOptions) : { store: a as Store, dataDir: b!, log: undefined };
  if (store.kind === 'mongo') {
    // The mongodb driver loads only for a Mongo store (see store/index.ts).
    const { GridFsBlobStore } = await import('./gridfs');
    return new GridFsBlobStore((store as MongoStore).db);
  }
  const files = new FileBlobStore(dataDir);
  await sweepBlobs(files, store, { log });
  return files;
}
