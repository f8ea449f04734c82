/**
 * The document-collection port (docs/architecture.md, docs/contracts.md "Storage layer"). The repository layer is written against
 * this; `mongo` and `embedded` adapters implement it. Queries stay inside the subset MongoDB,
 * FerretDB 1.x and the embedded engine all run: plain equality, $in, $nin, $ne, $gt/$gte/$lt/$lte,
 * $exists, $or, $and, $regex on strings; no transactions, $lookup, $facet.
 */
export type Doc = Record<string, unknown> & { _id?: string };
export type Filter = Record<string, unknown>;
export type Sort = Record<string, 1 | -1>;

export interface FindOptions {
  sort?: Sort;
  skip?: number;
  limit?: number;
  projection?: Record<string, 0 | 1>;
}

export interface Update {
  $set?: Record<string, unknown>;
  $unset?: Record<string, true | 1 | ''>;
  $push?: Record<string, unknown>;
  $pull?: Record<string, unknown>;
  $inc?: Record<string, number>;
}

export interface IndexSpec {
  fields: Record<string, 1 | -1>;
  unique?: boolean;
  name?: string;
}

export interface Collection<T extends Doc = Doc> {
  insertOne(doc: T): Promise<T>;
  insertMany(docs: T[]): Promise<void>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  findOne(filter: Filter, options?: Pick<FindOptions, 'projection' | 'sort'>): Promise<T | null>;
  /** Updates the first match; returns the updated document (after) or null when none matched. */
  updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<T | null>;
  updateMany(filter: Filter, update: Update): Promise<number>;
  deleteOne(filter: Filter): Promise<number>;
  deleteMany(filter: Filter): Promise<number>;
  count(filter: Filter): Promise<number>;
  /**
   * The values at `paths` of every matching document, one array each in the order of `paths`,
   * null where the document holds null or nothing; in no particular order. For figures over
   * many documents (the analysis page): the embedded store reads just these values in SQL
   * instead of decoding each document, the mongo adapter projects them.
   */
  columns(filter: Filter, paths: string[]): Promise<unknown[][]>;
  ensureIndex(spec: IndexSpec): Promise<void>;
  /**
   * Removes the index `ensureIndex(spec)` made, if it is there: an index the domain no longer
   * declares (a unique one that grew a field) would otherwise keep refusing what is now allowed
   * in every database made before the change.
   */
  dropIndex(spec: IndexSpec): Promise<void>;
}

/** Raised by insert/update when a unique index would be broken. */
export class DuplicateKeyError extends Error {
  constructor(message = 'duplicate key') {
    super(message);
    this.name = 'DuplicateKeyError';
  }
}

export interface Store {
  readonly kind: 'mongo' | 'embedded';
  collection<T extends Doc = Doc>(name: string): Collection<T>;
  /** Atomically increments and returns a named counter (numeric ids). */
  nextSequence(name: string): Promise<number>;
  /**
   * A number that changes whenever a write to the collection commits, where this process is
   * its only writer (embedded); absent where other processes write too (mongo). Lets a reader
   * keep what it read until the number changes (domain/read-cache.ts).
   */
  generation?(name: string): number;
  close(): Promise<void>;
  /** Drops everything: for tests only. */
  dropAll(): Promise<void>;
}

/** The blob port for attachments: files under DATA_DIR (embedded) or GridFS (mongo). */
export interface BlobStore {
  /** Files under DATA_DIR (swept at start) or GridFS in the Mongo database (swept by a job). */
  readonly kind: 'files' | 'gridfs';
  put(id: string, data: Uint8Array, meta: { contentType: string; filename: string }): Promise<void>;
  get(id: string): Promise<{ data: Uint8Array; contentType: string; filename: string } | null>;
  delete(id: string): Promise<void>;
}
