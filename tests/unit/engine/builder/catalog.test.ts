import { describe, expect, it } from 'vitest';
import { defaultRegistry } from '../../../../engine/index';
import { addableTypes, builderCatalog } from '../../../../engine/builder/catalog';
import { addField } from '../../../../engine/builder/ops';
import type { FieldTypeDefinition } from '../../../../engine/definitions';

const catalog = builderCatalog(defaultRegistry().fieldTypes);

describe('builder catalogue from the field-type schemas', () => {
  it('knows every type of the schemas folder and which are group-like', () => {
    expect(catalog.has('periodGroup')).toBe(true);
    expect(catalog.isGroup('group')).toBe(true);
    expect(catalog.isGroup('text')).toBe(false);
    expect(catalog.childType('radioGroup')).toBe('radio');
  });

  it('generates keys with the declared prefixes form_text_ and form_textarea_', () => {
    const a = addField({ metadata: [], nextKey: 1000 }, 'text', catalog, { today: '2026-06-01' });
    if (!a.ok) throw new Error(a.message);
    const b = addField(a.form, 'textarea', catalog, { today: '2026-06-01' });
    expect([a.key, b.ok && b.key]).toEqual(['form_text_1000', 'form_textarea_1001']);
  });

  it('starts a summer-period group with a dated period child', () => {
    const r = addField({ metadata: [], nextKey: 1000 }, 'periodGroup', catalog, { today: '2026-06-01' });
    if (!r.ok) throw new Error(r.message);
    expect(r.form.metadata[1]).toMatchObject({ type: 'periodCheckbox', label: 'Period 1', data: { startDate: '2026-06-01', endDate: '2026-06-01' } });
  });

  it('offers a type added later as a schema file, and never child-only types', () => {
    const types = new Map(defaultRegistry().fieldTypes);
    const phone = { ...(types.get('text') as FieldTypeDefinition), name: 'phone', title: 'Telefon', keyPrefix: 'form_phone_' };
    types.set('phone', phone);
    const names = addableTypes(types).map((d) => d.name);
    expect(names).toContain('phone');
    expect(names).not.toContain('radio');
    expect(names).not.toContain('periodCheckbox');
    const r = addField({ metadata: [], nextKey: 1000 }, 'phone', builderCatalog(types), { today: '2026-06-01' });
    expect(r).toMatchObject({ ok: true, key: 'form_phone_1000' });
  });
});
