import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { getDefaultFormState } from '@rjsf/utils';
import { compileTemplate } from '../../../engine/index';
import { createStructuralValidator, matches } from '../../../engine/react/structural-validator';
import template from '../../../schemas/templates/default-application.json' with { type: 'json' };
import type { FormTemplate } from '../../../engine/types';

/*
 * RJSF's schema questions on the public page are answered without ajv. On the structural
 * keywords the compiled schemas use, the answer must be ajv's (formats and Blankett's
 * keywords never decide a branch and are not judged).
 */

const plain = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
const structural = (schema: Record<string, unknown>): Record<string, unknown> =>
  JSON.parse(JSON.stringify(schema, (k, v: unknown) => (k.startsWith('x-') ? undefined : v))) as Record<string, unknown>;

const VALUES: unknown[] = [
  undefined, null, true, false, 0, 3, 1.5, '', 'a', 'Åsa', 'x'.repeat(1001), '😀'.repeat(200), 'form_referer_2', 'okänd',
  [], [{ filename: 'cv.pdf', type: 'application/pdf', url: '/f/1' }], [{ filename: 'cv.pdf', type: 'x' }], [{ filename: '', type: 'x', data: 'data:,' }],
  { startDate: '2020-01-01', endDate: '2020-02-01', checked: true }, { checked: 'ja' }, { okänd: 1 },
];

describe('the structural ValidatorType', () => {
  const compiled = compileTemplate({ metadata: [
    ...(template as FormTemplate).metadata,
    { key: 'period', type: 'periodGroup', label: 'Perioder', data: ['p1'] },
    { key: 'p1', type: 'periodCheckbox', label: 'P1', data: { startDate: '2020-01-01', endDate: '2030-12-31' } },
    { key: 'bild', type: 'imageBase64', label: 'Bild' },
  ] });
  const properties = compiled.schema.properties as Record<string, Record<string, unknown>>;

  it('judges every compiled field schema, and the file items’ anyOf branches, as ajv does', () => {
    const schemas = Object.values(properties).map(structural);
    const file = properties.form_file as { items: { anyOf: Record<string, unknown>[] } };
    schemas.push(...file.items.anyOf, structural(file.items as unknown as Record<string, unknown>));
    for (const schema of schemas) {
      const check = plain.compile(schema);
      for (const value of VALUES) expect(matches(schema, value), `${JSON.stringify(schema)} ${JSON.stringify(value)}`).toBe(check(value));
    }
  });

  it('judges the whole answers object structurally as ajv does', () => {
    const root = structural(compiled.schema);
    const check = plain.compile(root);
    for (const answers of [{}, { form_firstname: 'Åsa' }, { form_firstname: 3 }, { okänd: 1 }, { form_file: [{ filename: 'a', type: 'b' }] }]) {
      expect(matches(root, answers)).toBe(check(answers));
    }
  });

  it('lets RJSF compute the form state of restored answers with files', () => {
    const validator = createStructuralValidator();
    const answers = { form_firstname: 'Åsa', form_file: [{ filename: 'cv.pdf', type: 'application/pdf', url: '/f/1' }] };
    expect(getDefaultFormState(validator, compiled.schema as never, answers)).toMatchObject(answers);
    expect(validator.isValid({ anyOf: [{ required: ['url'] }, { required: ['data'] }] }, { url: 'x' }, {})).toBe(true);
    expect(validator.validateFormData(3, { type: 'object' }).errors).toHaveLength(1);
  });
});
