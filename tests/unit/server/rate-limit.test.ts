import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../../server/http/rate-limit';

describe('createRateLimiter', () => {
  it('allows max hits per window and refuses the next', () => {
    const t = 0;
    const rl = createRateLimiter({ windowMs: 1000, max: 3, now: () => t });
    expect([rl.hit('a'), rl.hit('a'), rl.hit('a'), rl.hit('a')]).toEqual([true, true, true, false]);
    expect(rl.blocked('a')).toBe(true);
  });

  it('opens the key again when the window has passed', () => {
    let t = 0;
    const rl = createRateLimiter({ windowMs: 1000, max: 1, now: () => t });
    rl.hit('a');
    expect(rl.hit('a')).toBe(false);
    t = 1000;
    expect(rl.blocked('a')).toBe(false);
    expect(rl.hit('a')).toBe(true);
  });

  it('counts keys separately', () => {
    const rl = createRateLimiter({ windowMs: 1000, max: 1 });
    expect(rl.hit('a')).toBe(true);
    expect(rl.hit('b')).toBe(true);
  });

  it('forgets a key on reset', () => {
    const rl = createRateLimiter({ windowMs: 1000, max: 1 });
    rl.hit('a');
    rl.reset('a');
    expect(rl.hit('a')).toBe(true);
  });

  it('keeps memory bounded when many keys arrive', () => {
    const t = 0;
    const rl = createRateLimiter({ windowMs: 1000, max: 1, now: () => t, maxKeys: 10 });
    for (let i = 0; i < 100; i++) rl.hit(`k${i}`);
    // The newest key is still tracked; the oldest were dropped to make room.
    expect(rl.blocked('k99')).toBe(true);
    expect(rl.blocked('k0')).toBe(false);
  });
});
