import { MongoStore } from '../store/mongo';
import type { BlobStore, Store } from '../store/port';
import { FileBlobStore } from './file';
import { GridFsBlobStore } from './gridfs';

export { FileBlobStore } from './file';
export { GridFsBlobStore } from './gridfs';
export { InvalidBlobIdError, isValidBlobId } from './id';

export interface OpenBlobsOptions {
  store: Store;
  dataDir: string;
}

/** GridFS in the store's database when the store is Mongo, files under `<dataDir>/blobs` otherwise. */
export async function openBlobs(options: OpenBlobsOptions): Promise<BlobStore>;
export async function openBlobs(store: Store, dataDir: string): Promise<BlobStore>;
export async function openBlobs(a: OpenBlobsOptions | Store, b?: string): Promise<BlobStore> {
  const { store, dataDir } = 'store' in a && typeof b !== 'string' ? (a as OpenBlobsOptions) : { store: a as Store, dataDir: b! };
  if (store instanceof MongoStore) return new GridFsBlobStore(store.db);
  return new FileBlobStore(dataDir);
}
