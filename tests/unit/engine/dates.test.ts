import { describe, expect, it } from 'vitest';
import { ageOn, parseIsoDate, stockholmDate } from '../../../engine/dates';

const unix = (iso: string): number => Date.parse(iso) / 1000;

describe('stockholmDate', () => {
  it('gives the Stockholm calendar date just after midnight in summer (UTC+2)', () => {
    expect(stockholmDate(unix('2024-05-31T22:30:00Z'))).toEqual({ year: 2024, month: 6, day: 1 });
    expect(stockholmDate(unix('2024-05-31T21:59:59Z'))).toEqual({ year: 2024, month: 5, day: 31 });
  });

  it('gives the Stockholm calendar date just after midnight in winter (UTC+1)', () => {
    expect(stockholmDate(unix('2023-12-31T23:00:00Z'))).toEqual({ year: 2024, month: 1, day: 1 });
    expect(stockholmDate(new Date('2023-12-31T22:59:59Z'))).toEqual({ year: 2023, month: 12, day: 31 });
  });
});

describe('ageOn', () => {
  it('counts a birthday as reached on the day itself', () => {
    const birth = { year: 2006, month: 6, day: 1 };
    expect(ageOn(birth, { year: 2024, month: 5, day: 31 })).toBe(17);
    expect(ageOn(birth, { year: 2024, month: 6, day: 1 })).toBe(18);
  });

  it('lets someone born on 29 February turn a year older on 1 March in common years', () => {
    const birth = { year: 2008, month: 2, day: 29 };
    expect(ageOn(birth, { year: 2026, month: 2, day: 28 })).toBe(17);
    expect(ageOn(birth, { year: 2026, month: 3, day: 1 })).toBe(18);
    expect(ageOn(birth, { year: 2028, month: 2, day: 29 })).toBe(20);
  });
});

describe('parseIsoDate', () => {
  it('accepts real YYYY-MM-DD dates only', () => {
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseIsoDate('2023-02-29')).toBeNull();
    expect(parseIsoDate('2024-6-1')).toBeNull();
    expect(parseIsoDate(20240601)).toBeNull();
  });
});
