import { describe, expect, it } from 'vitest';
import { formatStockholmDate as day } from '../../../engine/dates';

/** The position page and the applicant page write their days with formatStockholmDate. It once showed 'Period 58863-12-21 – 58948-11-05': seconds taken for milliseconds. */
describe('dates on the recruiter pages', () => {
  it('shows a unix time in seconds as its Stockholm day', () => {
    expect(day(1_700_000_000)).toBe('2023-11-14');
    // 23:30 UTC on New Year's Eve is already the new year in Stockholm.
    expect(day(Date.UTC(2025, 11, 31, 23, 30) / 1000)).toBe('2026-01-01');
  });
});
