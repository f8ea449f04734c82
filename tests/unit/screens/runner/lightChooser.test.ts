import { describe, expect, it } from 'vitest';
import { isLightForm } from '../../../../screens/runner/lightChooser';
import { byName, plain } from './forms';

describe('the light form chooser', () => {
  it('draws every form of the session pages without RJSF', () => {
    for (const where of ['login#login', 'reset-password#reset', 'invitation#invitation', 'signin-link#signin-link', 'confirm-email#confirm-email', 'stop-email-change#stop-email-change']) {
      expect(isLightForm(byName(where)), where).toBe(true);
    }
    expect(isLightForm(plain)).toBe(true);
  });

  it('draws the plain admin forms without RJSF too: sections, descriptions, text areas and e-mail fields', () => {
    for (const where of ['change-password', 'container-new#create', 'validation-messages', 'gdpr-delete#search', 'gdpr-inform#search', 'position-notifications#preferences', 'accessibility', 'scim#', 'users-new', 'user-edit#rights', 'user-edit#details', 'gdpr#retention', 'gdpr#personnummer', 'gdpr#hold', 'gdpr#lift', 'generate-data#demo', 'profile#', 'container-login#sso', 'container-login#mfa']) {
      expect(isLightForm(byName(where)), where).toBe(true);
    }
  });

  it('keeps on RJSF a form that needs more: sections, read-only fields, arrays, widgets, entities, other rules, generic words', () => {
    expect(isLightForm(byName('container-profile'))).toBe(false); // rich text, images, nested objects
    const pw = byName('change-password') as { sections: { fields: string[] }[] };
    expect(isLightForm({ ...pw, sections: [{ fields: ['password', 'nosuch'] }] })).toBe(false); // a section names a field the form lacks
    expect(isLightForm({ ...pw, sections: [{ fields: ['password'] }, { fields: ['password'] }] })).toBe(false); // a field in two sections
    expect(isLightForm({ ...pw, sections: [{ fields: ['password'], columns: 2 }] })).toBe(false);
    const login = byName('login#login') as { schema: { properties: Record<string, unknown> }; uiSchema: Record<string, unknown> };
    const withField = (field: Record<string, unknown>, ui: Record<string, unknown> = {}) => ({ schema: { ...login.schema, properties: { ...login.schema.properties, extra: field } }, uiSchema: { ...login.uiSchema, ...(Object.keys(ui).length ? { extra: ui } : {}) } });
    expect(isLightForm(withField({ type: 'string' }))).toBe(true);
    expect(isLightForm({ ...withField({ type: 'string' }), readonlyFrom: 'data.locked' })).toBe(true);
    expect(isLightForm({ ...withField({ type: 'string' }), readonlyFrom: ['locked'] })).toBe(false);
    expect(isLightForm(withField({ type: 'string' }, { 'ui:widget': 'password' }))).toBe(true);
    expect(isLightForm(withField({ type: 'array', items: { type: 'string' } }))).toBe(false);
    expect(isLightForm(withField({ type: 'string' }, { 'ui:widget': 'richtext' }))).toBe(false);
    expect(isLightForm(withField({ $ref: 'entities/company-profile.json' }))).toBe(false);
    expect(isLightForm(withField({ type: 'string', 'x-phoneSwe': {} }))).toBe(false);
    expect(isLightForm(withField({ type: 'string', enum: ['a', 'b'] }))).toBe(false);
    expect(isLightForm(withField({ type: 'string', minLength: 10 }))).toBe(false); // the engine's generic words
    expect(isLightForm(withField({ type: 'string', minLength: 10 }, { 'ui:options': { messages: { minLength: 'Minst 10' } } }))).toBe(true);
    expect(isLightForm(withField({ type: 'string', pattern: '^a$' }))).toBe(false);
    expect(isLightForm(withField({ type: 'string' }, { 'ui:options': { rows: 3 } }))).toBe(false); // rows without a text area
    expect(isLightForm(withField({ type: 'string' }, { 'ui:widget': 'textarea', 'ui:options': { rows: 3 } }))).toBe(true);
    expect(isLightForm(withField({ type: 'string', description: 'Hjälp' }, { 'ui:widget': 'email' }))).toBe(true);
    expect(isLightForm(withField({ type: 'boolean', description: 'Hjälp' }))).toBe(true); // drawn inside the box, as RJSF's checkbox does
    // Texts one per line, a count in the field's own words; a text read-only by its schema.
    const lines = { type: 'array', items: { type: 'string', maxLength: 253 }, maxItems: 20 };
    expect(isLightForm(withField(lines, { 'ui:widget': 'lines', 'ui:options': { messages: { maxItems: 'Högst 20' } } }))).toBe(true);
    expect(isLightForm(withField(lines, { 'ui:widget': 'lines' }))).toBe(false); // the engine's words for maxItems
    expect(isLightForm(withField({ type: 'array', items: { type: 'string' } }, { 'ui:widget': 'lines' }))).toBe(true);
    expect(isLightForm(withField({ type: 'array', items: { type: 'string', pattern: '^a' } }, { 'ui:widget': 'lines' }))).toBe(false);
    expect(isLightForm(withField({ type: 'array', items: { type: 'string' }, uniqueItems: true }, { 'ui:widget': 'lines' }))).toBe(false);
    expect(isLightForm(withField({ type: 'string', readOnly: true }, { 'ui:readonly': true }))).toBe(true);
    expect(isLightForm(withField({ type: 'string', readOnly: false }))).toBe(false);
    expect(isLightForm(withField({ type: 'boolean' }, { 'ui:readonly': true }))).toBe(false);
    expect(isLightForm(withField({ type: 'string', description: { text: 'x' } }))).toBe(false);
    // Choices: a text or whole number of constants with titles, as a select or radio buttons.
    const choices = [{ const: 1, title: 'Ett' }, { const: 2, title: 'Två' }];
    expect(isLightForm(withField({ type: 'integer', oneOf: choices, default: 2 }))).toBe(true);
    expect(isLightForm(withField({ type: 'integer', oneOf: choices }, { 'ui:widget': 'radio' }))).toBe(true);
    expect(isLightForm(withField({ type: 'integer', oneOf: choices }, { 'ui:widget': 'checkboxes' }))).toBe(false);
    // A whole number typed in: its type and range in the field's own words.
    const typeWords = { 'ui:options': { messages: { type: 'Ett heltal' } } };
    expect(isLightForm(withField({ type: 'integer' }))).toBe(false); // the engine's words for a fraction
    expect(isLightForm(withField({ type: 'integer' }, typeWords))).toBe(true);
    expect(isLightForm(withField({ type: 'integer', minimum: 1 }, typeWords))).toBe(false);
    expect(isLightForm(withField({ type: 'integer', minimum: 1, maximum: 9, default: 3 }, { 'ui:widget': 'updown', 'ui:options': { messages: { type: 'Ett heltal', minimum: 'Minst 1', maximum: 'Högst 9' } } }))).toBe(true);
    expect(isLightForm(withField({ type: 'integer', minimum: 1.5 }, { 'ui:options': { messages: { type: 'Ett heltal', minimum: 'Minst 1,5' } } }))).toBe(false);
    expect(isLightForm(withField({ type: 'integer', multipleOf: 2 }, typeWords))).toBe(false);
    expect(isLightForm(withField({ type: 'integer' }, { ...typeWords, 'ui:widget': 'range' }))).toBe(false);
    expect(isLightForm(withField({ type: 'number' }, typeWords))).toBe(false);
    // Texts picked among constants, as check boxes.
    const picks = { type: 'array', uniqueItems: true, items: { type: 'string', oneOf: [{ const: 'a', title: 'A' }, { const: 'b', title: 'B' }] } };
    expect(isLightForm(withField(picks, { 'ui:widget': 'checkboxes' }))).toBe(true);
    expect(isLightForm(withField(picks))).toBe(false); // RJSF's multiple select
    expect(isLightForm(withField({ ...picks, default: ['b'] }, { 'ui:widget': 'checkboxes' }))).toBe(true);
    expect(isLightForm(withField({ ...picks, default: ['c'] }, { 'ui:widget': 'checkboxes' }))).toBe(false);
    expect(isLightForm(withField({ ...picks, minItems: 1 }, { 'ui:widget': 'checkboxes', 'ui:options': { messages: { minItems: 'Välj en' } } }))).toBe(false);
    expect(isLightForm(withField({ ...picks, uniqueItems: false }, { 'ui:widget': 'checkboxes' }))).toBe(false);
    expect(isLightForm(withField(picks, { 'ui:field': 'allOrSome' }))).toBe(true);
    expect(isLightForm(withField(picks, { 'ui:field': 'allOrSome', 'ui:widget': 'checkboxes' }))).toBe(false);
    expect(isLightForm(withField({ type: 'string' }, { 'ui:field': 'allOrSome' }))).toBe(false);
    expect(isLightForm(withField(picks, { 'ui:field': 'other' }))).toBe(false);
    expect(isLightForm(withField({ type: 'integer', oneOf: [{ const: 'a', title: 'A' }] }))).toBe(false);
    expect(isLightForm(withField({ type: 'integer', oneOf: choices, default: 'x' }))).toBe(false);
    expect(isLightForm(withField({ type: 'string', oneOf: [{ const: 'a', title: 'A', description: 'x' }] }))).toBe(false);
    expect(isLightForm(withField({ type: 'string', oneOf: [{ const: 'a', title: 'A' }], minLength: 1 }))).toBe(false);
    expect(isLightForm(withField({ type: 'string' }, { 'ui:options': { inputType: 'email' } }))).toBe(true);
    expect(isLightForm(withField({ type: 'string' }, { 'ui:inputType': 'number' }))).toBe(false);
    // A colleague's rights: ids, the rights widget, a minItems in the field's own words.
    const rights = { type: 'array', items: { enum: [1, 2, 3] }, uniqueItems: true, minItems: 1, default: [2] };
    const own = { 'ui:widget': 'rights', 'ui:options': { messages: { minItems: 'Välj minst en' } } };
    expect(isLightForm(withField(rights, own))).toBe(true);
    expect(isLightForm(withField(rights, { 'ui:widget': 'rights' }))).toBe(false); // the engine's words for minItems
    expect(isLightForm(withField({ ...rights, minItems: 0 }, { 'ui:widget': 'rights' }))).toBe(true);
    expect(isLightForm(withField(rights, { ...own, 'ui:widget': 'checkboxes' }))).toBe(false);
    expect(isLightForm(withField({ ...rights, items: { enum: ['a'] } }, own))).toBe(false);
    expect(isLightForm(withField({ ...rights, default: [4] }, own))).toBe(false);
    expect(isLightForm(withField({ ...rights, maxItems: 2 }, own))).toBe(false);
    expect(isLightForm({ ...login, uiSchema: { ...login.uiSchema, 'ui:order': ['password', 'email'] } })).toBe(false);
    expect(isLightForm({ schema: { ...login.schema, if: { properties: { email: { minLength: 3 } } }, then: { properties: {} } }, uiSchema: login.uiSchema })).toBe(false);
  });
});
