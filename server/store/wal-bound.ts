import { statfsSync, statSync } from 'node:fs';
import { Checkpointer } from './durable';

/**
 * Commits between checkpoints asked of the checkpointer, besides its timer (each second). Not
 * every few writes: each checkpoint copies the hot pages (the table's last leaf, each index's
 * leaf, the counters) into the database file again.
 */
const CHECKPOINT_EVERY_COMMITS = 64;
/**
 * The WAL's bound: past it, new writes wait (a few hundred milliseconds) while the checkpointer
 * copies the WAL into the database and starts it again. Checkpoints that run beside the
 * writes never catch up under a sustained campaign (781 MB after 10,000 applications in 14 s).
 */
const WAL_LIMIT_BYTES = 32 * 1024 * 1024;

/** Bytes free on the disk that holds `path` (Infinity when that cannot be told). */
function freeBytes(path: string): number {
  try {
    const s = statfsSync(path);
    return s.bavail * s.bsize;
  } catch {
    return Infinity;
  }
}

/**
 * The embedded store's WAL bound (embedded.ts, after each commit of group-commit.ts): the
 * checkpointer (durable.ts) is nudged every CHECKPOINT_EVERY_COMMITS commits besides its
 * timer, and a WAL past its bound is drained before more is written to it: writes wait on
 * `gate()` meanwhile.
 *
 * The bound is WAL_LIMIT_BYTES, or the space left on the disk when that is less: the WAL
 * holds every commit's pages again (an application rewrites the same table and index leaves
 * each time), so between two checkpoints a burst of writes grows it by far more than the data
 * it adds, and on a nearly full disk that growth alone filled the space a full disk had given
 * back (the full-disk test: 1.4 MB free again, the WAL grew from 1.8 to 3 MB within 17
 * applications and the 18th failed with SQLITE_FULL). Drained (copied into the database and
 * truncated) once it holds as much as is left free, the WAL gives that space back.
 */
export class WalBound {
  private readonly checkpointer: Checkpointer;
  /** Set while the WAL is being drained: writes wait for it (gate()). */
  private draining: Promise<void> | null = null;
  private commits = 0;
  private stopped = false;

  constructor(
    private readonly file: string,
    driver: string,
  ) {
    this.checkpointer = new Checkpointer(file, driver);
  }

  /** Null, or a promise writes wait for while the WAL is drained. */
  gate(): Promise<void> | null {
    return this.draining;
  }

  /**
   * After each commit: a WAL past its bound is drained before more is written to it. The drain
   * truncates the file, so its size is what the WAL holds until the WAL is next started again
   * from its beginning (then the size overstates it, and at most one more drain comes early).
   */
  committed(): void {
    if (this.draining || this.stopped) return;
    // The WAL is bounded by commits as well as by time (Checkpointer.nudge).
    if (++this.commits % CHECKPOINT_EVERY_COMMITS === 0) this.checkpointer.nudge();
    let size = 0;
    try {
      size = statSync(`${this.file}-wal`).size;
    } catch {
      return;
    }
    if (size < WAL_LIMIT_BYTES && !(size > 0 && size >= freeBytes(this.file))) return;
    this.draining = this.checkpointer.drain().finally(() => {
      this.draining = null;
    });
  }

  /** No drain starts any more; `settle` (the last commits) runs, then the drain under way and the checkpointer end. */
  async stop(settle: () => Promise<void>): Promise<void> {
    this.stopped = true;
    await settle();
    await this.draining;
    await this.checkpointer.stop();
  }
}
