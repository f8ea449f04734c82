import { describe, expect, it } from 'vitest';
import { memoryAttemptCounters } from '../../../server/coord/attempt-counters';
import { sharedLimiter } from '../../../server/coord/rate-limit';

describe('sharedLimiter on in-process counters', () => {
  it('allows max hits per window and refuses the next', async () => {
    const rl = sharedLimiter(memoryAttemptCounters({ now: () => 0 }), 'x', { windowMs: 1000, max: 3 });
    expect([await rl.hit('a'), await rl.hit('a'), await rl.hit('a'), await rl.hit('a')]).toEqual([true, true, true, false]);
  });

  it('opens the key again when the window has passed', async () => {
    let t = 0;
    const rl = sharedLimiter(memoryAttemptCounters({ now: () => t }), 'x', { windowMs: 1000, max: 1 });
    await rl.hit('a');
    expect(await rl.hit('a')).toBe(false);
    t = 1000;
    expect(await rl.hit('a')).toBe(true);
  });

  it('counts keys, and limits of different names, separately', async () => {
    const counters = memoryAttemptCounters();
    const login = sharedLimiter(counters, 'login', { windowMs: 1000, max: 1 });
    const apply = sharedLimiter(counters, 'apply', { windowMs: 1000, max: 1 });
    expect(await login.hit('a')).toBe(true);
    expect(await login.hit('b')).toBe(true);
    expect(await apply.hit('a')).toBe(true);
    expect(await login.hit('a')).toBe(false);
  });

  it('keeps memory bounded when many keys arrive', async () => {
    const rl = sharedLimiter(memoryAttemptCounters({ now: () => 0, maxKeys: 10 }), 'x', { windowMs: 1000, max: 1 });
    for (let i = 0; i < 100; i++) await rl.hit(`k${i}`);
    // The newest key is still tracked; the oldest were dropped to make room.
    expect(await rl.hit('k99')).toBe(false);
    expect(await rl.hit('k0')).toBe(true);
  });
});
