import { describe, expect, it } from 'vitest';
import { memoryAttemptCounters } from '../../../server/coord/attempt-counters';
import { ACCOUNT_FREE_FAILURES, ACCOUNT_WINDOW_MS, addressKey, checkedGuessesBound, createLoginThrottle } from '../../../server/auth/login-throttle';

function setup() {
  let t = 1_000_000;
  const now = () => t;
  const throttle = createLoginThrottle(memoryAttemptCounters({ now }), { perAddress: { limit: 10, windowMs: 60_000 }, now });
  return { throttle, advance: (ms: number) => (t += ms) };
}

/** One attempt with a wrong password: 'refused' (not checked) or 'checked'. */
async function guess(throttle: ReturnType<typeof setup>['throttle'], ip: string) {
  const a = await throttle.admit('anna@exempel.se', ip);
  if (!a.ok) return 'refused';
  await a.failed();
  return 'checked';
}

describe('login throttle', () => {
  it('checks at most 10 + 1 per address of 10,000 wrong guesses from 100 addresses', async () => {
    const { throttle } = setup();
    let checked = 0;
    for (let i = 0; i < 10_000; i++) if ((await guess(throttle, `198.51.100.${i % 100}`)) === 'checked') checked += 1;
    expect(checkedGuessesBound(100)).toBe(110);
    expect(checked).toBeLessThanOrEqual(checkedGuessesBound(100));
    expect(checked).toBeGreaterThan(ACCOUNT_FREE_FAILURES);
  });

  it('lets the owner in from a new address while slowed, and again and again', async () => {
    const { throttle } = setup();
    for (let i = 0; i < 20; i++) await guess(throttle, `203.0.113.${i}`);
    for (let i = 0; i < 3; i++) {
      const a = await throttle.admit('anna@exempel.se', '192.0.2.1');
      expect(a.ok && a.slowed).toBe(true);
      if (a.ok) await a.succeeded();
    }
  });

  it('mails the owner once per lock period, when the tenth wrong guess lands', async () => {
    const { throttle, advance } = setup();
    const period = async () => {
      const mails: boolean[] = [];
      for (let i = 0; i < 15; i++) {
        const a = await throttle.admit('anna@exempel.se', `203.0.113.${i}`);
        if (a.ok) mails.push((await a.failed()).mailOwner);
      }
      return mails;
    };
    const first = await period();
    expect(first.indexOf(true)).toBe(ACCOUNT_FREE_FAILURES - 1);
    expect(first.filter(Boolean)).toHaveLength(1);
    expect((await period()).filter(Boolean)).toHaveLength(0);
    advance(ACCOUNT_WINDOW_MS);
    expect((await period()).filter(Boolean)).toHaveLength(1);
  });

  it('does not count the owner’s own successful logins towards the account’s limit', async () => {
    const { throttle } = setup();
    for (let i = 0; i < 30; i++) {
      const a = await throttle.admit('anna@exempel.se', '192.0.2.1');
      expect(a.ok && !a.slowed).toBe(true);
      if (a.ok) await a.succeeded();
    }
  });

  it('counts an attempt before its check, so parallel attempts cannot slip past the limit', async () => {
    const { throttle } = setup();
    const admissions = await Promise.all(Array.from({ length: 50 }, () => throttle.admit('anna@exempel.se', '203.0.113.5')));
    expect(admissions.filter((a) => a.ok)).toHaveLength(10);
  });

  it('counts IPv6 addresses by their /64, so one subscriber’s block is one address', async () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    const { throttle } = setup();
    let checked = 0;
    for (let i = 0; i < 1000; i++) if ((await guess(throttle, `2001:db8:1:2:${i.toString(16)}::1`)) === 'checked') checked += 1;
    expect(checked).toBe(10);
  });
});
