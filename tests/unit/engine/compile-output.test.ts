import { describe, expect, it } from 'vitest';
import { compileTemplate, type MetadataProperty } from '../../../engine/index';

const metadata: MetadataProperty[] = [
  { key: 'intro', type: 'checkbox', label: 'Jag har läst <b>villkoren</b>', isHtml: true, order: 3, validators: [{ name: 'approved' }] },
  { key: 'name', type: 'text', label: 'Namn', placeholder: 'Ditt namn', required: true, order: 1, data: { maxLength: 40 } },
  { key: 'shift', type: 'radioGroup', label: 'Arbetstid', order: 2, data: ['day', 'night'], required: true },
  { key: 'day', type: 'radio', label: 'Dag' },
  { key: 'night', type: 'radio', label: '<i>Natt</i><script>x</script>', isHtml: true },
  { key: 'areas', type: 'group', label: 'Verksamheter', order: 4, data: ['shop'] },
  { key: 'shop', type: 'checkbox', label: 'Butik' },
];

describe('the compiled form contract', () => {
  const form = compileTemplate({ metadata });

  it('lists only answer-carrying keys as properties, with additionalProperties false', () => {
    expect(form.schema.type).toBe('object');
    expect(form.schema.additionalProperties).toBe(false);
    expect(Object.keys(form.schema.properties as object).sort()).toEqual(['intro', 'name', 'shift', 'shop']);
  });

  it('orders fields by order, children after their group', () => {
    expect(form.uiSchema['ui:order']).toEqual(['name', 'shift', 'intro', 'shop']);
    expect(form.uiSchema['ui:options'].layout.map((n) => n.key)).toEqual(['name', 'shift', 'intro', 'areas']);
  });

  it('builds the layout tree with widgets, labels and required flags', () => {
    const [name, shift, intro, areas] = form.uiSchema['ui:options'].layout;
    expect(name).toEqual({ key: 'name', type: 'text', label: 'Namn', isHtml: false, required: true, widget: 'text' });
    expect(shift?.children?.map((c) => [c.key, c.widget])).toEqual([['day', 'radio'], ['night', 'radio']]);
    expect(intro).toMatchObject({ label: 'Jag har läst <b>villkoren</b>', isHtml: true, required: true, widget: 'checkbox' });
    expect(areas).toMatchObject({ widget: 'checkboxGroup', required: false, children: [{ key: 'shop', widget: 'checkbox' }] });
  });

  it('gives each answer-carrying key its widget and options', () => {
    expect(form.uiSchema['name']).toEqual({
      'ui:widget': 'text',
      'ui:options': {
        fieldType: 'text', label: 'Namn', isHtml: false, placeholder: 'Ditt namn', required: true, data: { maxLength: 40 },
        validators: [{ name: 'minLength', data: 1 }],
      },
    });
    expect((form.uiSchema['shift'] as { 'ui:options': { options: unknown } })['ui:options'].options).toEqual([
      { key: 'day', label: 'Dag', isHtml: false },
      { key: 'night', label: '<i>Natt</i>', isHtml: true },
    ]);
  });

  it('applies data.maxLength to the answer schema and restricts a radio group to its radios', () => {
    const props = form.schema.properties as Record<string, Record<string, unknown>>;
    expect(props.name?.maxLength).toBe(40);
    expect(props.shift?.enum).toEqual(['day', 'night']);
    expect(props.intro?.title).toBe('Jag har läst villkoren');
  });

  it('treats required: true as the type\'s required validator', () => {
    expect(form.validate({ intro: true }).errors.map((e) => `${e.key}:${e.validator}`)).toEqual(['name:required', 'shift:radioRequired']);
    expect(form.validate({ intro: true, name: 'A', shift: 'night' }).valid).toBe(true);
  });
});
