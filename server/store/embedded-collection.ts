import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { matches } from './match';
import { DuplicateKeyError, type Collection, type Doc, type Filter, type FindOptions, type IndexSpec, type Update } from './port';
import { columnsByFind, project } from './project';
import { StoreUsageError, checkDoc, checkFilter, checkFindOptions, checkUpdate } from './query';
import { addMirrors, changedPaths, indexSql, mirrorAssignments, mirrored, mirrorSnapshot, mirrorWrite } from './sql-columns';
import { compareDocs, jsonPath, planFilter, planSort, type PlanContext } from './sql-plan';
import { columnsSql, docRead, type DocRead } from './sql-read';
import { applyUpdate, upsertBase } from './update';
import { sqlUpdate } from './sql-update';

/**
 * One collection of the embedded store (embedded.ts): a table `d_<name>` of JSON documents
 * (rid, the caller's `_id`, the document as JSONB). Reads narrow in SQL and decide in code;
 * writes run in one transaction each and resolve after their commit is on disk.
 */

interface IndexInfo {
  fields: Record<string, 1 | -1>;
  unique: boolean;
}

export interface CollMeta {
  name: string;
  table: string;
  exists: boolean;
  indexes: Map<string, IndexInfo>;
  /** Indexed paths, each with the prefixes checked for arrays on write. */
  indexPaths: Set<string>;
  multikey: Set<string>;
  text: { table: string; paths: string[] } | null;
}

/**
 * What a collection (and the nedb import) reads of the embedded store (server/store/embedded.ts
 * implements it); named here so the store and its collections do not import each other.
 */
export interface EmbeddedHost {
  readonly db: Database.Database;
  readonly dataDir: string;
  meta(name: string): CollMeta;
  planContext(m: CollMeta): PlanContext;
  transaction<R>(work: () => R): R;
  batched<R>(work: () => R): R;
  gate(): Promise<void> | null;
  createTable(m: CollMeta): void;
  written(name: string): void;
  stmt(sql: string): Database.Statement;
  newMultikeys(m: CollMeta, doc: unknown): string[];
  durable(): Promise<void>;
  reloadMeta(): void;
  collection<T extends Doc = Doc>(name: string): Collection<T>;
}

export interface Row {
  rid: number;
  _id: string | null;
  doc: string;
  /** json_type of each field of DocRead.absent (null: not in the document). */
  types?: string;
}

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export function mapError(err: unknown): never {
  if (isUniqueViolation(err)) throw new DuplicateKeyError();
  throw err;
}

function indexName(coll: string, spec: IndexInfo): string {
  const hash = createHash('sha1').update(JSON.stringify([spec.fields, spec.unique])).digest('hex').slice(0, 12);
  return `x_${coll}_${hash}`;
}

/** Inserts one document into a collection's table, inside the caller's transaction. */
export function insertRow(store: EmbeddedHost, m: CollMeta, doc: Record<string, unknown>): { json: string; multikeys: string[] } {
  const { _id, ...rest } = doc;
  if (_id !== undefined && typeof _id !== 'string') throw new StoreUsageError('_id must be a string');
  const json = JSON.stringify(rest);
  const mirrors = mirrorWrite(mirrored(m.indexPaths));
  store.stmt(`INSERT INTO "${m.table}" (_id, doc${mirrors.columns}) VALUES (@id, jsonb(@j)${mirrors.values})`).run({ id: _id ?? null, j: json });
  return { json, multikeys: store.newMultikeys(m, doc) };
}

export class EmbeddedCollection<T extends Doc> implements Collection<T> {
  constructor(
    private readonly store: EmbeddedHost,
    private readonly name: string,
  ) {}

  private decode(row: Row, read: DocRead): Record<string, unknown> {
    const doc = JSON.parse(row.doc) as Record<string, unknown>;
    if (read.absent && row.types) {
      // json_object writes a missing field as null: drop the ones the document does not hold.
      const types = JSON.parse(row.types) as (string | null)[];
      read.absent.forEach((key, i) => {
        if (types[i] === null) delete doc[key];
      });
    }
    return row._id === null ? doc : { _id: row._id, ...doc };
  }

  /** Rows matching the filter, in the sort's order when SQL can give it, stopping when `enough` says so. */
  private scan(
    filter: Filter,
    sort: FindOptions['sort'],
    visit: (row: Row, doc: Record<string, unknown>) => boolean | void,
    projection?: FindOptions['projection'],
  ): 'sorted' | 'unsorted' {
    const m = this.store.meta(this.name);
    if (!m.exists) return 'sorted';
    const ctx = this.store.planContext(m);
    const where = planFilter(filter, ctx);
    const order = planSort(sort, ctx);
    const read = docRead(projection, filter, sort);
    const sql = `SELECT rid, _id, ${read.sql} AS doc${read.absent ? `, ${read.types} AS types` : ''} FROM "${m.table}" WHERE ${where.sql}${order ?? ''}`;
    for (const row of this.store.stmt(sql).iterate(...where.params) as IterableIterator<Row>) {
      const doc = this.decode(row, read);
      if (!matches(doc, filter)) continue;
      if (visit(row, doc) === false) break;
    }
    return order === null ? 'unsorted' : 'sorted';
  }

  private select(filter: Filter, options: FindOptions): { row: Row; doc: Record<string, unknown> }[] {
    const skip = options.skip ?? 0;
    const limit = options.limit || Infinity;
    const out: { row: Row; doc: Record<string, unknown> }[] = [];
    let skipped = 0;
    let sortedBySql = true;
    const m = this.store.meta(this.name);
    if (m.exists && planSort(options.sort, this.store.planContext(m)) === null) sortedBySql = false;
    this.scan(
      filter,
      options.sort,
      (row, doc) => {
        if (sortedBySql && skipped < skip) {
          skipped++;
          return;
        }
        out.push({ row, doc });
        return !sortedBySql || out.length < limit;
      },
      options.projection,
    );
    if (sortedBySql) return out;
    const cmp = compareDocs(options.sort!);
    out.sort((a, b) => cmp(a.doc, b.doc));
    return out.slice(skip, skip + limit);
  }

  private write<R>(work: (m: CollMeta) => { result: R; multikeys: string[] }): R {
    const m = this.store.meta(this.name);
    let done: { result: R; multikeys: string[] };
    try {
      done = this.store.batched(() => {
        this.store.createTable(m);
        return work(m);
      });
    } catch (err) {
      mapError(err);
    }
    // Committed: now (and only now) memory may follow.
    m.exists = true;
    this.store.written(this.name);
    for (const p of done.multikeys) m.multikey.add(p);
    return done.result;
  }

  private insertRow(m: CollMeta, doc: Record<string, unknown>): { json: string; multikeys: string[] } {
    return insertRow(this.store, m, doc);
  }

  private copyBack(doc: Record<string, unknown>, json: string): T {
    const copy = JSON.parse(json) as Record<string, unknown>;
    return (typeof doc._id === 'string' ? { _id: doc._id, ...copy } : copy) as T;
  }

  /**
   * Returns a shallow copy of the stored document, as the mongo adapter does: parsing the
   * stored JSON back was 0.15 ms of every application (6 KB of answers) for a copy nobody
   * on the apply path reads.
   */
  async insertOne(doc: T): Promise<T> {
    checkDoc(doc);
    await this.store.gate();
    this.write((m) => ({ result: undefined, multikeys: this.insertRow(m, doc).multikeys }));
    await this.store.durable();
    return { ...doc };
  }

  async insertMany(docs: T[]): Promise<void> {
    await this.store.gate();
    this.insertManyNow(docs);
    await this.store.durable();
  }

  /** @internal insertMany that throws synchronously (the nedb import runs it inside its own transaction). */
  insertManyNow(docs: T[]): void {
    if (docs.length === 0) return;
    docs.forEach(checkDoc);
    // All or nothing, in one transaction (one fsync for the batch).
    this.write((m) => ({ result: undefined, multikeys: [...new Set(docs.flatMap((d) => this.insertRow(m, d).multikeys))] }));
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    checkFilter(filter);
    checkFindOptions(options);
    return this.select(filter, options).map(({ doc }) => project(doc, options.projection, false) as T);
  }

  async findOne(filter: Filter, options: Pick<FindOptions, 'projection' | 'sort'> = {}): Promise<T | null> {
    const [first] = await this.find(filter, { ...options, limit: 1 });
    return first ?? null;
  }

  private updateRow(m: CollMeta, row: Row, doc: Record<string, unknown>, update: Update): { doc: Record<string, unknown>; multikeys: string[] } {
    const mirrors = mirrored(m.indexPaths);
    const before = mirrorSnapshot(mirrors, doc);
    const after = applyUpdate(doc, update);
    checkDoc(after);
    const { _id, ...rest } = after;
    if ((_id ?? null) !== row._id) throw new StoreUsageError('_id cannot be changed');
    // Only the mirrors of the paths that changed are written, so only their indexes move (sql-columns.ts).
    const sets = mirrorAssignments(changedPaths(mirrors, before, after));
    this.store.stmt(`UPDATE "${m.table}" SET doc = jsonb(@j)${sets} WHERE rid = @rid`).run({ j: JSON.stringify(rest), rid: row.rid });
    return { doc: after, multikeys: this.store.newMultikeys(m, after) };
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<T | null> {
    await this.store.gate();
    const result = this.updateOneNow(filter, update, options);
    if (result !== null) await this.store.durable();
    return result;
  }

  /** @internal updateOne, committed but not yet waited on disk (nextSequence: see there why that is enough). */
  updateOneNow(filter: Filter, update: Update, options: { upsert?: boolean } = {}): T | null {
    checkFilter(filter);
    checkUpdate(update);
    return this.write((m) => {
      const [hit] = m.exists ? this.select(filter, { limit: 1 }) : [];
      if (hit) {
        const { doc, multikeys } = this.updateRow(m, hit.row, hit.doc, update);
        return { result: doc as T, multikeys };
      }
      if (options.upsert !== true) return { result: null, multikeys: [] };
      const base = applyUpdate(upsertBase(filter), update);
      checkDoc(base);
      const { json, multikeys } = this.insertRow(m, base);
      return { result: this.copyBack(base, json), multikeys };
    });
  }

  async updateMany(filter: Filter, update: Update): Promise<number> {
    checkFilter(filter);
    checkUpdate(update);
    await this.store.gate();
    const n = this.write((m) => {
      const inSql = m.exists ? this.updateInSql(m, filter, update) : null;
      if (inSql !== null) return { result: inSql, multikeys: [] };
      const hits = this.select(filter, {});
      const multikeys = new Set<string>();
      for (const hit of hits) for (const p of this.updateRow(m, hit.row, hit.doc, update).multikeys) multikeys.add(p);
      return { result: hits.length, multikeys: [...multikeys] };
    });
    if (n > 0) await this.store.durable();
    return n;
  }

  /**
   * updateMany as one statement (sql-update.ts) when SQL alone decides the filter and can
   * express the update; null when it cannot (then row by row). Inside the write's savepoint.
   */
  private updateInSql(m: CollMeta, filter: Filter, update: Update): number | null {
    const plan = sqlUpdate(update, m.indexPaths);
    if (!plan) return null;
    const where = planFilter(filter, this.store.planContext(m));
    if (!where.exact) return null;
    for (const jp of plan.arrays) {
      const other = this.store.stmt(`SELECT 1 FROM "${m.table}" WHERE ${where.sql} AND json_type(doc, '${jp}') NOT IN ('array', 'null') LIMIT 1`);
      if (other.get(...where.params) !== undefined) return null;
    }
    return this.store.stmt(`UPDATE "${m.table}" SET doc = ${plan.expr}${plan.mirrors} WHERE ${where.sql}`).run(...plan.params, ...plan.mirrorParams, ...where.params).changes;
  }

  async deleteOne(filter: Filter): Promise<number> {
    return this.remove(filter, 1);
  }

  async deleteMany(filter: Filter): Promise<number> {
    return this.remove(filter, 0);
  }

  private async remove(filter: Filter, limit: number): Promise<number> {
    checkFilter(filter);
    if (!this.store.meta(this.name).exists) return 0;
    await this.store.gate();
    // Nothing to delete, nothing written: a sweep that finds nothing (each application's of
    // expired sign-in links) opened a write of the group commit. No await lies between this
    // read and the write, so nothing can come between them.
    if (this.select(filter, { limit: 1 }).length === 0) return 0;
    const n = this.write((m) => {
      const hits = this.select(filter, limit ? { limit } : {});
      const del = this.store.stmt(`DELETE FROM "${m.table}" WHERE rid = ?`);
      for (const hit of hits) del.run(hit.row.rid);
      return { result: hits.length, multikeys: [] };
    });
    if (n > 0) await this.store.durable();
    return n;
  }

  async count(filter: Filter): Promise<number> {
    checkFilter(filter);
    const m = this.store.meta(this.name);
    if (!m.exists) return 0;
    const where = planFilter(filter, this.store.planContext(m));
    if (where.exact) {
      return this.store.stmt(`SELECT count(*) FROM "${m.table}" WHERE ${where.sql}`).pluck().get(...where.params) as number;
    }
    let n = 0;
    this.scan(filter, undefined, () => {
      n++;
    });
    return n;
  }

  async columns(filter: Filter, paths: string[]): Promise<unknown[][]> {
    checkFilter(filter);
    paths.forEach((p) => checkFilter({ [p]: 1 }));
    const m = this.store.meta(this.name);
    if (!m.exists) return [];
    const where = planFilter(filter, this.store.planContext(m));
    const values = columnsSql(paths);
    // Where SQL alone does not decide the filter (or cannot name a path), the matcher does: through find.
    if (!where.exact || values === null) return columnsByFind((projection) => this.find(filter, { projection }), paths);
    const out: unknown[][] = [];
    for (const text of this.store.stmt(`SELECT ${values} FROM "${m.table}" WHERE ${where.sql}`).pluck().iterate(...where.params) as IterableIterator<string>) {
      out.push(JSON.parse(text) as unknown[]);
    }
    return out;
  }

  async dropIndex(spec: IndexSpec): Promise<void> {
    const name = indexName(this.name, { fields: { ...spec.fields }, unique: spec.unique === true });
    const m = this.store.meta(this.name);
    if (!m.indexes.has(name)) return;
    this.write(() => {
      this.store.db.exec(`DROP INDEX IF EXISTS "${name}"`);
      this.store.stmt('DELETE FROM _indexes WHERE coll = ? AND name = ?').run(this.name, name);
      return { result: undefined, multikeys: [] };
    });
    m.indexes.delete(name);
    m.indexPaths.clear();
    for (const info of m.indexes.values()) for (const p of Object.keys(info.fields)) m.indexPaths.add(p);
    await this.store.durable();
  }

  async ensureIndex(spec: IndexSpec): Promise<void> {
    const paths = Object.keys(spec.fields);
    if (paths.length === 0) throw new StoreUsageError('index needs a field');
    for (const p of paths) {
      checkFilter({ [p]: 1 });
      if (p !== '_id' && !jsonPath(p)) throw new StoreUsageError(`cannot index ${p.slice(0, 60)}`);
    }
    const info: IndexInfo = { fields: { ...spec.fields }, unique: spec.unique === true };
    const name = indexName(this.name, info);
    const m = this.store.meta(this.name);
    if (m.indexes.has(name)) return;
    this.write((meta) => {
      addMirrors(this.store.db, meta.table, mirrored(new Set(paths.filter((p) => !meta.indexPaths.has(p)))));
      this.store.db.exec(indexSql(name, meta.table, info.fields, info.unique));
      this.store.stmt('INSERT OR REPLACE INTO _indexes (coll, name, fields, uniq) VALUES (?, ?, ?, ?)').run(meta.name, name, JSON.stringify(info.fields), info.unique ? 1 : 0);
      // Documents already stored may hold arrays on an indexed path: those paths are checked in code.
      const multikeys: string[] = [];
      for (const path of paths) {
        if (path === '_id' || meta.multikey.has(path)) continue;
        const segs = path.split('.');
        const tests = segs.map((_, i) => `json_type(doc, '${jsonPath(segs.slice(0, i + 1).join('.'))!}') = 'array'`);
        const any = this.store.db.prepare(`SELECT 1 FROM "${meta.table}" WHERE ${tests.join(' OR ')} LIMIT 1`).get();
        if (any) {
          this.store.stmt('INSERT OR IGNORE INTO _multikey (coll, path) VALUES (?, ?)').run(meta.name, path);
          multikeys.push(path);
        }
      }
      return { result: undefined, multikeys };
    });
    m.indexes.set(name, info);
    for (const p of paths) m.indexPaths.add(p);
    await this.store.durable();
  }
}

