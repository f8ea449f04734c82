import { describe, expect, it } from 'vitest';
import { SharedSync } from '../../../../server/store/shared-sync';

/** A sync the test finishes by hand: each run is recorded with when it began and the means to end it. */
function manualSync() {
  const runs: { began: number; finish: () => void; fail: (err: Error) => void }[] = [];
  let clock = 0;
  const shared = new SharedSync(
    () =>
      new Promise<void>((finish, fail) => {
        runs.push({ began: ++clock, finish, fail });
      }),
  );
  const ask = () => {
    const at = ++clock;
    let state: 'waiting' | 'done' | Error = 'waiting';
    const p = shared.run().then(
      () => void (state = 'done'),
      (err: Error) => void (state = err),
    );
    return { at, p, state: () => state };
  };
  return { shared, runs, ask };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('SharedSync', () => {
  it('answers each caller only by a sync that began after its call, and those that wait meanwhile share one', async () => {
    const { shared, runs, ask } = manualSync();
    const a = ask();
    expect(runs).toHaveLength(1);
    // b, c and d come while a's sync runs: it may have begun before their writes.
    const [b, c, d] = [ask(), ask(), ask()];
    expect(runs).toHaveLength(1);
    runs[0]!.finish();
    await tick();
    expect(a.state()).toBe('done');
    expect([b.state(), c.state(), d.state()]).toEqual(['waiting', 'waiting', 'waiting']);
    // One more sync for all three, begun after each of their calls.
    expect(runs).toHaveLength(2);
    expect(runs[1]!.began).toBeGreaterThan(d.at);
    runs[1]!.finish();
    await tick();
    expect([b.state(), c.state(), d.state()]).toEqual(['done', 'done', 'done']);
    expect(runs).toHaveLength(2);
    expect(shared.idle).toBe(true);
  });

  it('a failed sync fails exactly the callers it answers; the next ones get a sync of their own', async () => {
    const { runs, ask } = manualSync();
    const a = ask();
    const b = ask();
    runs[0]!.fail(new Error('EIO'));
    await tick();
    expect((a.state() as Error).message).toBe('EIO');
    expect(b.state()).toBe('waiting');
    runs[1]!.finish();
    await tick();
    expect(b.state()).toBe('done');
  });

  it('settled() waits for the running and the queued sync', async () => {
    const { shared, runs, ask } = manualSync();
    ask();
    ask();
    let settled = false;
    const s = shared.settled().then(() => (settled = true));
    runs[0]!.finish();
    await tick();
    expect(settled).toBe(false);
    runs[1]!.fail(new Error('EIO'));
    await s;
    expect(settled).toBe(true);
  });
});
