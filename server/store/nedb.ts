import Datastore from '@seald-io/nedb';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { lockDataDir, type DataDirLock } from './lock';
import { DuplicateKeyError, type Collection, type Doc, type Filter, type FindOptions, type IndexSpec, type Store, type Update } from './port';
import { seekFind } from './nedb-seek';
import { columnsByFind } from './project';
import { StoreUsageError, checkDoc, checkFilter, checkFindOptions, checkUpdate, toNedbFilter } from './query';

/**
 * The previous embedded adapter, kept only as the peer of the embedded-store benchmark
 * (scripts/bench/store-embedded.ts); the server uses SQLite (embedded.ts), which imports a
 * DATA_DIR of this adapter on its first start (migrate-nedb.ts).
 *
 * @seald-io/nedb, one append-only datafile per collection under
 * `<dataDir>/db/`. nedb runs every operation of a datastore through one queue, so a single
 * process may use it concurrently; the data-dir lock keeps a second process out.
 *
 * Ids: nedb gives every document an `_id`. Ids we generate carry AUTO_ID_PREFIX so reads can
 * strip them; an `_id` the caller chose (the counters' names) is kept and returned.
 *
 * Compound unique indexes use nedb's own compound indexes (fieldName as a list), which
 * enforce the combination exactly like Mongo's, including "missing counts as a value".
 */

const AUTO_ID_PREFIX = '\u0000';
const COLLECTION_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
/**
 * nedb appends every change, so the file grows until compacted (rewritten). Compacting once
 * the appended changes outnumber the live documents keeps the file under about twice its
 * live size at an amortised constant cost per write (bulk loads do not compact every batch).
 */
const COMPACT_MIN_WRITES = 1000;

interface Entry {
  ds: Datastore;
  ready: Promise<void>;
  writes: number;
  /** Documents in the collection, roughly (inserts minus deletes since load). */
  live: number;
}

function stripId<T extends Doc>(doc: T | null | undefined): T | null {
  if (!doc) return null;
  if (typeof doc._id === 'string' && !doc._id.startsWith(AUTO_ID_PREFIX)) return doc;
  const { _id: _dropped, ...rest } = doc;
  return rest as T;
}

function mapError(err: unknown): never {
  if (err && typeof err === 'object' && (err as { errorType?: string }).errorType === 'uniqueViolated') {
    throw new DuplicateKeyError();
  }
  throw err;
}

export class NedbStore implements Store {
  readonly kind = 'embedded' as const;
  private readonly dir: string;
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private closed = false;

  private constructor(
    dataDir: string,
    private readonly lock: DataDirLock,
  ) {
    this.dir = join(dataDir, 'db');
  }

  /** Opens (creating) `<dataDir>/db`; throws DataDirLockedError when another process has it. */
  static open(dataDir: string): NedbStore {
    const root = resolve(dataDir);
    mkdirSync(join(root, 'db'), { recursive: true });
    return new NedbStore(root, lockDataDir(root));
  }

  /** @internal the datastore for a collection, loaded once. */
  entry(name: string): Entry {
    if (this.closed) throw new StoreUsageError('store is closed');
    if (!COLLECTION_NAME.test(name)) throw new StoreUsageError(`invalid collection name ${name.slice(0, 40)}`);
    let entry = this.entries.get(name);
    if (!entry) {
      const ds = new Datastore({ filename: join(this.dir, `${name}.db`) });
      (ds as unknown as { _createNewId(): string })._createNewId = () => AUTO_ID_PREFIX + randomBytes(12).toString('hex');
      const created: Entry = { ds, ready: Promise.resolve(), writes: 0, live: 0 };
      created.ready = ds.loadDatabaseAsync().then(() => {
        created.live = ds.getAllData().length;
      });
      entry = created;
      this.entries.set(name, entry);
    }
    return entry;
  }

  /** @internal runs an operation so close() can wait for it. */
  track<R>(work: Promise<R>): Promise<R> {
    this.inFlight.add(work);
    const done = () => this.inFlight.delete(work);
    work.then(done, done);
    return work;
  }

  /** @internal counts a write (and the change in documents) and compacts the datafile now and then. */
  wrote(entry: Entry, n = 1, liveDelta = 0): void {
    entry.writes += n;
    entry.live = Math.max(0, entry.live + liveDelta);
    if (entry.writes >= Math.max(COMPACT_MIN_WRITES, entry.live)) {
      entry.writes = 0;
      // Queued behind the writes on nedb's own executor; failure leaves the (valid) log as is.
      void this.track(entry.ds.compactDatafileAsync().catch(() => undefined));
    }
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    this.entry(name);
    return new EmbeddedCollection<T>(this, name);
  }

  async nextSequence(name: string): Promise<number> {
    const entry = this.entry('counters');
    await entry.ready;
    // One nedb update is atomic: the executor runs it alone, read-modify-write included.
    const res = await this.track(
      entry.ds.updateAsync({ _id: name }, { $inc: { seq: 1 } }, { upsert: true, returnUpdatedDocs: true, multi: false }),
    );
    this.wrote(entry);
    const seq = (res.affectedDocuments as { seq?: unknown } | null)?.seq;
    if (typeof seq !== 'number') throw new Error('counter update returned no sequence');
    return seq;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.allSettled([...this.inFlight]);
    for (const { ds } of this.entries.values()) ds.stopAutocompaction();
    this.entries.clear();
    this.lock.release();
  }

  async dropAll(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
    for (const { ds, ready } of this.entries.values()) {
      await ready.catch(() => undefined);
      await ds.dropDatabaseAsync();
    }
    this.entries.clear();
    for (const file of readdirSync(this.dir)) {
      if (file.endsWith('.db') || file.endsWith('.db~')) rmSync(join(this.dir, file), { force: true });
    }
  }
}

class EmbeddedCollection<T extends Doc> implements Collection<T> {
  constructor(
    private readonly store: NedbStore,
    private readonly name: string,
  ) {}

  private async ds(): Promise<Entry> {
    const entry = this.store.entry(this.name);
    await entry.ready;
    return entry;
  }

  async insertOne(doc: T): Promise<T> {
    checkDoc(doc);
    const e = await this.ds();
    const saved = await this.store.track(e.ds.insertAsync(doc as Record<string, unknown>)).catch(mapError);
    this.store.wrote(e, 1, 1);
    return stripId(saved as T)!;
  }

  async insertMany(docs: T[]): Promise<void> {
    if (docs.length === 0) return;
    docs.forEach(checkDoc);
    const e = await this.ds();
    // nedb inserts a batch all-or-nothing; Mongo's ordered insertMany keeps the ones before a failure.
    await this.store.track(e.ds.insertAsync(docs as Record<string, unknown>[])).catch(mapError);
    this.store.wrote(e, docs.length, docs.length);
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    checkFilter(filter);
    checkFindOptions(options);
    const e = await this.ds();
    const query = toNedbFilter(filter);
    const sought = await this.store.track(seekFind(e.ds, query, options));
    if (sought) return sought.map((d) => stripId(d as T)!);
    let cursor = e.ds.findAsync<T>(query, options.projection ?? {});
    if (options.sort) cursor = cursor.sort(options.sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    const docs = (await this.store.track(cursor.execAsync())) as unknown as T[];
    return docs.map((d) => stripId(d)!);
  }

  async findOne(filter: Filter, options: Pick<FindOptions, 'projection' | 'sort'> = {}): Promise<T | null> {
    const [first] = await this.find(filter, { ...options, limit: 1 });
    return first ?? null;
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<T | null> {
    checkFilter(filter);
    checkUpdate(update);
    const e = await this.ds();
    const res = await this.store
      .track(
        e.ds.updateAsync(toNedbFilter(filter), update, {
          multi: false,
          upsert: options.upsert === true,
          returnUpdatedDocs: true,
        }),
      )
      .catch(mapError);
    if (res.numAffected === 0) return null;
    this.store.wrote(e, 1, res.upsert ? 1 : 0);
    return stripId(res.affectedDocuments as T | null);
  }

  async updateMany(filter: Filter, update: Update): Promise<number> {
    checkFilter(filter);
    checkUpdate(update);
    const e = await this.ds();
    const res = await this.store.track(e.ds.updateAsync(toNedbFilter(filter), update, { multi: true })).catch(mapError);
    this.store.wrote(e, res.numAffected);
    return res.numAffected;
  }

  async deleteOne(filter: Filter): Promise<number> {
    return this.remove(filter, false);
  }

  async deleteMany(filter: Filter): Promise<number> {
    return this.remove(filter, true);
  }

  private async remove(filter: Filter, multi: boolean): Promise<number> {
    checkFilter(filter);
    const e = await this.ds();
    const n = await this.store.track(e.ds.removeAsync(toNedbFilter(filter), { multi }));
    this.store.wrote(e, n, -n);
    return n;
  }

  async count(filter: Filter): Promise<number> {
    checkFilter(filter);
    const e = await this.ds();
    return (await this.store.track(e.ds.countAsync(toNedbFilter(filter)))) as unknown as number;
  }

  async columns(filter: Filter, paths: string[]): Promise<unknown[][]> {
    return columnsByFind((projection) => this.find(filter, { projection }), paths);
  }

  async dropIndex(spec: IndexSpec): Promise<void> {
    const fields = Object.keys(spec.fields);
    const e = await this.ds();
    await this.store.track(e.ds.removeIndexAsync(fields.length === 1 ? fields[0]! : fields));
  }

  async ensureIndex(spec: IndexSpec): Promise<void> {
    const fields = Object.keys(spec.fields);
    if (fields.length === 0) throw new StoreUsageError('index needs a field');
    fields.forEach((f) => checkFilter({ [f]: 1 }));
    const e = await this.ds();
    await this.store
      .track(e.ds.ensureIndexAsync({ fieldName: fields.length === 1 ? fields[0]! : fields, unique: spec.unique === true }))
      .catch(mapError);
  }
}
