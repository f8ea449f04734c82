import { describe, expect, it } from 'vitest';
import { formatDate, isOpenAt, isoInstant } from '../../../screens/public/dates';

describe('formatDate', () => {
  it('shows the day as it is in Stockholm, not in UTC', () => {
    // 2024-06-30 22:30 UTC is already 1 July in Stockholm (UTC+2 in summer).
    expect(formatDate(Date.UTC(2024, 5, 30, 22, 30) / 1000)).toBe('2024-07-01');
    // 2024-01-15 23:30 UTC is 16 January in Stockholm (UTC+1 in winter).
    expect(formatDate(Date.UTC(2024, 0, 15, 23, 30) / 1000)).toBe('2024-01-16');
    expect(formatDate(Date.UTC(2024, 0, 15, 22, 30) / 1000)).toBe('2024-01-15');
  });

  it('gives an ISO instant without milliseconds', () => {
    expect(isoInstant(0)).toBe('1970-01-01T00:00:00Z');
  });
});

describe('isOpenAt', () => {
  const now = new Date(Date.UTC(2024, 5, 1));
  const t = now.getTime() / 1000;

  it('is open between start and stop, both ends included', () => {
    expect(isOpenAt({ start: t, stop: t }, now)).toBe(true);
  });

  it('is closed before start and after stop', () => {
    expect(isOpenAt({ start: t + 1, stop: t + 100 }, now)).toBe(false);
    expect(isOpenAt({ start: t - 100, stop: t - 1 }, now)).toBe(false);
  });
});
