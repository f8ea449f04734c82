import type Database from 'better-sqlite3';
import type { WalSync } from './durable';

/**
 * Group commit for the embedded store (embedded.ts): the writes of many requests share one
 * transaction and one fsync.
 *
 * The first write opens a transaction (BEGIN IMMEDIATE); each write then runs in a savepoint of its own,
 * so a write that fails (a duplicate key, a bad document) is rolled back alone and fails only
 * its own caller. The transaction commits on the next turn of the event loop, or, while an
 * fsync is under way, as soon as that fsync is done: the writes that arrive meanwhile wait
 * for it anyway, so they join one commit and one fsync instead of one each. Every write's
 * promise (`Entry`) resolves only once the commit holding it is on disk (WalSync), and rejects
 * when that commit or its fsync fails: a failure fails exactly the writes in that commit.
 *
 * One commit for 16 applications writes each touched page (the table's last leaf, each index's
 * leaf) once instead of 16 times: a commit writes whole 4 KB pages to the WAL.
 *
 * When SQLite itself rolls the whole transaction back under a failing statement (a full disk,
 * an I/O error), the writes before it in the batch are run again, in order, in a new
 * transaction: none of them was acknowledged, and none is lost for another's failure. Only
 * when that fails as well do they fail, each with the error.
 */

interface Entry {
  work: () => unknown;
  promise: Promise<void>;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export interface GroupHooks {
  /** After a COMMIT (before its fsync). */
  committed(): void;
  /** The open transaction was rolled back: memory must follow the database again. */
  lost(): void;
}

function entryOf(work: () => unknown): Entry {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A write nobody waits on (an update that matched nothing) must not be an unhandled rejection.
  promise.catch(() => undefined);
  return { work, promise, resolve, reject };
}

export class GroupCommit {
  private batch: Entry[] | null = null;
  private inflight = 0;
  private scheduled = false;
  private last: Promise<void> | null = null;
  private readonly savepoint: (work: () => unknown) => unknown;

  constructor(
    private readonly db: Database.Database,
    private readonly walSync: WalSync,
    private readonly hooks: GroupHooks,
  ) {
    // better-sqlite3 runs a transaction function as a SAVEPOINT when one is open already.
    this.savepoint = db.transaction((work: () => unknown) => work()) as unknown as (work: () => unknown) => unknown;
  }

  /** Runs `work` in its own savepoint of the open transaction; throws (and changes nothing) when it fails. */
  run<R>(work: () => R): R {
    this.open();
    let result: R;
    try {
      result = this.savepoint(work) as R;
    } catch (err) {
      if (!this.db.inTransaction) this.lose(err);
      throw err;
    }
    const e = entryOf(work);
    this.batch!.push(e);
    this.last = e.promise;
    return result;
  }

  /** Resolves once the last write is on disk (the caller's own, when called right after it). */
  durable(): Promise<void> {
    return this.last ?? this.walSync.durable();
  }

  /** Commits the open transaction now (its fsync follows); throws when the commit fails. */
  commitNow(): void {
    const err = this.commit();
    if (err !== undefined) throw err;
  }

  /** Commits what is open and waits until every write so far is on disk (or failed). */
  async settle(): Promise<void> {
    this.commit();
    await this.last?.catch(() => undefined);
  }

  private open(): void {
    if (this.batch) return;
    // IMMEDIATE: the write lock is taken here, where SQLite waits for it (busy_timeout). A
    // deferred BEGIN took it at the first write, and SQLite does not wait for a connection that
    // already reads: a write that read first failed at once with 'database is locked' while the
    // checkpointer's TRUNCATE held the lock (wal-bound.ts drains the WAL beside the writes).
    this.db.exec('BEGIN IMMEDIATE');
    this.batch = [];
    this.schedule();
  }

  private schedule(): void {
    if (this.inflight > 0 || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.commit();
    });
  }

  /** @returns the error when the commit failed (its writes are failed with it). */
  private commit(): unknown {
    const entries = this.batch;
    if (!entries) return undefined;
    this.batch = null;
    try {
      this.db.exec('COMMIT');
    } catch (err) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      this.hooks.lost();
      for (const e of entries) e.reject(err);
      return err;
    }
    this.hooks.committed();
    this.inflight++;
    void this.walSync
      .durable()
      .then(
        () => entries.forEach((e) => e.resolve()),
        (err: unknown) => entries.forEach((e) => e.reject(err)),
      )
      .finally(() => {
        this.inflight--;
        // What arrived during the fsync commits now, together.
        if (this.batch && this.inflight === 0) this.commit();
      });
    return undefined;
  }

  /** SQLite rolled the open transaction back under a failing statement: the writes before it run again. */
  private lose(cause: unknown): void {
    const lost = this.batch ?? [];
    this.batch = null;
    this.hooks.lost();
    if (lost.length === 0) return;
    this.open();
    const kept: Entry[] = [];
    for (let i = 0; i < lost.length; i++) {
      const e = lost[i]!;
      try {
        this.savepoint(e.work);
        kept.push(e);
      } catch (err) {
        if (this.db.inTransaction) {
          e.reject(err);
          continue;
        }
        // Lost again (the disk is still full): none of them can commit now.
        this.batch = null;
        this.hooks.lost();
        for (const x of [...kept, ...lost.slice(i)]) x.reject(err ?? cause);
        return;
      }
    }
    this.batch!.push(...kept);
    // Memory follows what the new transaction holds (multikey paths written again).
    this.hooks.lost();
  }
}
