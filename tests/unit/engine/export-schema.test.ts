import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { exportForm } from '../../../engine/export-schema';
import { compileTemplate, type MetadataProperty } from '../../../engine/index';

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
