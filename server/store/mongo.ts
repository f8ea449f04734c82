import { MongoClient, MongoServerError, type Db, type Document, type Collection as MongoCollection } from 'mongodb';
import { pullMatches } from './match';
import { DuplicateKeyError, type Collection, type Doc, type Filter, type FindOptions, type IndexSpec, type Store, type Update } from './port';
import { StoreUsageError, checkDoc, checkFilter, checkFindOptions, checkUpdate, isPlainObject } from './query';
import { FerretLocks } from './ferret-lock';
import { KeyedSerial } from './serial';
import { columnsByFind } from './project';

/**
 * The Mongo adapter (official driver) for MongoDB and FerretDB 1.x. It uses plain CRUD,
 * findOneAndUpdate and createIndex only — no transactions, sessions or aggregation.
 * Documents come back without the driver's ObjectId `_id`; a string `_id` the caller chose
 * (the counters' names) is kept.
 *
 * FerretDB 1.x (SQLite backend), measured against v1.24.2: an update reads, modifies and
 * writes back without a lock, so concurrent updates of one document lose writes (30 parallel
 * `$inc` → 11) and `findOneAndUpdate` + `$inc` hands out duplicate sequence numbers; `$pull`
 * with a condition (`{ notes: { id: 3 } }`, `{ $in: […] }`) silently removes nothing; a unique
 * violation in an update comes back as InternalError, not 11000. On FerretDB this adapter
 * therefore runs updates of one collection one at a time across every process on the
 * database (a lock claimed by a unique insert, ferret-lock.ts; deletes one at a time in this
 * process) and applies conditional `$pull` itself. Inserts need no help: unique indexes hold
 * under concurrency. None of this runs on MongoDB, which needs none of it.
 *
 * On MongoDB (a replica set in production) the client asks for what the code relies on,
 * explicitly rather than through defaults a URI or a driver upgrade could change: every
 * write acknowledged by a majority with its journal (a write a primary acknowledged alone
 * can be rolled back at a failover, and an applicant would have been told "received"),
 * reads from the primary (a secondary may not yet have the application just written, or the
 * unique index's winner), majority read concern, and retryable writes — the driver retries
 * an insertOne/updateOne/findOneAndUpdate/deleteOne once after a failover, exactly once on
 * the server. It never retries updateMany/deleteMany: every caller of those must be
 * idempotent (a second run after a partial one changes nothing more), and says why where it
 * calls them.
 */

const COLLECTION_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const DUPLICATE_KEY = 11000;
/** Documents per batch of a columns read (a few small fields each). */
const COLUMNS_BATCH = 10_000;

/** The database named in the URI's path, or 'blankett'. */
export function databaseNameFromUri(uri: string): string {
  const rest = uri.replace(/^mongodb(\+srv)?:\/\//, '');
  const slash = rest.indexOf('/');
  if (slash < 0) return 'blankett';
  const path = rest.slice(slash + 1).split('?')[0] ?? '';
  const name = decodeURIComponent(path);
  return name.length > 0 ? name : 'blankett';
}

function isDuplicate(err: unknown): boolean {
  return (
    err instanceof MongoServerError &&
    (err.code === DUPLICATE_KEY || /E11000|duplicate key|UNIQUE constraint failed/i.test(err.message))
  );
}

function mapError(err: unknown): never {
  if (isDuplicate(err)) throw new DuplicateKeyError();
  throw err;
}

function stripId<T extends Doc>(doc: Document | null | undefined): T | null {
  if (!doc) return null;
  if (typeof doc._id === 'string') return doc as T;
  const { _id: _dropped, ...rest } = doc;
  return rest as T;
}

export interface MongoStoreOptions {
  /** Overrides the URI's database (tests use one database per store). */
  dbName?: string;
}

export class MongoStore implements Store {
  readonly kind = 'mongo' as const;
  private readonly serial = new KeyedSerial();
  private readonly locks: FerretLocks;

  private constructor(
    private readonly client: MongoClient,
    /** The database, for GridFS (server/blobs). */
    readonly db: Db,
    /** True on FerretDB: see the note at the top of this file. */
    readonly ferret: boolean,
  ) {
    this.locks = new FerretLocks(db.collection(FerretLocks.collectionName));
  }

  /** Connects and pings, so a wrong URI fails at start rather than at the first request. */
  static async open(uri: string, options: MongoStoreOptions = {}): Promise<MongoStore> {
    const client = new MongoClient(uri, {
      writeConcern: { w: 'majority', journal: true, wtimeoutMS: 10_000 },
      readConcern: { level: 'majority' },
      readPreference: 'primary',
      retryWrites: true,
      retryReads: true,
      maxPoolSize: 20,
      minPoolSize: 0,
      serverSelectionTimeoutMS: 5_000,
      connectTimeoutMS: 5_000,
      socketTimeoutMS: 60_000,
      maxIdleTimeMS: 60_000,
      appName: 'blankett',
    });
    try {
      await client.connect();
      const db = client.db(options.dbName ?? databaseNameFromUri(uri));
      const info = await db.command({ buildInfo: 1 });
      return new MongoStore(client, db, 'ferretdbVersion' in info);
    } catch (err) {
      await client.close().catch(() => undefined);
      throw err;
    }
  }

  /**
   * @internal runs a collection's write alone on FerretDB, straight through on MongoDB:
   * `shared` (read-modify-writes: updates, counters) alone across every process on the
   * database, otherwise (deletes, which lose nothing when they race) alone in this process.
   */
  guard<R>(collection: string, work: () => Promise<R>, shared = false): Promise<R> {
    if (!this.ferret) return work();
    return this.serial.run(collection, shared ? () => this.locks.run(collection, work) : work);
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    if (!COLLECTION_NAME.test(name)) throw new StoreUsageError(`invalid collection name ${name.slice(0, 40)}`);
    return new MongoCollectionAdapter<T>(this, this.db.collection(name), name);
  }

  async nextSequence(name: string): Promise<number> {
    const counters = this.db.collection<{ _id: string; seq: number }>('counters');
    return this.guard('counters', async () => {
      // Two first-ever upserts of one counter can race to insert; the loser retries as an update.
      for (let attempt = 0; ; attempt++) {
        try {
          const doc = await counters.findOneAndUpdate({ _id: name }, { $inc: { seq: 1 } }, { upsert: true, returnDocument: 'after' });
          if (!doc || typeof doc.seq !== 'number') throw new Error('counter update returned no sequence');
          return doc.seq;
        } catch (err) {
          if (!isDuplicate(err) || attempt >= 5) throw err;
        }
      }
    }, true);
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  async dropAll(): Promise<void> {
    await this.db.dropDatabase();
  }
}

/** Splits `$pull` entries whose value is a condition (FerretDB cannot run those) from the rest. */
function conditionalPulls(update: Update): Record<string, unknown> | null {
  const pulls = Object.entries(update.$pull ?? {}).filter(([, v]) => isPlainObject(v));
  return pulls.length > 0 ? Object.fromEntries(pulls) : null;
}

class MongoCollectionAdapter<T extends Doc> implements Collection<T> {
  constructor(
    private readonly store: MongoStore,
    private readonly c: MongoCollection<Document>,
    private readonly name: string,
  ) {}

  async insertOne(doc: T): Promise<T> {
    checkDoc(doc);
    // The driver writes a generated _id into the object it is given; keep the caller's clean.
    const copy: Document = { ...doc };
    await this.c.insertOne(copy).catch(mapError);
    return stripId<T>(copy)!;
  }

  async insertMany(docs: T[]): Promise<void> {
    if (docs.length === 0) return;
    docs.forEach(checkDoc);
    await this.c.insertMany(docs.map((d) => ({ ...d }) as Document), { ordered: true }).catch(mapError);
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    checkFilter(filter);
    checkFindOptions(options);
    let cursor = this.c.find(filter, options.projection ? { projection: options.projection } : {});
    if (options.sort) cursor = cursor.sort(options.sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    const docs = await cursor.toArray();
    return docs.map((d) => stripId<T>(d)!);
  }

  async findOne(filter: Filter, options: Pick<FindOptions, 'projection' | 'sort'> = {}): Promise<T | null> {
    const [first] = await this.find(filter, { ...options, limit: 1 });
    return first ?? null;
  }

  /** On FerretDB: turns conditional `$pull`s into a `$set` of the filtered arrays of one document. */
  private withPullsApplied(doc: Document, update: Update, pulls: Record<string, unknown>): Document {
    const rest: Record<string, unknown> = { ...update };
    const plainPulls = Object.fromEntries(Object.entries(update.$pull ?? {}).filter(([k]) => !(k in pulls)));
    delete rest.$pull;
    if (Object.keys(plainPulls).length > 0) rest.$pull = plainPulls;
    const set: Record<string, unknown> = { ...(update.$set ?? {}) };
    for (const [path, cond] of Object.entries(pulls)) {
      const current = path.split('.').reduce<unknown>((v, seg) => (isPlainObject(v) ? v[seg] : undefined), doc);
      if (Array.isArray(current)) set[path] = current.filter((el) => !pullMatches(el, cond));
    }
    if (Object.keys(set).length > 0) rest.$set = set;
    return rest;
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<T | null> {
    checkFilter(filter);
    checkUpdate(update);
    const upsert = options.upsert === true;
    return this.store.guard(this.name, async () => {
      const pulls = this.store.ferret ? conditionalPulls(update) : null;
      if (pulls) {
        const current = await this.c.findOne(filter);
        if (current) {
          const applied = this.withPullsApplied(current, update, pulls);
          const doc = await this.c.findOneAndUpdate({ _id: current._id }, applied, { returnDocument: 'after' }).catch(mapError);
          return stripId<T>(doc);
        }
      }
      const doc = await this.c.findOneAndUpdate(filter, update as Document, { upsert, returnDocument: 'after' }).catch(mapError);
      return stripId<T>(doc);
    }, true);
  }

  async updateMany(filter: Filter, update: Update): Promise<number> {
    checkFilter(filter);
    checkUpdate(update);
    return this.store.guard(this.name, async () => {
      const pulls = this.store.ferret ? conditionalPulls(update) : null;
      if (!pulls) return (await this.c.updateMany(filter, update as Document).catch(mapError)).matchedCount;
      const docs = await this.c.find(filter).toArray();
      for (const doc of docs) {
        await this.c.updateOne({ _id: doc._id }, this.withPullsApplied(doc, update, pulls)).catch(mapError);
      }
      return docs.length;
    }, true);
  }

  async deleteOne(filter: Filter): Promise<number> {
    checkFilter(filter);
    return this.store.guard(this.name, async () => (await this.c.deleteOne(filter)).deletedCount);
  }

  async deleteMany(filter: Filter): Promise<number> {
    checkFilter(filter);
    return this.store.guard(this.name, async () => (await this.c.deleteMany(filter)).deletedCount);
  }

  async count(filter: Filter): Promise<number> {
    checkFilter(filter);
    return this.c.countDocuments(filter);
  }

  async columns(filter: Filter, paths: string[]): Promise<unknown[][]> {
    checkFilter(filter);
    paths.forEach((p) => checkFilter({ [p]: 1 }));
    // One batch: the default first batch of 101 costs a round trip per hundred documents.
    return columnsByFind((projection) => this.c.find(filter, { projection: { _id: 0, ...projection }, batchSize: COLUMNS_BATCH }).toArray(), paths);
  }

  async ensureIndex(spec: IndexSpec): Promise<void> {
    await this.c.createIndex(spec.fields, { unique: spec.unique === true, name: mongoIndexName(spec) }).catch(mapError);
  }

  async dropIndex(spec: IndexSpec): Promise<void> {
    const name = mongoIndexName(spec);
    // Gone already (code 27, IndexNotFound) or its collection never made (26, NamespaceNotFound): nothing to drop.
    await this.c.dropIndex(name).catch((e: unknown) => {
      const code = (e as { code?: unknown }).code;
      if (code !== 27 && code !== 26) return mapError(e);
    });
  }
}

/** The name an index gets in MongoDB: the spec's own, else its fields and directions (MongoDB's default). */
function mongoIndexName(spec: IndexSpec): string {
  const fields = Object.keys(spec.fields);
  if (fields.length === 0) throw new StoreUsageError('index needs a field');
  fields.forEach((f) => checkFilter({ [f]: 1 }));
  return spec.name ?? fields.map((f) => `${f}_${spec.fields[f]}`).join('_');
}
