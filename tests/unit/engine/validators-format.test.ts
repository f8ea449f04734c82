import { describe, expect, it } from 'vitest';
import { failures, field, PNR } from './helpers';

describe('ssnValidSwe', () => {
  const f = () => field('text', [{ name: 'ssnValidSwe', data: null }]);

  it('accepts a correct personnummer with or without a separator', () => {
    expect(failures(f(), PNR.example)).toEqual([]);
    expect(failures(f(), '19811218-9876')).toEqual([]);
    expect(failures(f(), '19811218+9876')).toEqual([]);
  });

  it('accepts a samordningsnummer', () => {
    expect(failures(f(), PNR.samordning)).toEqual([]);
  });

  it('rejects a personnummer whose check digit is wrong', () => {
    expect(failures(f(), '198112189875')).toEqual(['ssnValidSwe']);
  });

  it('rejects an invalid date such as 20230230', () => {
    expect(failures(f(), '202302301234')).toEqual(['ssnValidSwe']);
  });

  it('rejects 11 digits, 10 digits and letters', () => {
    expect(failures(f(), '19811218987')).toEqual(['ssnValidSwe']);
    expect(failures(f(), '8112189876')).toEqual(['ssnValidSwe']);
    expect(failures(f(), '1981121X9876')).toEqual(['ssnValidSwe']);
  });

  it('lets an optional field stay empty', () => {
    expect(failures(f(), '')).toEqual([]);
    expect(failures(f(), undefined)).toEqual([]);
  });
});

describe('validEmail', () => {
  const f = () => field('email', [{ name: 'validEmail', data: null }]);

  it('accepts ordinary addresses', () => {
    for (const v of ['anna@example.se', 'a.b+c@sub.example.co.uk', ' anna@example.se ']) expect(failures(f(), v)).toEqual([]);
  });

  it('rejects addresses without a proper domain, with spaces or two @', () => {
    for (const v of ['anna', 'anna@', '@example.se', 'anna@example', 'an na@example.se', 'a@b@example.se', 'anna@-example.se', 'anna@example.s']) {
      expect(failures(f(), v)).toEqual(['validEmail']);
    }
  });
});

describe('minLength', () => {
  it('requires the trimmed text to have at least n characters', () => {
    const f = () => field('text', [{ name: 'minLength', data: 3 }]);
    expect(failures(f(), 'abc')).toEqual([]);
    expect(failures(f(), '  ab  ')).toEqual(['minLength']);
    expect(failures(f(), 'åäö')).toEqual([]);
  });

  it('makes the field required when n is 1: absent, empty and blank all fail, reported as required (Fältet är obligatoriskt)', () => {
    const f = () => field('text', [{ name: 'minLength', data: 1 }]);
    expect(failures(f(), undefined)).toEqual(['required']);
    expect(failures(f(), '')).toEqual(['required']);
    expect(failures(f(), '   ')).toEqual(['required']);
    expect(failures(f(), 'x')).toEqual([]);
  });

  it('accepts its count written as text, as older templates store it', () => {
    expect(failures(field('text', [{ name: 'minLength', data: '2' }]), 'a')).toEqual(['minLength']);
  });

  it('never fails with n = 0', () => {
    expect(failures(field('textarea', [{ name: 'minLength', data: 0 }]), undefined)).toEqual([]);
  });
});

describe('approved', () => {
  const f = () => field('checkbox', [{ name: 'approved', data: null }]);

  it('accepts only true', () => {
    expect(failures(f(), true)).toEqual([]);
    expect(failures(f(), false)).toEqual(['approved']);
    expect(failures(f(), undefined)).toEqual(['approved']);
  });
});

describe('radioRequired', () => {
  const form = () => [
    field('radioGroup', [{ name: 'radioRequired', data: null }], { key: 'g', data: ['r1', 'r2'] }),
    field('radio', [], { key: 'r1' }),
    field('radio', [], { key: 'r2' }),
  ];

  it('accepts the key of one of the radios and rejects no choice', async () => {
    const { compileTemplate } = await import('../../../engine/index');
    const compiled = compileTemplate({ metadata: form() });
    expect(compiled.validate({ g: 'r2' }).valid).toBe(true);
    expect(compiled.validate({}).errors.map((e) => [e.key, e.validator])).toEqual([['g', 'radioRequired']]);
    expect(compiled.validate({ g: '' }).errors.map((e) => e.validator)).toContain('radioRequired');
    expect(compiled.validate({ g: 'r3' }).errors.map((e) => e.validator)).toEqual(['option']);
  });
});

describe('fileRequired', () => {
  const f = () => field('file', [{ name: 'fileRequired', data: null }]);
  const file = { filename: 'cv.pdf', type: 'application/pdf', data: 'data:application/pdf;base64,JVBERi0=' };

  it('accepts at least one file and rejects none', () => {
    expect(failures(f(), [file])).toEqual([]);
    expect(failures(f(), [])).toEqual(['fileRequired']);
    expect(failures(f(), undefined)).toEqual(['fileRequired']);
  });

  it('applies to an image too: a data URL must be there', () => {
    const img = () => field('imageBase64', [{ name: 'fileRequired', data: null }]);
    expect(failures(img(), 'data:image/png;base64,iVBORw0KGgo=')).toEqual([]);
    expect(failures(img(), undefined)).toEqual(['fileRequired']);
  });
});
