import { describe, expect, it } from 'vitest';
import { luhnValid, parsePersonnummer } from '../../../engine/personnummer';
import { PNR } from './helpers';

const FEMALE = '199001011247';

describe('parsePersonnummer', () => {
  it('accepts well-known valid personnummer written with 12 digits', () => {
    expect(parsePersonnummer(PNR.example)?.normalized).toBe('198112189876');
    expect(parsePersonnummer(PNR.tolvan)?.birth).toEqual({ year: 1912, month: 12, day: 12 });
  });

  it('accepts one - or + before the last four digits and normalises it away', () => {
    expect(parsePersonnummer('19811218-9876')?.normalized).toBe('198112189876');
    expect(parsePersonnummer('19811218+9876')?.normalized).toBe('198112189876');
    expect(parsePersonnummer('  19811218-9876 ')?.normalized).toBe('198112189876');
  });

  it('rejects a personnummer whose check digit is wrong', () => {
    expect(parsePersonnummer('198112189875')).toBeNull();
    expect(parsePersonnummer('191212121213')).toBeNull();
  });

  it('rejects dates that do not exist, such as 20230230', () => {
    expect(parsePersonnummer('202302301234')).toBeNull();
    // Even with every possible check digit, 30 February is refused.
    for (let c = 0; c <= 9; c++) expect(parsePersonnummer(`20230230123${c}`)).toBeNull();
    for (let c = 0; c <= 9; c++) expect(parsePersonnummer(`20231301123${c}`)).toBeNull();
  });

  it('rejects serial 000, which is never issued, even with a right check digit', () => {
    const c = [...'0123456789'].find((d) => luhnValid(`900101000${d}`))!;
    expect(parsePersonnummer(`19900101000${c}`)).toBeNull();
    const s = [...'0123456789'].find((d) => luhnValid(`900161000${d}`))!;
    expect(parsePersonnummer(`19900161000${s}`)).toBeNull();
  });

  it('accepts 29 February only in a leap year', () => {
    expect(parsePersonnummer(PNR.born20080229)).not.toBeNull();
    for (let c = 0; c <= 9; c++) expect(parsePersonnummer(`20070229123${c}`)).toBeNull();
  });

  it('accepts a samordningsnummer (day + 60) and reports the real birth day', () => {
    const p = parsePersonnummer(PNR.samordning);
    expect(p?.coordination).toBe(true);
    expect(p?.birth).toEqual({ year: 1970, month: 10, day: 3 });
  });

  it('rejects 10 and 11 digits, letters and other separators', () => {
    expect(parsePersonnummer('8112189876')).toBeNull();
    expect(parsePersonnummer('811218-9876')).toBeNull();
    expect(parsePersonnummer('19811218987')).toBeNull();
    expect(parsePersonnummer('1981121898761')).toBeNull();
    expect(parsePersonnummer('19811218A876')).toBeNull();
    expect(parsePersonnummer('19811218 9876')).toBeNull();
    expect(parsePersonnummer('19811218--9876')).toBeNull();
    expect(parsePersonnummer('1981-1218-9876')).toBeNull();
    expect(parsePersonnummer(198112189876)).toBeNull();
  });

  it('reads the gender from the ninth digit', () => {
    expect(parsePersonnummer(PNR.example)?.gender).toBe('male');
    expect(parsePersonnummer(PNR.born20060601)?.gender).toBe('male');
    expect(parsePersonnummer(FEMALE)?.gender).toBe('female');
  });
});

describe('luhnValid', () => {
  it('computes the check over ten digits with weights 2,1,2,...', () => {
    expect(luhnValid('8112189876')).toBe(true);
    expect(luhnValid('8112189877')).toBe(false);
  });
});
