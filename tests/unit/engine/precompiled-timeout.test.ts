import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadValidator } from '../../../engine/precompiled';
import { CHUNK_TIMEOUT_MS } from '../../../engine/chunk-timeout';

afterEach(() => vi.useRealTimers());

describe("the apply page's validator module", () => {
  it('gives up after the spec’s 120 seconds instead of leaving a submit waiting for ever', async () => {
    vi.useFakeTimers();
    const stalled = loadValidator('/api/public/validators/abc.js', { importer: () => new Promise(() => {}) });
    const outcome = stalled.then(() => 'loaded', (e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('/api/public/validators/abc.js did not load within 120000 ms');
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('passes a module that arrives in time through, and refuses one that is not a validator', async () => {
    const fn = () => true;
    expect(await loadValidator('/v.js', { importer: async () => ({ default: fn }) })).toBe(fn);
    await expect(loadValidator('/x.js', { importer: async () => ({ default: 'nope' }) })).rejects.toThrow('/x.js is not a validator module');
  });
});
