import { describe, expect, it } from 'vitest';
import { keepAsText } from '../../../server/domain/exports/exports-csv';

/** Issue 17 item 7: report.csv cells that Swedish Excel would turn into numbers stay text; formulas stay neutralised. */
describe('keepAsText', () => {
  it('writes a cell starting with 0 as a text formula, so the leading 0 survives', () => {
    expect(keepAsText('0701234567')).toBe('="0701234567"');
    expect(keepAsText('070-123 45 67')).toBe('="070-123 45 67"');
  });

  it("writes a cell starting with '+46' as text, so the '+' survives", () => {
    expect(keepAsText('+46701234567')).toBe('="+46701234567"');
    expect(keepAsText('+46 70 123 45 67')).toBe('="+46 70 123 45 67"');
  });

  it('writes a 12-digit personnummer as text (no 1,99E+11)', () => {
    expect(keepAsText('199001014118')).toBe('="199001014118"');
    expect(keepAsText('19900101-4118')).toBe('="19900101-4118"');
  });

  it('leaves short plain numbers and ordinary text alone', () => {
    expect(keepAsText('11122')).toBe('11122');
    expect(keepAsText('Stockholm')).toBe('Stockholm');
    expect(keepAsText('')).toBe('');
  });

  it('still neutralises a formula, and never wraps anything but digits, spaces, hyphens and one leading +', () => {
    expect(keepAsText('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(keepAsText('+1+1')).toBe(`'+1+1`);
    expect(keepAsText('0701234567"&cmd')).toBe('0701234567"&cmd');
    expect(keepAsText('=0701234567')).toBe(`'=0701234567`);
  });
});
