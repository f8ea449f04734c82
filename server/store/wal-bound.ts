import { statSync } from 'node:fs';
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

/**
 * The embedded store's WAL bound (embedded.ts, after each commit of group-commit.ts): the
 * checkpointer (durable.ts) is nudged every CHECKPOINT_EVERY_COMMITS commits besides its
 * timer, and a WAL past WAL_LIMIT_BYTES is drained before more is written to it: writes wait
 * on `gate()` meanwhile.
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
    if (size < WAL_LIMIT_BYTES) return;
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
