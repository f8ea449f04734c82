import { describe, expect, it } from 'vitest';
import { requestContext } from '../../../../server/log';
import { foregroundRequest, pauseAfter, yieldToLoop } from '../../../../server/store/slices';

/** Holds the thread for `ms`, as a slice of heavy work does. */
function slice(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

/** A request answered by foregroundRequest (as server/app.ts answers each one) that runs `work`. */
const request = <T>(id: string, work: () => Promise<T>) => requestContext.run({ requestId: id }, () => foregroundRequest(work));

describe('heavy work in slices (server/store/slices.ts)', () => {
  it('goes on at the next turn while no other request is in flight', async () => {
    await request('heavy', async () => {
      await yieldToLoop(); // its first yield counts the request as heavy
      expect(pauseAfter(10)).toBe(0);
    });
  });

  it('pauses twice as long as its slice took (at most 20 ms) while another request is in flight, and no longer once it is answered', async () => {
    let answer = () => {};
    const other = request('other', () => new Promise<void>((r) => (answer = r)));
    await request('heavy', async () => {
      await yieldToLoop();
      expect([pauseAfter(4), pauseAfter(10), pauseAfter(15)]).toEqual([8, 20, 20]);
      // The pause is real: a timer never fires early.
      slice(8);
      const started = performance.now();
      await yieldToLoop();
      expect(performance.now() - started).toBeGreaterThanOrEqual(15);
      answer();
      await other;
      expect(pauseAfter(10)).toBe(0);
    });
    expect(pauseAfter(10)).toBe(0);
  });

  it('does not count a body still produced after its request was answered (a streamed CSV) as a request in flight', async () => {
    let streaming: Promise<void> = Promise.resolve();
    await request('csv', async () => {
      streaming = (async () => {
        await new Promise((r) => setTimeout(r, 5));
        await yieldToLoop();
      })();
    });
    await streaming;
    await request('heavy', async () => {
      await yieldToLoop();
      expect(pauseAfter(10)).toBe(0);
    });
    expect(pauseAfter(10)).toBe(0);
  });
});
