import { describe, expect, it } from 'vitest';
import { BIRTH_DATE_KEY, formForSsnMode, NO_SSN_KEY } from '../../../engine/ssn-mode';
import { personAge } from '../../../engine/validator-runtime';
import { maskPersonnummer } from '../../../engine/personnummer';
import type { MetadataProperty } from '../../../engine/types';

const ssn: MetadataProperty = { key: 'form_ssn', type: 'ssn', label: 'Personnummer', required: true, isHtml: false, order: 2, data: null, validators: [{ name: 'minLength', data: 1 }, { name: 'ssnValidSwe', data: null }] };
const job: MetadataProperty = { key: 'form_text_1000', type: 'text', label: 'Körkort?', required: false, isHtml: false, order: 3, data: null, validators: [], visibleWhen: { field: 'form_ssn', op: 'ageAtLeast', value: 18 } };

describe('personnummer modes (issue 28)', () => {
  it('turns the personnummer into a birth date field, and rules on its age read the birth date', () => {
    const form = formForSsnMode([ssn, job], 'birthDate');
    expect(form.map((p) => p.key)).toEqual([BIRTH_DATE_KEY, 'form_text_1000']);
    expect(form[0]).toMatchObject({ type: 'birthDate', required: true });
    expect(form[1]!.visibleWhen).toEqual({ field: BIRTH_DATE_KEY, op: 'ageAtLeast', value: 18 });
    expect(formForSsnMode(form, 'birthDate')).toEqual(form);
  });

  it("asks for a personnummer with 'Jag har inget svenskt personnummer' and a birth date it shows", () => {
    const form = formForSsnMode([ssn], 'ssnOrBirthDate');
    expect(form.map((p) => p.key)).toEqual(['form_ssn', NO_SSN_KEY, BIRTH_DATE_KEY]);
    expect(form[0]!.required).toBe(false);
    expect(form[2]!.visibleWhen).toEqual({ field: NO_SSN_KEY, op: 'checked' });
  });

  it('reads an age from a personnummer or a birth date, and masks the last four', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    expect(personAge('1990-01-01', now)).toBe(36);
    expect(personAge('1990-02-30', now)).toBeNull();
    expect(maskPersonnummer('19900101-2384')).toBe('19900101-XXXX');
  });
});
