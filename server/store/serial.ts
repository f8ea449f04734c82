/**
 * Runs async work one at a time per key, in call order. Used where the engine itself does not
 * make a read-modify-write atomic (FerretDB 1.x updates, see mongo.ts).
 */
export class KeyedSerial {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<R>(key: string, work: () => Promise<R>): Promise<R> {
    const prev = this.tails.get(key) ?? Promise.resolve();
    const next = prev.then(work);
    const tail = next.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return next;
  }
}
