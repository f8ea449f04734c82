import { describe, expect, it } from 'vitest';
import { failures, field, PNR } from './helpers';

describe('allowedAgeInPeriod', () => {
  // Aged 16 to 18 through the whole summer of 2024.
  const f = () => field('text', [{ name: 'allowedAgeInPeriod', data: { startDate: '2024-06-01', endDate: '2024-08-31', minAge: 16, maxAge: 18 } }]);

  it('accepts someone who turns 18 on the first day (the minimum edge is inclusive at the start)', () => {
    const g = () => field('text', [{ name: 'allowedAgeInPeriod', data: { startDate: '2024-06-01', endDate: '2024-08-31', minAge: 18, maxAge: 30 } }]);
    expect(failures(g(), PNR.born20060601)).toEqual([]);
  });

  it('rejects someone who turns 18 the day after the period starts, being 17 on its first day', () => {
    const g = () => field('text', [{ name: 'allowedAgeInPeriod', data: { startDate: '2024-06-01', endDate: '2024-08-31', minAge: 18, maxAge: 30 } }]);
    expect(failures(g(), PNR.born20060602)).toEqual(['allowedAgeInPeriod']);
  });

  it('accepts someone who is still 18 on the last day and rejects one who turns 19 on it', () => {
    const g = () => field('text', [{ name: 'allowedAgeInPeriod', data: { startDate: '2024-06-01', endDate: '2024-08-31', minAge: 16, maxAge: 18 } }]);
    expect(failures(g(), PNR.born20050901)).toEqual([]);
    expect(failures(g(), PNR.born20050831)).toEqual(['allowedAgeInPeriod']);
  });

  it('uses the defaults 1 to 100 when no ages are given', () => {
    const g = () => field('text', [{ name: 'allowedAgeInPeriod', data: { startDate: '2024-06-01', endDate: '2024-08-31' } }]);
    expect(failures(g(), PNR.born19900101)).toEqual([]);
    expect(failures(g(), PNR.tolvan)).toEqual(['allowedAgeInPeriod']);
  });

  it('rejects an invalid personnummer and no answer', () => {
    expect(failures(f(), '200606011238')).toEqual(['allowedAgeInPeriod']);
    expect(failures(f(), undefined)).toEqual(['allowedAgeInPeriod']);
  });
});

describe('minYearAtStart', () => {
  const f = () => field('text', [{ name: 'minYearAtStart', data: 18 }]);
  const unix = (iso: string): number => Date.parse(iso) / 1000;

  it('counts the start date in Europe/Stockholm: 00:30 on 1 June in Stockholm is already the birthday', () => {
    // 2024-05-31T22:30Z is 2024-06-01 00:30 in Stockholm; in UTC it would still be 31 May.
    expect(failures(f(), PNR.born20060601, { positionStart: unix('2024-05-31T22:30:00Z') })).toEqual([]);
  });

  it('rejects the applicant when the start is 23:59 the evening before the birthday in Stockholm', () => {
    expect(failures(f(), PNR.born20060601, { positionStart: unix('2024-05-31T21:59:00Z') })).toEqual(['minYearAtStart']);
  });

  it('uses now when the position start is unknown', () => {
    expect(failures(f(), PNR.born20060601, { now: new Date('2024-06-01T10:00:00Z') })).toEqual([]);
    expect(failures(f(), PNR.born20060601, { now: new Date('2024-05-31T10:00:00Z') })).toEqual(['minYearAtStart']);
  });

  it('reads the position start at validation time, so one compiled form serves several positions', async () => {
    const { compileTemplate } = await import('../../../engine/index');
    const metadata = [field('text', [{ name: 'minYearAtStart', data: 18 }])];
    const early = compileTemplate({ metadata, key: 'same', version: 1 }, { positionStart: unix('2024-05-01T10:00:00Z') });
    const late = compileTemplate({ metadata, key: 'same', version: 1 }, { positionStart: unix('2024-07-01T10:00:00Z') });
    expect(early.validate({ f: PNR.born20060601 }).valid).toBe(false);
    expect(late.validate({ f: PNR.born20060601 }).valid).toBe(true);
  });
});
