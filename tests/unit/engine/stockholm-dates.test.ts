import { describe, expect, it } from 'vitest';
import {
  ageAt,
  formatStockholmDate,
  formatStockholmDateTime,
  stockholmDateToUnix,
  todayInStockholm,
} from '../../../engine/dates';

const utc = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => Date.UTC(y, mo - 1, d, h, mi, s) / 1000;

describe('the one Stockholm date module, used by the server and the browser', () => {
  it('starts a winter day at 00:00 Stockholm time (UTC+1) and ends a summer one at 23:59:59 (UTC+2)', () => {
    expect(stockholmDateToUnix('2026-01-15')).toBe(utc(2026, 1, 14, 23));
    expect(stockholmDateToUnix('2026-07-31', true)).toBe(utc(2026, 7, 31, 21, 59, 59));
  });

  it('gets the days of the daylight-saving changes right', () => {
    expect(stockholmDateToUnix('2026-03-29')).toBe(utc(2026, 3, 28, 23));
    expect(stockholmDateToUnix('2026-03-29', true)).toBe(utc(2026, 3, 29, 21, 59, 59));
    expect(stockholmDateToUnix('2026-10-25', true)).toBe(utc(2026, 10, 25, 22, 59, 59));
  });

  it('refuses a date that does not exist', () => {
    expect(stockholmDateToUnix('2026-02-30')).toBeNull();
    expect(stockholmDateToUnix('30/01/2026')).toBeNull();
  });

  it('shows an instant as the Stockholm day, not the UTC one', () => {
    expect(formatStockholmDate(utc(2024, 6, 30, 22, 30))).toBe('2024-07-01');
    expect(formatStockholmDate(utc(2024, 1, 15, 23, 30))).toBe('2024-01-16');
    expect(formatStockholmDate(utc(2024, 1, 15, 22, 30))).toBe('2024-01-15');
    expect(formatStockholmDate(stockholmDateToUnix('2026-12-24', true) as number)).toBe('2026-12-24');
  });

  it('shows date and time in Stockholm across a daylight-saving change', () => {
    expect(formatStockholmDateTime(utc(2026, 3, 29, 0, 59))).toBe('2026-03-29 01:59');
    expect(formatStockholmDateTime(utc(2026, 3, 29, 1, 0))).toBe('2026-03-29 03:00');
    expect(formatStockholmDateTime(utc(2026, 10, 25, 1, 30))).toBe('2026-10-25 02:30');
  });

  it('gives today as the Stockholm day on New Year’s night', () => {
    expect(todayInStockholm(new Date(utc(2025, 12, 31, 23, 30) * 1000))).toBe('2026-01-01');
    expect(todayInStockholm(new Date(utc(2025, 12, 31, 22, 59) * 1000))).toBe('2025-12-31');
  });
});

describe('ageAt: ages in Stockholm time on both sides', () => {
  it('counts a New Year birthday from Stockholm midnight, an hour before UTC does', () => {
    // 2026-01-01 00:30 in Stockholm is still 2025-12-31 in UTC: the person is 18 here.
    expect(ageAt('2008-01-01', utc(2025, 12, 31, 23, 30))).toBe(18);
    expect(ageAt('2008-01-01', utc(2025, 12, 31, 22, 59))).toBe(17);
  });

  it('counts a summer birthday from Stockholm midnight (UTC+2)', () => {
    expect(ageAt('2000-07-01', utc(2020, 6, 30, 22, 0))).toBe(20);
    expect(ageAt('2000-07-01', utc(2020, 6, 30, 21, 59))).toBe(19);
  });

  it('handles the daylight-saving night like any other', () => {
    expect(ageAt('2000-03-29', utc(2026, 3, 28, 23, 0))).toBe(26);
    expect(ageAt('2000-10-25', utc(2026, 10, 24, 22, 0))).toBe(26);
    expect(ageAt('2000-10-25', utc(2026, 10, 24, 21, 59))).toBe(25);
  });

  it('answers null for something that is not a date', () => {
    expect(ageAt('2000-02-30', utc(2026, 1, 1))).toBeNull();
    expect(ageAt('', utc(2026, 1, 1))).toBeNull();
  });
});
