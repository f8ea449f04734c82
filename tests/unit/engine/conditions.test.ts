import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { compileTemplate, TemplateError, type MetadataProperty } from '../../../engine/index';
import { conditionHolds, conditionsSchema, conditionSummary, hiddenKeys, visibleAnswers, type FieldCondition } from '../../../engine/conditions';

let n = 0;
/** A summer-job form: licence (radio), car (shown when licence = yes), its own rules below. */
function form(extra: Partial<Record<string, Partial<MetadataProperty>>> = {}): MetadataProperty[] {
  n += 1;
  const base: MetadataProperty[] = [
    { key: 'licence', type: 'radioGroup', label: `Har körkort ${n}`, data: ['yes', 'no'], required: true },
    { key: 'yes', type: 'radio', label: 'Ja' },
    { key: 'no', type: 'radio', label: 'Nej' },
    { key: 'car', type: 'text', label: 'Bilmärke', required: true, data: { maxLength: 10 }, visibleWhen: { field: 'licence', op: 'equals', value: 'yes' } },
    { key: 'plate', type: 'text', label: 'Registreringsnummer', visibleWhen: { field: 'car', op: 'notEmpty' }, validators: [{ name: 'minLength', data: 6 }] },
    { key: 'night', type: 'checkbox', label: 'Kan jobba natt' },
    { key: 'why', type: 'textarea', label: 'Varför natt', requiredWhen: { field: 'night', op: 'checked' } },
    { key: 'areas', type: 'group', label: 'Områden', data: ['shop'], required: true, visibleWhen: { field: 'night', op: 'checked' } },
    { key: 'shop', type: 'checkbox', label: 'Butik' },
  ];
  return base.map((p, i) => ({ ...p, order: i, ...(extra[p.key] ?? {}) }));
}

const keysOf = (r: { errors: { key: string }[] }) => r.errors.map((e) => e.key);

describe('conditional fields compile to JSON Schema if/then', () => {
  it('puts a conditional field in an if/then of plain keywords, declared at the top with no rules', () => {
    const c = compileTemplate({ metadata: form() });
    expect(c.schema.properties).toMatchObject({ car: { title: 'Bilmärke' } });
    expect((c.schema.properties as Record<string, object>).car).toEqual({ title: 'Bilmärke' });
    const allOf = c.schema.allOf as { if: unknown; then: Record<string, unknown> }[];
    expect(allOf[0]?.if).toEqual({ type: 'object', required: ['licence'], properties: { licence: { const: 'yes' } } });
    expect(allOf[0]?.then.properties).toMatchObject({ car: { type: 'string', maxLength: 10 } });
  });

  it('neither validates nor requires a hidden field, even an answer sent for it', () => {
    const c = compileTemplate({ metadata: form() });
    expect(c.validate({ licence: 'no' }).valid).toBe(true);
    expect(c.validate({ licence: 'no', car: 'far too long a name' }).valid).toBe(true);
  });

  it('validates and requires a shown field at its key', () => {
    const c = compileTemplate({ metadata: form() });
    expect(keysOf(c.validate({ licence: 'yes' }))).toEqual(['car']);
    expect(c.validate({ licence: 'yes', car: 'far too long a name', plate: 'ABC123' }).errors).toEqual([expect.objectContaining({ key: 'car', validator: 'maxLength' })]);
    expect(c.validate({ licence: 'yes', car: 'Volvo', plate: 'ABC123' }).valid).toBe(true);
  });

  it('hides a field whose rule reads a hidden field (a chain), whatever that field still holds', () => {
    const c = compileTemplate({ metadata: form() });
    expect(c.validate({ licence: 'no', car: 'Volvo', plate: 'x' }).valid).toBe(true);
    expect(c.validate({ licence: 'yes', car: 'Volvo', plate: 'x' }).errors.map((e) => e.key)).toEqual(['plate']);
    const layout = c.uiSchema['ui:options'].layout;
    expect([...hiddenKeys(layout, { licence: 'no', car: 'Volvo' })].sort()).toEqual(['areas', 'car', 'plate', 'shop']);
  });

  it('requires a field only while its requiredWhen holds', () => {
    const c = compileTemplate({ metadata: form() });
    expect(c.validate({ licence: 'no', night: false }).valid).toBe(true);
    expect(keysOf(c.validate({ licence: 'no', night: true, shop: true }))).toEqual(['why']);
    expect(c.validate({ licence: 'no', night: true, shop: true, why: 'Jag är nattuggla' }).valid).toBe(true);
  });

  it('applies a hidden group\'s rules to its children only while it is shown', () => {
    const c = compileTemplate({ metadata: form() });
    expect(keysOf(c.validate({ licence: 'no', night: true, why: 'x' }))).toEqual(['areas']);
    expect(c.validate({ licence: 'no', night: false }).valid).toBe(true);
  });

  it('drops exactly the hidden answers', () => {
    const layout = compileTemplate({ metadata: form() }).uiSchema['ui:options'].layout;
    expect(visibleAnswers(layout, { licence: 'no', car: 'Volvo', plate: 'ABC123', night: false, shop: true, why: '' })).toEqual({ licence: 'no', night: false, why: '' });
  });

  it('gives plain ajv (no Blankett code) the same verdict as the code twin on every rule', () => {
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    const rules: FieldCondition[] = [
      { field: 'a', op: 'equals', value: 'Ja' },
      { field: 'a', op: 'oneOf', value: ['x', 'Ja'] },
      { field: 'a', op: 'notEmpty' },
      { field: 'a', op: 'checked' },
    ];
    const corpus = [{}, { a: 'Ja' }, { a: 'x' }, { a: '' }, { a: '  ' }, { a: ' ja ' }, { a: true }, { a: false }, { a: { checked: true, startDate: '2026-06-01' } }, { a: { checked: false } }, { a: null }, { a: 3 }, { a: ['Ja'] }];
    for (const rule of rules) {
      const check = ajv.compile(conditionsSchema([rule]));
      for (const answers of corpus) expect([rule.op, answers, check(answers)]).toEqual([rule.op, answers, conditionHolds(rule, answers)]);
    }
  });

  it('summarises a rule with labels', () => {
    const labels: Record<string, string> = { licence: 'Har körkort', yes: 'Ja' };
    expect(conditionSummary({ field: 'licence', op: 'equals', value: 'yes' }, (k) => labels[k] ?? k)).toBe('Har körkort = Ja');
  });
});

describe('bad conditions are refused with a Swedish message at their field', () => {
  const problems = (metadata: MetadataProperty[]) => {
    try {
      compileTemplate({ metadata });
    } catch (e) {
      if (e instanceof TemplateError) return e.issues.map((i) => [i.key, i.code]);
      throw e;
    }
    return [];
  };

  it('refuses a rule on a field that does not exist (deleted or renamed)', () => {
    expect(problems(form({ car: { visibleWhen: { field: 'gone', op: 'equals', value: 'x' } } }))).toEqual([['car', 'missing']]);
  });
  it('refuses a rule on the field itself', () => {
    expect(problems(form({ car: { visibleWhen: { field: 'car', op: 'notEmpty' } } }))).toEqual([['car', 'self']]);
  });
  it('refuses a rule on a field below', () => {
    expect(problems(form({ car: { visibleWhen: { field: 'night', op: 'checked' } } }))).toEqual([['car', 'below']]);
  });
  it('refuses a cycle', () => {
    const got = problems(form({ car: { visibleWhen: { field: 'plate', op: 'notEmpty' } } }));
    expect(got).toEqual([['car', 'cycle'], ['plate', 'cycle']]);
  });
  it('refuses a rule on a file field', () => {
    const metadata: MetadataProperty[] = [
      { key: 'cv', type: 'file', label: 'CV', order: 0 },
      { key: 'note', type: 'text', label: 'Om CV', order: 1, visibleWhen: { field: 'cv', op: 'notEmpty' } },
    ];
    expect(problems(metadata)).toEqual([['note', 'sourceType']]);
  });
  it('refuses a rule that does not fit the field or names no option of it', () => {
    expect(problems(form({ car: { visibleWhen: { field: 'licence', op: 'checked' } } }))).toEqual([['car', 'op']]);
    expect(problems(form({ car: { visibleWhen: { field: 'licence', op: 'equals', value: 'maybe' } } }))).toEqual([['car', 'option']]);
    expect(problems(form({ car: { visibleWhen: { field: 'licence', op: 'oneOf', value: [] } } }))).toEqual([['car', 'value']]);
  });
});
