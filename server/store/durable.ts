import { open, type FileHandle } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { SharedSync } from './shared-sync';

/**
 * Durability of the embedded store without blocking the event loop.
 *
 * better-sqlite3 runs on the main thread. With synchronous=FULL every commit waits there for
 * an fsync, and on a busy shared disk one fsync took 100–240 ms (measured): every such wait
 * freezes every request. So the store commits with synchronous=NORMAL (the WAL frames are
 * written to the OS, which already survives a killed process) and then, before the write's
 * promise resolves, waits for an fdatasync of the WAL file on libuv's thread pool: the
 * acknowledgement comes only once the commit is on the disk, as with FULL, but the waiting
 * happens off the event loop. Writes that commit while one fsync runs share the next one
 * (group commit). Checkpoints (copying the WAL into the database file, two more fsyncs) run
 * in a worker thread on its own connection, never on the main thread.
 *
 * One difference from FULL remains: another request may read a commit during its fsync (a
 * few milliseconds). A killed process keeps that commit (it is in the OS already); only a
 * power cut inside that window could lose a row someone saw but nobody was told was stored.
 * If the fsync itself fails (an I/O error), the write is reported as failed.
 */
export class WalSync {
  private handle: Promise<FileHandle> | null = null;
  private readonly shared = new SharedSync(() => this.sync());

  constructor(private readonly walFile: string) {}

  private async sync(): Promise<void> {
    this.handle ??= open(this.walFile, 'r');
    const h = await this.handle.catch((err: unknown) => {
      this.handle = null;
      throw err;
    });
    await h.datasync();
  }

  /** Resolves once every commit made before the call is on disk; rejects when the fsync fails. */
  durable(): Promise<void> {
    return this.shared.run();
  }

  async close(): Promise<void> {
    await this.shared.settled();
    const h = await this.handle?.catch(() => null);
    this.handle = null;
    await h?.close().catch(() => undefined);
  }
}

const CHECKPOINTER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 100');
db.pragma('synchronous = NORMAL');
const tick = () => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch (err) { /* full disk or busy: next tick */ }
};
const timer = setInterval(tick, workerData.intervalMs);
parentPort.on('message', (m) => {
  if (m === 'tick') tick();
  else if (m === 'drain') {
    // The store holds its writes meanwhile: copy the whole WAL, start it again and cut the file to nothing.
    let r = null;
    try { db.pragma('busy_timeout = 2000'); r = db.pragma('wal_checkpoint(TRUNCATE)'); } catch (err) { /* full disk: the next commit asks again */ }
    try { db.pragma('busy_timeout = 100'); } catch {}
    parentPort.postMessage({ drained: r });
  }
  else if (m === 'stop') { clearInterval(timer); try { db.close(); } catch {} parentPort.postMessage('stopped'); }
});
`;

/**
 * A worker thread that checkpoints the WAL every `intervalMs` on its own connection, and
 * whenever the store asks (`nudge`): time alone does not bound the WAL, since a burst of
 * writes within one interval grows it without limit (a WAL starts again from its beginning
 * only after a checkpoint), and on a nearly full disk that growth is the next ENOSPC.
 */
export class Checkpointer {
  private readonly worker: Worker;
  private stopped = false;

  constructor(file: string, driver: string, intervalMs = 1000) {
    this.worker = new Worker(CHECKPOINTER, { eval: true, workerData: { file, driver, intervalMs } });
    this.worker.unref();
    this.worker.on('error', () => undefined);
  }

  /**
   * A full checkpoint that restarts the WAL and truncates its file (off the main thread); resolves when it is done.
   * The caller holds its writes meanwhile: with writers going on, a checkpoint never reaches
   * the WAL's end, and only a WAL checkpointed to its end starts again from its beginning.
   */
  drain(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise<void>((res) => {
      const finish = () => {
        this.worker.off('message', onMessage);
        this.worker.off('exit', finish);
        res();
      };
      const onMessage = (m: unknown) => {
        if (m !== null && typeof m === 'object' && 'drained' in m) finish();
      };
      this.worker.on('message', onMessage);
      this.worker.on('exit', finish);
      this.worker.postMessage('drain');
    });
  }

  /** A checkpoint now (off the main thread), besides the timer's. */
  nudge(): void {
    if (!this.stopped) this.worker.postMessage('tick');
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await new Promise<void>((res) => {
      const done = () => res();
      this.worker.on('message', (m) => m === 'stopped' && done());
      this.worker.once('exit', done);
      this.worker.postMessage('stop');
      setTimeout(done, 2000).unref();
    });
    await this.worker.terminate();
  }
}
