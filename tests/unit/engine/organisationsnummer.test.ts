import { describe, expect, it } from 'vitest';
import { parseOrganisationsnummer } from '../../../engine/organisationsnummer';

describe('parseOrganisationsnummer', () => {
  it('accepts a valid number with or without the dash and the 16 prefix, normalised', () => {
    expect(parseOrganisationsnummer('556677-8899')).toBe('556677-8899');
    expect(parseOrganisationsnummer(' 5566778899 ')).toBe('556677-8899');
    expect(parseOrganisationsnummer('165566778899')).toBe('556677-8899');
    expect(parseOrganisationsnummer('202100-5489')).toBe('202100-5489');
  });

  it('rejects a number whose check digit is wrong', () => {
    expect(parseOrganisationsnummer('556677-8890')).toBeNull();
  });

  it('rejects a personnummer-shaped number (third digit below 2) even with a right check digit', () => {
    expect(parseOrganisationsnummer('811218-9876')).toBeNull();
  });

  it('rejects wrong lengths and letters', () => {
    for (const v of ['55667-8899', '556677-889', '55667788990', 'abcdef-ghij', '']) expect(parseOrganisationsnummer(v)).toBeNull();
  });
});
