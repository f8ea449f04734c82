import { randomBytes } from 'node:crypto';
import { MongoServerError, type Collection as MongoCollection } from 'mongodb';

/**
 * A lock per collection shared by every process on one FerretDB database — a measure for
 * FerretDB 1.x only; MongoDB needs none of it (its single-document updates, `$inc` and
 * `findOneAndUpdate` are atomic, so mongo.ts goes straight through there).
 *
 * FerretDB reads, modifies and writes a document back without holding anything, so two
 * processes updating one document lose writes (measured: 9 of 20 concurrent notes lost) and
 * two `$inc`s of one counter hand out one id twice (17 of 40 parallel applicants told they
 * had already applied). The one thing FerretDB does hold across processes is a unique index,
 * `_id` included; so the lock is a unique insert of `{ _id: <collection> }` into
 * `storeLocks`, retried while another process holds it, and deleted afterwards.
 *
 * A holder that dies (kill -9) leaves its lock behind: each lock carries a beat counter that
 * its holder moves while it works, and a waiter that has watched the same token and beat for
 * a whole lease (by its own monotonic clock) takes it over. Clocks of different machines are
 * never compared: with an expiry time stamped by the holder's wall clock, an instance whose
 * clock ran 5 minutes ahead took every live lock over at once, and two processes handed out
 * one id (an applicant with a new email was told they had already applied). Only one waiter
 * may take a lock over, which it proves by inserting a claim named after the stale lock's
 * token (another unique insert); the winner deletes the stale lock, everyone retries.
 */

const LEASE_MS = 10_000;
const BEAT_MS = 3_000;
const COLLECTION = 'storeLocks';

interface LockDoc {
  _id: string;
  token: string;
  beat: number;
}

const isDuplicate = (err: unknown) =>
  err instanceof MongoServerError && (err.code === 11000 || /E11000|duplicate key|UNIQUE constraint failed/i.test(err.message));

const pause = (ms: number) => new Promise((res) => setTimeout(res, ms));

export class FerretLocks {
  constructor(
    private readonly locks: MongoCollection<LockDoc>,
    /** Milliseconds on this process's own clock; only differences of it are used. */
    private readonly clock: () => number = () => performance.now(),
  ) {}

  static collectionName = COLLECTION;

  /** Runs `work` while holding the database-wide lock named `key`. */
  async run<R>(key: string, work: () => Promise<R>): Promise<R> {
    const token = await this.acquire(key);
    const beat = setInterval(() => {
      void this.locks.updateOne({ _id: key, token }, { $inc: { beat: 1 } }).catch(() => undefined);
    }, BEAT_MS);
    beat.unref();
    try {
      return await work();
    } finally {
      clearInterval(beat);
      await this.locks.deleteOne({ _id: key, token }).catch(() => undefined);
    }
  }

  private async acquire(key: string): Promise<string> {
    const token = randomBytes(9).toString('base64url');
    /** The holder as last seen changing, and since when (this process's clock). */
    let watched: { mark: string; since: number } | undefined;
    for (let attempt = 0; ; attempt++) {
      try {
        await this.locks.insertOne({ _id: key, token, beat: 0 });
        return token;
      } catch (err) {
        if (!isDuplicate(err)) throw err;
      }
      const held = await this.locks.findOne({ _id: key });
      if (held) {
        const mark = `${held.token}:${held.beat}`;
        if (watched?.mark !== mark) watched = { mark, since: this.clock() };
        else if (this.clock() - watched.since > LEASE_MS) await this.takeOver(held);
      }
      // Short, growing, jittered waits: a write holds the lock for a few milliseconds.
      await pause(Math.min(2 + attempt, 25) * (0.5 + Math.random()));
    }
  }

  private async takeOver(stale: LockDoc): Promise<void> {
    try {
      await this.locks.insertOne({ _id: `${stale._id}#stale#${stale.token}`, token: stale.token, beat: 0 });
    } catch (err) {
      if (isDuplicate(err)) return; // another waiter is taking it over
      throw err;
    }
    await this.locks.deleteOne({ _id: stale._id, token: stale.token });
  }
}
