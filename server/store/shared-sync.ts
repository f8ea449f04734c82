/**
 * One fsync shared by everyone who asks while one runs: the WAL's (durable.ts) and a
 * directory's after a rename (atomic-file.ts). A caller is answered only by a sync that began
 * after its call, since the one under way may have started before the caller's write; callers
 * that arrive meanwhile all share the next one. So under load there are at most two syncs in
 * flight, the running one and the next, however many writes wait on them.
 */
export class SharedSync {
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  constructor(private readonly sync: () => Promise<void>) {}

  /** Resolves once a sync begun after this call is done; rejects with that sync's error. */
  run(): Promise<void> {
    if (!this.running) {
      this.running = this.sync().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.run();
      });
    return this.queued;
  }

  /** No sync running or waiting. */
  get idle(): boolean {
    return this.running === null && this.queued === null;
  }

  /** Settles once the syncs asked for so far have run, whatever their outcome. */
  async settled(): Promise<void> {
    await Promise.allSettled([this.running, this.queued]);
  }
}
