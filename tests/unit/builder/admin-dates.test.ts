import { describe, expect, it } from 'vitest';
import { formatDate, stockholmDateToUnix } from '../../../screens/admin/dates';

describe('position dates in Europe/Stockholm', () => {
  it('starts a winter day at 00:00 Stockholm time (UTC+1)', () => {
    expect(stockholmDateToUnix('2026-01-15')).toBe(Date.UTC(2026, 0, 14, 23, 0, 0) / 1000);
  });

  it('ends a summer stop date at 23:59:59 Stockholm time (UTC+2)', () => {
    expect(stockholmDateToUnix('2026-07-31', true)).toBe(Date.UTC(2026, 6, 31, 21, 59, 59) / 1000);
  });

  it('gets the days of the daylight-saving changes right', () => {
    expect(stockholmDateToUnix('2026-03-29')).toBe(Date.UTC(2026, 2, 28, 23, 0, 0) / 1000);
    expect(stockholmDateToUnix('2026-03-29', true)).toBe(Date.UTC(2026, 2, 29, 21, 59, 59) / 1000);
    expect(stockholmDateToUnix('2026-10-25', true)).toBe(Date.UTC(2026, 9, 25, 22, 59, 59) / 1000);
  });

  it('shows a unix time as the Stockholm date, also just after midnight there', () => {
    expect(formatDate(Date.UTC(2026, 5, 30, 22, 30) / 1000)).toBe('2026-07-01');
    expect(formatDate(stockholmDateToUnix('2026-12-24', true) as number)).toBe('2026-12-24');
  });

  it('refuses a date that does not exist', () => {
    expect(stockholmDateToUnix('2026-02-30')).toBeNull();
    expect(stockholmDateToUnix('30/01/2026')).toBeNull();
  });
});
