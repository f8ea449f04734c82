import { describe, expect, it } from 'vitest';
import { failures, field, PNR } from './helpers';

describe('minYearBorn', () => {
  const f = () => field('text', [{ name: 'minYearBorn', data: 2006 }]);

  it('accepts the year itself and later years', () => {
    expect(failures(f(), '2006')).toEqual([]);
    expect(failures(f(), '2010')).toEqual([]);
  });

  it('rejects earlier years, non-years and no answer', () => {
    expect(failures(f(), '2005')).toEqual(['minYearBorn']);
    expect(failures(f(), '06')).toEqual(['minYearBorn']);
    expect(failures(f(), undefined)).toEqual(['minYearBorn']);
  });
});

describe('minYearBornSwe', () => {
  const f = () => field('text', [{ name: 'minYearBornSwe', data: '2006' }]);

  it('accepts a personnummer born that year or later', () => {
    expect(failures(f(), PNR.born20060101)).toEqual([]);
    expect(failures(f(), PNR.born20080229)).toEqual([]);
  });

  it('rejects one born earlier and an invalid personnummer', () => {
    expect(failures(f(), PNR.born20050101)).toEqual(['minYearBornSwe']);
    expect(failures(f(), '200606011238')).toEqual(['minYearBornSwe']);
  });
});

describe('equalYearBorn', () => {
  const f = () => field('text', [{ name: 'equalYearBorn', data: 2006 }]);

  it('accepts exactly that birth year, on its first and last day', () => {
    expect(failures(f(), PNR.born20060601)).toEqual([]);
    expect(failures(f(), PNR.born20061231)).toEqual([]);
  });

  it('rejects the years on either side', () => {
    expect(failures(f(), PNR.born20050101)).toEqual(['equalYearBorn']);
    expect(failures(f(), PNR.born20070101)).toEqual(['equalYearBorn']);
  });
});

describe('allowedYears', () => {
  const f = () => field('text', [{ name: 'allowedYears', data: '2006,2007' }]);

  it('accepts each listed year', () => {
    expect(failures(f(), '2006')).toEqual([]);
    expect(failures(f(), '2007')).toEqual([]);
  });

  it('rejects years not in the list', () => {
    expect(failures(f(), '2005')).toEqual(['allowedYears']);
    expect(failures(f(), '2008')).toEqual(['allowedYears']);
  });

  it('tolerates spaces in the stored list', () => {
    expect(failures(field('text', [{ name: 'allowedYears', data: ' 2006 , 2008 ' }]), '2008')).toEqual([]);
  });
});

describe('allowedYearsBornSwe', () => {
  const f = () => field('text', [{ name: 'allowedYearsBornSwe', data: '2006,2008' }]);

  it('accepts a personnummer whose birth year is listed', () => {
    expect(failures(f(), PNR.born20060601)).toEqual([]);
    expect(failures(f(), PNR.born20080229)).toEqual([]);
  });

  it('rejects one whose birth year is not listed', () => {
    expect(failures(f(), PNR.born20070101)).toEqual(['allowedYearsBornSwe']);
    expect(failures(f(), PNR.born19900101)).toEqual(['allowedYearsBornSwe']);
  });
});
