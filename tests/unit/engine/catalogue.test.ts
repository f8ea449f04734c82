import { describe, expect, it } from 'vitest';
import theme from '../../../schemas/templates/default-theme.json' with { type: 'json' };
import themeSchema from '../../../schemas/entities/theme.json' with { type: 'json' };
import { builtinValidators, CatalogueError, createAjv, createRegistry, defaultRegistry, editorSchemaFor } from '../../../engine/index';
import { fieldTypeDefinitions, validatorDefinitions } from '../../../schemas/generated/catalogue';

const registry = defaultRegistry();

describe('the catalogue', () => {
  it('declares the spec\'s twelve field types, the step boundary, the ten person fields and the birth date (issue 28) with their widget ids', () => {
    const widgets = Object.fromEntries([...registry.fieldTypes.values()].map((t) => [t.name, t.widget]));
    expect(widgets).toEqual({
      text: 'text', textarea: 'textarea', email: 'email', file: 'file', textWithHelpLink: 'textWithHelpLink', checkbox: 'checkbox',
      radioGroup: 'radioGroup', group: 'checkboxGroup', periodGroup: 'periodGroup', imageBase64: 'imageBase64', radio: 'radio', periodCheckbox: 'periodCheckbox',
      step: 'step',
      firstname: 'text', surname: 'text', ssn: 'text', address: 'text', zipcode: 'text', city: 'text', mobilePhone: 'text', homePhone: 'text', linkedInUrl: 'text',
      birthDate: 'text',
    });
  });

  it('declares the nineteen validators, each with its code', () => {
    expect([...registry.validators.keys()].sort()).toEqual(Object.keys(builtinValidators).sort());
    expect(registry.validators.size).toBe(19);
  });

  it('says the same thing in a field type\'s validators and a validator\'s appliesTo', () => {
    for (const t of registry.fieldTypes.values()) {
      for (const v of registry.validators.values()) expect(t.validators.includes(v.name), `${t.name}/${v.name}`).toBe(v.appliesTo.includes(t.name));
    }
  });

  it('holds the spec\'s default theme exactly', () => {
    const ajv = createAjv({ implementations: new Map() });
    expect(ajv.validate(themeSchema, theme)).toBe(true);
    expect(theme).toEqual({
      button: { backgroundColor: '#2522BA', textColor: '#FFFFFF', borderRadius: 'rounded-md' },
      backgroundColor: { mainContent: '#FFFFFF', footer: '#333333', socialMedia: '#EFF0FB' },
      textColor: { workAtText: '#333333', contactText: '#868BFC', detailText: '#747474', otherText: '#333333', footerText: '#FFFFFF' },
      icon: { footerIcon: '#FFFFFF', positionIcons: '#62B5E5', positionIcon1: '#8A8DE5', positionIcon2: '#F85E8D', positionIcon3: '#89C5CC', positionIcon4: '#9C55F5', socialMedia: '#868BFC' },
    });
  });

  it('refuses a field type declaration that misses fields or allows an unknown validator, naming it', () => {
    const broken = [...fieldTypeDefinitions, { name: 'half', title: 'Halv' }];
    expect(() => createRegistry(broken, validatorDefinitions)).toThrow(CatalogueError);
    const odd = { ...(fieldTypeDefinitions[0] as object), name: 'odd', validators: ['telepathy'] };
    try {
      createRegistry([...fieldTypeDefinitions, odd], validatorDefinitions);
      expect.unreachable();
    } catch (e) {
      expect((e as CatalogueError).issues).toContainEqual({ key: 'odd', code: 'unknownValidator', problem: 'Fälttypen tillåter valideringen telepathy, som inte finns.' });
    }
  });

  it('refuses a validator declaration without code', () => {
    const ghost = { ...(validatorDefinitions[0] as object), name: 'ghostRule' };
    expect(() => createRegistry(fieldTypeDefinitions, [...validatorDefinitions, ghost])).toThrow(/ghostRule: Valideringen har ingen kod/);
  });

  it('builds editor schemas that offer exactly the allowed validators with their data schemas', () => {
    const editor = editorSchemaFor('text', registry) as { properties: Record<string, { items?: { oneOf: { properties: { name: { const: string } } }[] } }> };
    const offered = editor.properties.validators?.items?.oneOf.map((o) => o.properties.name.const);
    expect(offered?.sort()).toEqual([...registry.fieldTypes.get('text')!.validators].sort());
    expect(editor.properties.label).toMatchObject({ title: 'Rubrik' });
    expect((editorSchemaFor('radio', registry) as { properties: object }).properties).not.toHaveProperty('validators');
  });

  it('makes every editor schema compile in strict ajv', () => {
    const ajv = createAjv({ implementations: new Map() });
    for (const t of registry.fieldTypes.keys()) expect(() => ajv.compile(editorSchemaFor(t, registry))).not.toThrow();
  });
});
