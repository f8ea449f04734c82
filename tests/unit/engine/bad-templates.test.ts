import { describe, expect, it } from 'vitest';
import { compileTemplate, TemplateError, type MetadataProperty } from '../../../engine/index';

function issuesOf(metadata: unknown): { key: string; problem: string; code?: string }[] {
  try {
    compileTemplate({ metadata } as { metadata: MetadataProperty[] });
  } catch (e) {
    expect(e).toBeInstanceOf(TemplateError);
    return (e as TemplateError).issues;
  }
  throw new Error('compileTemplate accepted a bad template');
}

describe('compileTemplate with a bad template', () => {
  it('names the key and the type when the field type is unknown', () => {
    const issues = issuesOf([{ key: 'form_x', type: 'slider', label: 'X' }]);
    expect(issues).toHaveLength(1);
    expect(issues[0]?.key).toBe('form_x');
    expect(issues[0]).toMatchObject({ code: 'unknownType', problem: expect.stringContaining('Okänd fälttyp "slider"') });
  });

  it('names the key and the validator when the validator is unknown', () => {
    const [issue] = issuesOf([{ key: 'form_a', type: 'text', validators: [{ name: 'isPrime', data: null }] }]);
    expect(issue).toEqual({ key: 'form_a', code: 'unknownValidator', problem: 'Okänd validering "isPrime".' });
  });

  it('refuses a validator that is not allowed on the field type', () => {
    const [issue] = issuesOf([{ key: 'form_a', type: 'checkbox', validators: [{ name: 'ssnValidSwe' }] }]);
    expect(issue?.key).toBe('form_a');
    expect(issue).toMatchObject({ code: 'validatorNotAllowed', problem: 'Valideringen ssnValidSwe kan inte användas på ett fält av typen checkbox (tillåtna: approved).' });
  });

  it('names a child key that does not exist', () => {
    const issues = issuesOf([
      { key: 'g', type: 'group', label: 'G', data: ['a', 'ghost'] },
      { key: 'a', type: 'checkbox', label: 'A' },
    ]);
    expect(issues).toEqual([{ key: 'g', code: 'childMissing', problem: 'Alternativet "ghost" finns inte i formuläret.' }]);
  });

  it('reports a duplicate key', () => {
    expect(issuesOf([{ key: 'a', type: 'text' }, { key: 'a', type: 'email' }])).toEqual([{ key: 'a', code: 'keyDuplicate', problem: 'Nyckeln används av ett annat fält i formuläret.' }]);
  });

  it('reports malformed validator data with the validator and what is wrong', () => {
    const cases: [unknown, RegExp][] = [
      [{ name: 'minLength', data: 'abc' }, /Valideringen minLength har värden i fel form/],
      [{ name: 'minLength', data: -1 }, /Valideringen minLength har värden i fel form/],
      [{ name: 'allowedYears', data: '2006;2007' }, /Valideringen allowedYears har värden i fel form/],
      [{ name: 'allowedAgeInPeriod', data: { startDate: '2024-08-01', endDate: '2024-06-01' } }, /allowedAgeInPeriod har värden i fel form: periodens startdatum är efter slutdatumet/],
      [{ name: 'allowedAgeInPeriod', data: { startDate: '2024-06-01', endDate: '2024-08-01', minAge: 20, maxAge: 18 } }, /minåldern är högre än maxåldern/],
      [{ name: 'allowedAgeInPeriod', data: { startDate: '2023-02-30', endDate: '2024-08-01' } }, /allowedAgeInPeriod har värden i fel form/],
      [{ name: 'minYearBorn', data: 'nittio' }, /Valideringen minYearBorn har värden i fel form/],
    ];
    for (const [validator, problem] of cases) {
      const [issue] = issuesOf([{ key: 'form_a', type: 'text', validators: [validator] }]);
      expect(issue?.key).toBe('form_a');
      expect(issue?.problem).toMatch(problem);
    }
  });

  it('refuses a child of the wrong type and a child shared by two groups', () => {
    const issues = issuesOf([
      { key: 'g', type: 'group', data: ['a', 't'] },
      { key: 'h', type: 'group', data: ['a'] },
      { key: 'a', type: 'checkbox' },
      { key: 't', type: 'text' },
    ]);
    expect(issues).toContainEqual({ key: 'g', code: 'childWrongType', problem: '"t" är av typen text, men en group kan bara innehålla checkbox.' });
    expect(issues).toContainEqual({ key: 'h', code: 'childTaken', problem: '"a" hör redan till g.' });
  });

  it('refuses a radio outside a radioGroup', () => {
    expect(issuesOf([{ key: 'r', type: 'radio', label: 'R' }])).toEqual([{ key: 'r', code: 'childOnly', problem: 'Ett fält av typen radio måste ligga i en radioGroup.' }]);
  });

  it('refuses a period without its dates', () => {
    const issues = issuesOf([
      { key: 'p', type: 'periodGroup', data: ['p1'] },
      { key: 'p1', type: 'periodCheckbox', data: { startDate: '2024-06-01' } },
    ]);
    expect(issues[0]?.key).toBe('p1');
    expect(issues[0]).toMatchObject({ code: 'dataMalformed', problem: 'Fältets värden (data) passar inte ett fält av typen periodCheckbox.' });
  });

  it('lists every problem at once', () => {
    const issues = issuesOf([
      { key: 'a', type: 'nope' },
      { key: 'b', type: 'text', validators: [{ name: 'nope' }] },
      { key: 'b', type: 'text' },
    ]);
    expect(issues.map((i) => i.key)).toEqual(['a', 'b', 'b']);
  });

  it('refuses a validator attached twice, a key with spaces and a non-array metadata', () => {
    expect(issuesOf([{ key: 'a', type: 'text', validators: [{ name: 'minLength', data: 1 }, { name: 'minLength', data: 2 }] }])[0]?.code).toBe('validatorTwice');
    expect(issuesOf([{ key: 'a b', type: 'text' }])[0]?.key).toBe('a b');
    expect(issuesOf('not a list')[0]).toMatchObject({ code: 'notTemplate', problem: expect.stringContaining('metadata') });
  });

  it('accepts the empty data forms older templates store for validators without data, and nothing else', () => {
    for (const data of [null, undefined, '', true, {}]) {
      expect(() => compileTemplate({ metadata: [{ key: 'a', type: 'checkbox', validators: [{ name: 'approved', data }] }] })).not.toThrow();
    }
    expect(issuesOf([{ key: 'a', type: 'checkbox', validators: [{ name: 'approved', data: { x: 1 } }] }])[0]?.problem).toMatch(/Valideringen approved har värden i fel form/);
  });
});
