import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileTemplate, createCompiler, TemplateError } from '../../../engine/index';
import { loadRegistry } from '../../../engine/load-catalogue';
import { createRjsfValidator } from '../../../engine/react/rjsf-validator';
import { phoneForm, writeTempCatalogue } from './new-field-type';

const dir = writeTempCatalogue();
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const registry = loadRegistry([join(process.cwd(), 'schemas'), dir]);
const compiler = createCompiler(registry);

describe('a new field type added only as a schema file', () => {
  it('is unknown to the default catalogue', () => {
    expect(() => compileTemplate(phoneForm)).toThrow(TemplateError);
  });

  it('compiles with the extended catalogue, rendered by the text widget', () => {
    const form = compiler.compileTemplate(phoneForm);
    expect(form.schema.properties).toHaveProperty('form_phone_1000');
    expect(form.uiSchema['form_phone_1000']).toMatchObject({ 'ui:widget': 'text', 'ui:options': { fieldType: 'phone', label: 'Telefon', required: true } });
    expect(form.uiSchema['ui:options'].layout.map((n) => n.type)).toEqual(['text', 'phone']);
  });

  it('validates with its own answer schema and the validators it allows', () => {
    const form = compiler.compileTemplate(phoneForm);
    expect(form.validate({ form_name: 'Anna', form_phone_1000: '+46 70-123 45 67' })).toEqual({ valid: true, errors: [] });
    expect(form.validate({ form_name: 'Anna', form_phone_1000: 'ring mig' }).errors).toEqual([
      { key: 'form_phone_1000', validator: 'type', message: 'Värdet har fel format' },
    ]);
    expect(form.validate({ form_name: 'Anna' }).errors.map((e) => `${e.key}:${e.validator}`)).toEqual(['form_phone_1000:required']);
  });

  it('refuses validators it does not allow', () => {
    const bad = { metadata: [{ key: 'p', type: 'phone', validators: [{ name: 'approved' }] }] };
    expect(() => compiler.compileTemplate(bad)).toThrow(/Valideringen approved kan inte användas på ett fält av typen phone/);
  });

  it('round-trips its answers through JSON unchanged and still valid', () => {
    const answers = { form_name: 'Anna', form_phone_1000: '070-123 45 67' };
    const back = JSON.parse(JSON.stringify(answers)) as Record<string, unknown>;
    expect(back).toEqual(answers);
    expect(compiler.compileTemplate(JSON.parse(JSON.stringify(phoneForm))).validate(back).valid).toBe(true);
  });

  it('live-validates in RJSF with the same verdict and Swedish messages', () => {
    const form = compiler.compileTemplate(phoneForm);
    const rjsf = createRjsfValidator({ registry });
    const result = rjsf.validateFormData({ form_name: 'Anna', form_phone_1000: 'x' }, form.schema as never);
    expect(result.errors.map((e) => [e.property, e.message])).toEqual([['.form_phone_1000', 'Värdet har fel format']]);
  });
});
