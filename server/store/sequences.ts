import type Database from 'better-sqlite3';

/**
 * The embedded store's counters (nextSequence) without a commit of their own.
 *
 * The data-dir lock makes this process the only writer, so a counter's value can be kept in
 * memory: nextSequence hands out the next id at once, and the new value is written by the
 * next transaction of the store (`flushInto`), inside it, before its own work. An id matters
 * only through the write that uses it, so that write commits atomically together with the
 * counter that gave it out, and the fsync that acknowledges the write makes the counter
 * durable too. An id handed out to a write that never commits (a 409, a crash) may be handed
 * out again after a restart, to a document that then is the first to hold it (blobs of a lost
 * attempt are swept at start, before anything is served). Measured (scripts/bench/server-apply):
 * the counter's own read-modify-write and commit were 0.15 ms of every application.
 *
 * A write through the `counters` collection itself (demo applicants reserve a block with
 * $inc) commits after the pending values were flushed into the same transaction and then
 * drops the memory (`forget`), so the next id is read from the table again.
 */
export class Sequences {
  private readonly values = new Map<string, number>();
  private readonly pending = new Map<string, number>();

  constructor(
    private readonly stmt: (sql: string) => Database.Statement,
    private readonly table: string,
    private readonly tableExists: () => boolean,
  ) {}

  next(name: string): number {
    let value = this.values.get(name);
    if (value === undefined) {
      const stored = this.tableExists()
        ? (this.stmt(`SELECT json_extract(doc, '$.seq') FROM "${this.table}" WHERE _id = ?`).pluck().get(name) as unknown)
        : undefined;
      value = typeof stored === 'number' ? stored : 0;
    }
    value += 1;
    this.values.set(name, value);
    this.pending.set(name, value);
    return value;
  }

  /** Values not yet written; `flushInto` writes them inside the caller's transaction. */
  snapshot(): Map<string, number> | null {
    return this.pending.size ? new Map(this.pending) : null;
  }

  /** Writes the snapshot's values inside the caller's transaction (nextSequence made the table). */
  flushInto(values: Map<string, number>): void {
    const upsert = this.stmt(
      `INSERT INTO "${this.table}" (_id, doc) VALUES (?, jsonb_object('seq', ?)) ON CONFLICT(_id) WHERE _id IS NOT NULL DO UPDATE SET doc = jsonb_set(doc, '$.seq', max(coalesce(json_extract(doc, '$.seq'), 0), json_extract(excluded.doc, '$.seq')))`,
    );
    for (const [name, value] of values) upsert.run(name, value);
  }

  /** After the commit of a transaction that flushed `values`: those are on their way to disk with it. */
  committed(values: Map<string, number>): void {
    for (const [name, value] of values) if (this.pending.get(name) === value) this.pending.delete(name);
  }

  /** The transaction that held these values was rolled back: they are pending again (the newest of each). */
  restore(values: Map<string, number>): void {
    for (const [name, value] of values) this.pending.set(name, this.values.get(name) ?? value);
  }

  /** Drops what memory holds (after a write to the counters table itself, or a drop): nothing may be pending. */
  forget(): void {
    this.values.clear();
    this.pending.clear();
  }
}
