import { afterEach, describe, expect, it } from 'vitest';
import { applyFakeClockOffset } from '../../../server/deployment/fake-clock';

const realNow = Date.now;

describe('the test-only clock offset (BLANKETT_FAKE_CLOCK_OFFSET_MS)', () => {
  afterEach(() => {
    Date.now = realNow;
  });

  it('moves Date.now by the offset, ahead or behind', () => {
    expect(applyFakeClockOffset({ BLANKETT_FAKE_CLOCK_OFFSET_MS: '300000', NODE_ENV: 'test' })).toBe(300_000);
    expect(Date.now() - realNow.call(Date)).toBeGreaterThanOrEqual(299_000);
    Date.now = realNow;
    applyFakeClockOffset({ BLANKETT_FAKE_CLOCK_OFFSET_MS: '-300000', NODE_ENV: 'test' });
    expect(realNow.call(Date) - Date.now()).toBeGreaterThanOrEqual(299_000);
  });

  it('changes nothing when unset, and refuses production and a value that is not whole milliseconds', () => {
    expect(applyFakeClockOffset({})).toBe(0);
    expect(Date.now).toBe(realNow);
    expect(() => applyFakeClockOffset({ BLANKETT_FAKE_CLOCK_OFFSET_MS: '300000', NODE_ENV: 'production' })).toThrow(/refused in production/);
    expect(() => applyFakeClockOffset({ BLANKETT_FAKE_CLOCK_OFFSET_MS: '5 min', NODE_ENV: 'test' })).toThrow(/integer/);
    expect(Date.now).toBe(realNow);
  });
});
