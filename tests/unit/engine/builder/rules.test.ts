import { describe, expect, it } from 'vitest';
import { builderCatalog } from '../../../../engine/builder/catalog';
import { removeField, updateField } from '../../../../engine/builder/ops';
import { dependentsOf, removalOf, ruleSources } from '../../../../engine/builder/rules';
import { fromMetadata } from '../../../../engine/builder/tree';
import { validateForm } from '../../../../engine/builder/validate';
import { defaultRegistry } from '../../../../engine/index';
import type { MetadataProperty } from '../../../../engine/types';
import sv from '../../../../schemas/messages/sv.json' with { type: 'json' };

const catalog = builderCatalog(defaultRegistry().fieldTypes);
const base: MetadataProperty[] = [
  { key: 'licence', type: 'radioGroup', label: 'Har körkort', data: ['yes', 'no'] },
  { key: 'yes', type: 'radio', label: 'Ja' },
  { key: 'no', type: 'radio', label: 'Nej' },
  { key: 'cv', type: 'file', label: 'CV' },
  { key: 'car', type: 'text', label: 'Bilmärke', visibleWhen: { field: 'licence', op: 'equals', value: 'yes' } },
  { key: 'late', type: 'checkbox', label: 'Sen' },
];
const form = (metadata = base) => fromMetadata(metadata, catalog);

describe('conditions in the builder', () => {
  it('offers only the fields above that a rule can read (no file, not itself, nothing below)', () => {
    expect(ruleSources(form(), 'car', catalog).map((s) => s.key)).toEqual(['licence']);
    expect(ruleSources(form(), 'car', catalog)[0]).toMatchObject({ kind: 'choice', options: [{ key: 'yes', label: 'Ja' }, { key: 'no', label: 'Nej' }] });
  });

  it('accepts a sound rule and refuses one below, on itself, on a file, or on a deleted field, in Swedish', () => {
    expect(validateForm(form(), catalog)).toEqual([]);
    const withRule = (visibleWhen: MetadataProperty['visibleWhen']) => validateForm(form(base.map((p) => (p.key === 'car' ? { ...p, visibleWhen } : p))), catalog);
    expect(withRule({ field: 'late', op: 'checked' })).toEqual([{ key: 'car', path: 'visibleWhen', message: sv.conditions.below }]);
    expect(withRule({ field: 'car', op: 'notEmpty' })).toEqual([{ key: 'car', path: 'visibleWhen', message: sv.conditions.self }]);
    expect(withRule({ field: 'cv', op: 'notEmpty' })).toEqual([{ key: 'car', path: 'visibleWhen', message: sv.conditions.sourceType }]);
    expect(withRule({ field: 'gone', op: 'notEmpty' })).toEqual([{ key: 'car', path: 'visibleWhen', message: sv.conditions.missing }]);
  });

  it('knows which fields a removal would leave with a rule on nothing (a group with its options)', () => {
    const f = form();
    expect(dependentsOf(f, removalOf(f, 'licence', catalog)).map((p) => p.key)).toEqual(['car']);
    expect(dependentsOf(f, removalOf(f, 'late', catalog))).toEqual([]);
    // Removed anyway (the pure operation does not refuse): the rule is then reported.
    expect(validateForm(removeField(f, 'licence', catalog).form, catalog)).toContainEqual({ key: 'car', path: 'visibleWhen', message: sv.conditions.missing });
  });

  it('carries a renamed field or option into the rules that read it', () => {
    const renamed = updateField(form(), 'licence', { key: 'korkort' }, catalog);
    expect(renamed.metadata.find((p) => p.key === 'car')?.visibleWhen).toEqual({ field: 'korkort', op: 'equals', value: 'yes' });
    const option = updateField(renamed, 'yes', { key: 'ja' }, catalog);
    expect(option.metadata.find((p) => p.key === 'car')?.visibleWhen).toEqual({ field: 'korkort', op: 'equals', value: 'ja' });
    expect(validateForm(option, catalog)).toEqual([]);
  });
});
