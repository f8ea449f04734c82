import type { Logger } from '../base/logger';
import { EmbeddedStore } from './embedded';
import type { Store } from './port';

export * from './port';


export { sanitizeFilterValue, escapeRegex } from './safe';
export { pageByKey, type Page } from './paging';
export { EmbeddedStore } from './embedded';


export interface OpenStoreOptions {
  /** Set → the mongo adapter (MONGODB_URI); unset or empty → the embedded store. */
  mongoUri?: string;
  /** DATA_DIR: the embedded store is `<dataDir>/blankett.sqlite` (an old nedb `<dataDir>/db` is imported once). */
  dataDir: string;
  /** Overrides the database named in the URI (tests). */
  dbName?: string;
  /** Where the embedded store reports its nedb import (JSON lines on stdout when not given). */
  log?: Logger;
}

/**
 * Opens the store the configuration asks for. The mongodb driver loads only for a Mongo store:
 * on the embedded one it was a sixth of a second of every start-up for nothing.
 */
export async function openStore(options: OpenStoreOptions): Promise<Store> {
  if (options.mongoUri) {
    const { MongoStore } = await import('./mongo');
    return MongoStore.open(options.mongoUri, { dbName: options.dbName });
  }
  return EmbeddedStore.open(options.dataDir, { log: options.log });
}
