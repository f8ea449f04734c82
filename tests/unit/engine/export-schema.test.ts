import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { exportForm } from '../../../engine/export-schema';
import { EMAIL_PATTERN, isValidEmail } from '../../../engine/email';
import { compileTemplate, type MetadataProperty } from '../../../engine/index';
import { luhnValid, parsePersonnummer, PERSONNUMMER_PATTERN } from '../../../engine/personnummer';

const plainVerdict = (metadata: MetadataProperty[], answers: Record<string, unknown>) => {
  const compiled = compileTemplate({ metadata });
  const { schema } = exportForm(compiled, (k) => k);
  return { plain: new Ajv2020({ strict: true, allErrors: true }).validate(schema, answers), blankett: compiled.validate(answers).valid };
};

describe('a form exported as standard JSON Schema', () => {
  it.each([1, 2, 3, 5])('says minLength %i (trimmed, in code points) with a pattern plain ajv agrees with', (n) => {
    const form: MetadataProperty[] = [{ key: 't', type: 'text', label: 'T', validators: [{ name: 'minLength', data: n }] }];
    for (const t of ['', ' ', 'a', ' a ', 'ab', ' a b ', 'abc', '\tab\n', 'åäö', '😀😀', '😀😀😀', 'a    b', '     abcde     ', 'a\u00a0b', 'abcdef']) {
      const v = plainVerdict(form, { t });
      expect([n, t, v.plain]).toEqual([n, t, v.blankett]);
    }
  });

  it('says approved, radioRequired and a required group in standard keywords', () => {
    const form: MetadataProperty[] = [
      { key: 'ok', type: 'checkbox', label: 'OK', validators: [{ name: 'approved' }] },
      { key: 'r', type: 'radioGroup', label: 'R', required: true, data: ['r1'] },
      { key: 'r1', type: 'radio', label: 'R1' },
      { key: 'g', type: 'group', label: 'G', required: true, data: ['c1', 'c2'] },
      { key: 'c1', type: 'checkbox', label: 'C1' },
      { key: 'c2', type: 'checkbox', label: 'C2' },
    ];
    const { schema } = exportForm(compileTemplate({ metadata: form }), (k) => k);
    expect(JSON.stringify(schema)).not.toMatch(/"x-/);
    for (const answers of [{ ok: true, r: 'r1', c2: true }, { ok: false, r: 'r1', c1: true }, { ok: true, c1: true }, { ok: true, r: 'r1' }, { ok: true, r: 'r1', c1: false, c2: false }, { ok: true, r: '', c1: true }]) {
      const v = plainVerdict(form, answers);
      expect([answers, v.plain]).toEqual([answers, v.blankett]);
    }
  });

  it('keeps what standard keywords cannot say as its x- keyword and names it in $comment', () => {
    const { schema } = exportForm(compileTemplate({ metadata: [{ key: 'p', type: 'text', label: 'P', validators: [{ name: 'ssnValidSwe' }] }] }), (k) => `checks ${k}`);
    expect(schema.$comment).toContain('x-ssnValidSwe: checks x-ssnValidSwe');
    expect((schema.properties as Record<string, Record<string, unknown>>).p).toHaveProperty('x-ssnValidSwe');
  });
});

/** The 12 digits of `eleven` with the check digit that makes them pass Luhn. */
const withCheckDigit = (eleven: string) => eleven + [...'0123456789'].find((d) => luhnValid(eleven.slice(2) + d))!;

describe('the patterns beside the e-mail and personnummer keywords', () => {
  const emailPattern = new RegExp(EMAIL_PATTERN, 'u');
  const ssnPattern = new RegExp(PERSONNUMMER_PATTERN, 'u');

  it('says the e-mail rule exactly: the pattern agrees with isValidEmail on every address of a corpus', () => {
    const local = ['a', 'a.b', 'a+tag', 'å', 'x'.repeat(64), 'x'.repeat(65), 'a b', 'a"b', 'a(b', 'a,b', 'a;b', 'a:b', 'a<b', 'a[b', 'a\\b', ''];
    const domain = ['demo.se', 'demo.test', 'a-b.se', '-a.se', 'a-.se', 'demo', 'demo.s', 'demo.s1', 'demo.123', 'sub.demo.co.uk', 'dömo.se', 'demo..se', '.demo.se', 'demo.se.', 'a_b.se', `${'d'.repeat(63)}.se`, `${'d'.repeat(64)}.se`, `${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(60)}.${'g'.repeat(60)}.se`];
    const corpus = ['', '   ', 'no-at', 'two@@demo.se', 'a@b@demo.se', '@demo.se', 'a@', ...local.flatMap((l) => domain.map((d) => `${l}@${d}`))];
    for (const address of [...corpus, ...corpus.map((a) => ` ${a}\t`)]) {
      const blankett = address.trim() === '' || isValidEmail(address);
      expect([address, emailPattern.test(address)]).toEqual([address, blankett]);
    }
  });

  it('says every part of a personnummer but its check digit: shape, real date, samordningsnummer, serial', () => {
    const years = ['1896', '1900', '1904', '1999', '2000', '2004', '2023', '2024', '2100', '2400'];
    let checked = 0;
    const disagreements: string[] = [];
    for (const year of years) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 99; day++) {
          for (const serial of ['000', '001', '123']) {
            const digits = withCheckDigit(`${year}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}${serial}`);
            for (const written of [digits, `${digits.slice(0, 8)}-${digits.slice(8)}`, `${digits.slice(0, 8)}+${digits.slice(8)}`, ` ${digits} `]) {
              if (ssnPattern.test(written) !== (parsePersonnummer(written) !== null)) disagreements.push(written);
              checked++;
            }
          }
        }
      }
    }
    expect(disagreements).toEqual([]);
    expect(checked).toBe(years.length * 14 * 100 * 3 * 4);
    for (const bad of ['19900101-12345', '9001011234', '1990010112345', '199001011234x', '19900101--1234', '19900101 1234', 'abcdefghijkl', '١٩٩٠٠١٠١١٢٣٤']) {
      expect([bad, ssnPattern.test(bad)]).toEqual([bad, false]);
    }
  });

  it('gives plain ajv Blankett\'s verdict on every answer that differs only in what a pattern can say', () => {
    const form: MetadataProperty[] = [
      { key: 'e', type: 'email', label: 'E', validators: [{ name: 'validEmail' }] },
      { key: 'p', type: 'text', label: 'P', validators: [{ name: 'ssnValidSwe' }] },
    ];
    const compiled = compileTemplate({ metadata: form });
    const { schema } = exportForm(compiled, (k) => k);
    expect(JSON.stringify(schema)).not.toContain('x-validEmail');
    const plain = new Ajv2020({ strict: true, allErrors: true }).addVocabulary(['x-ssnValidSwe']).compile(schema);
    const good = withCheckDigit('19900101123');
    const answers = [
      { e: 'anna@demo.se', p: good }, { e: 'no-at', p: good }, { e: 'a@@demo.se', p: good }, { e: 'a@b@demo.se', p: good },
      { e: 'anna@demo', p: good }, { e: 'anna@demo.s3', p: good }, { e: 'anna@demo.se', p: good.slice(2) }, { e: 'anna@demo.se', p: '1990010a1234' },
      { e: 'anna@demo.se', p: withCheckDigit('19900230123') }, { e: 'anna@demo.se', p: withCheckDigit('19900161123') }, { e: 'anna@demo.se', p: withCheckDigit('19900101000') },
      { e: 'anna@demo.se', p: withCheckDigit('20000229123') }, { e: 'anna@demo.se', p: withCheckDigit('19000229123') }, { e: 'anna@demo.se', p: `${good.slice(0, 8)}-${good.slice(8)}` },
      { e: '', p: '' }, { e: ' anna@demo.se ', p: ` ${good} ` },
    ];
    for (const a of answers) expect([a, plain(a)]).toEqual([a, compiled.validate(a).valid]);
  });
});
