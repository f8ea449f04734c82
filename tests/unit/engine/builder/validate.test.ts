import { describe, expect, it } from 'vitest';
import { ageInPeriodIssues, allowedYearsIssue, textToYears, validateForm, yearsToText } from '../../../../engine/builder/validate';
import { fromMetadata } from '../../../../engine/builder/tree';
import { catalog } from './fixture';

const issues = (metadata: Parameters<typeof fromMetadata>[0]) => validateForm(fromMetadata(metadata, catalog), catalog);

describe('validateForm', () => {
  it('accepts a well-formed form', () => {
    expect(issues([{ key: 'g', type: 'group', label: 'Meriter', data: ['c'] }, { key: 'c', type: 'checkbox', label: 'Truckkort' }])).toEqual([]);
  });

  it('reports a field with no label at its label', () => {
    expect(issues([{ key: 'a', type: 'text', label: '  ' }])).toEqual([{ key: 'a', path: 'label', message: 'Fältet måste ha en rubrik' }]);
  });

  it('reports a duplicate key at both fields', () => {
    const found = issues([{ key: 'a', type: 'text', label: 'A' }, { key: 'a', type: 'text', label: 'B' }]);
    expect(found.filter((i) => i.path === 'key')).toHaveLength(2);
    expect(found[0]?.message).toBe('Nyckeln används redan av ett annat fält');
  });

  it('reports a key that is not a plain identifier', () => {
    expect(issues([{ key: '1 a', type: 'text', label: 'A' }])[0]).toMatchObject({ path: 'key' });
  });

  it('reports a group with an empty option list', () => {
    expect(issues([{ key: 'g', type: 'radioGroup', label: 'Val', data: [] }])).toEqual([{ key: 'g', path: 'data', message: 'Lägg till minst ett alternativ' }]);
  });

  it('reports a period that ends before it starts', () => {
    const found = issues([
      { key: 'pg', type: 'periodGroup', label: 'Perioder', data: ['p'] },
      { key: 'p', type: 'periodCheckbox', label: 'Vecka 1', data: { startDate: '2026-06-10', endDate: '2026-06-01' } },
    ]);
    expect(found).toEqual([{ key: 'p', path: 'data.endDate', message: 'Datumet kan inte vara före periodens startdatum' }]);
  });

  it('reports bad allowed-years and age-in-period data at the validator', () => {
    const found = issues([
      { key: 'y', type: 'text', label: 'År', validators: [{ name: 'allowedYears', data: '' }] },
      { key: 's', type: 'text', label: 'Pnr', validators: [{ name: 'allowedAgeInPeriod', data: { startDate: '2026-06-01', endDate: '2026-08-01', minAge: -1, maxAge: 20 } }] },
    ]);
    expect(found).toEqual([
      { key: 'y', path: 'validators.allowedYears', message: 'Ange minst ett födelseår' },
      { key: 's', path: 'validators.allowedAgeInPeriod.minAge', message: 'Åldern kan inte vara negativ' },
    ]);
  });
});

describe('ageInPeriodIssues', () => {
  it('requires every field', () => {
    expect(ageInPeriodIssues({})).toEqual({
      startDate: 'Fältet är obligatoriskt', endDate: 'Fältet är obligatoriskt', minAge: 'Fältet är obligatoriskt', maxAge: 'Fältet är obligatoriskt',
    });
  });

  it('refuses negative ages', () => {
    expect(ageInPeriodIssues({ startDate: '2026-06-01', endDate: '2026-06-02', minAge: 1, maxAge: -3 })).toEqual({ maxAge: 'Åldern kan inte vara negativ' });
  });

  it('refuses a start after the end with the spec messages on both dates', () => {
    expect(ageInPeriodIssues({ startDate: '2026-07-01', endDate: '2026-06-01', minAge: 16, maxAge: 20 })).toEqual({
      startDate: 'Datumet kan inte vara efter periodens slutdatum',
      endDate: 'Datumet kan inte vara före periodens startdatum',
    });
  });

  it('refuses a minimum age above the maximum age with the spec messages on both ages', () => {
    expect(ageInPeriodIssues({ startDate: '2026-06-01', endDate: '2026-06-01', minAge: 30, maxAge: 20 })).toEqual({
      minAge: 'Åldern kan inte vara högre än minåldern',
      maxAge: 'Åldern kan inte vara lägre än maxåldern',
    });
  });

  it('accepts equal dates and equal ages', () => {
    expect(ageInPeriodIssues({ startDate: '2026-06-01', endDate: '2026-06-01', minAge: 18, maxAge: '18' })).toEqual({});
  });

  it('refuses a date that does not exist', () => {
    expect(ageInPeriodIssues({ startDate: '2026-02-30', endDate: '2026-06-01', minAge: 1, maxAge: 2 }).startDate).toBe('Ange ett datum som ÅÅÅÅ-MM-DD');
  });
});

describe('allowed birth years', () => {
  it('stores a list as comma-separated text and reads it back', () => {
    expect(yearsToText([2006, '2007 ', ''])).toBe('2006,2007');
    expect(textToYears('2006, 2007')).toEqual([2006, 2007]);
  });

  it('refuses an empty list and years that are not four digits', () => {
    expect(allowedYearsIssue('')).toBe('Ange minst ett födelseår');
    expect(allowedYearsIssue('2006,abc')).toBe('Ange födelseåren med fyra siffror, till exempel 2006');
    expect(allowedYearsIssue('2006,2007')).toBeUndefined();
  });
});
