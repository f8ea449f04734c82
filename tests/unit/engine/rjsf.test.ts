import { describe, expect, it, vi } from 'vitest';
import template from '../../../schemas/templates/default-application.json' with { type: 'json' };
import { builtinValidators, compileTemplate, createRegistry, type FormTemplate, type MetadataProperty } from '../../../engine/index';
import { fieldTypeDefinitions, validatorDefinitions } from '../../../schemas/generated/catalogue';
import { createRjsfValidator } from '../../../engine/react/rjsf-validator';
import { PNR } from './helpers';

const schema = () => compileTemplate(template as FormTemplate).schema as never;

describe('createRjsfValidator', () => {
  it('live-validates the default form with the engine keywords and Swedish messages', () => {
    const { errors } = createRjsfValidator().validateFormData({ form_firstname: 'Anna', form_ssn: '198112189875' }, schema());
    const byField = Object.fromEntries(errors.map((e) => [e.property, e.message]));
    expect(byField['.form_ssn']).toBe('Personnumret eller samordningsnumret måste skrivas med 12 siffror (ÅÅÅÅMMDDNNNN) och vara giltigt');
    expect(byField['.form_surname']).toBe('Fältet är obligatoriskt');
    expect(byField['.form_agreement']).toBe('Du måste godkänna villkoren');
    expect(byField['.form_firstname']).toBeUndefined();
  });

  it('agrees with validate on valid answers', () => {
    const answers = {
      form_firstname: 'Anna', form_surname: 'Svensson', form_ssn: PNR.example, form_address: 'Gatan 1', form_zipcode: '11122',
      form_city: 'Ort', form_mobilePhone: '070-123 45 67', form_email: 'a@b.se', form_agreement: true, form_agreement_company: true,
    };
    expect(createRjsfValidator().validateFormData(answers, schema()).errors).toEqual([]);
    expect(compileTemplate(template as FormTemplate).validate(answers).valid).toBe(true);
  });

  it('uses the container overrides with #DATA#', () => {
    const { errors } = createRjsfValidator({ messages: { required: 'Fyll i <b>fältet</b>', minLength: 'Minst #DATA# tecken' } }).validateFormData({}, schema());
    expect(errors.find((e) => e.property === '.form_city')?.message).toBe('Fyll i <b>fältet</b>');
  });

  it('reports group rules at the group key', () => {
    const metadata: MetadataProperty[] = [
      { key: 'g', type: 'group', label: 'G', data: ['a'], validators: [{ name: 'minSelectedInGroup', data: 1 }] },
      { key: 'a', type: 'checkbox', label: 'A' },
    ];
    const { errors, errorSchema } = createRjsfValidator().validateFormData({ a: false }, compileTemplate({ metadata }).schema as never);
    expect(errors.map((e) => [e.property, e.message])).toEqual([['.g', 'Du måste välja minst en av verksamheterna']]);
    expect(Object.keys(errorSchema)).toEqual(['g']);
  });

  it('reads the position start it was given, in Europe/Stockholm', () => {
    const metadata: MetadataProperty[] = [{ key: 'ssn', type: 'text', validators: [{ name: 'minYearAtStart', data: 18 }] }];
    const formSchema = compileTemplate({ metadata }).schema as never;
    const start = Date.parse('2024-05-31T22:30:00Z') / 1000;
    expect(createRjsfValidator({ positionStart: start }).validateFormData({ ssn: PNR.born20060601 }, formSchema).errors).toEqual([]);
    expect(createRjsfValidator({ positionStart: start - 3600 }).validateFormData({ ssn: PNR.born20060601 }, formSchema).errors).toHaveLength(1);
  });
});

describe('createRjsfValidator for RJSF\'s schema utilities', () => {
  it('answers isValid with the engine\'s own strict ajv, compiling nothing until asked', () => {
    const registry = createRegistry(fieldTypeDefinitions, validatorDefinitions, builtinValidators, { trusted: true });
    const compile = vi.spyOn(registry.ajv, 'compile');
    const validator = createRjsfValidator({ registry: () => registry });
    expect(compile).not.toHaveBeenCalled();
    const item = { type: 'object', anyOf: [{ type: 'object', required: ['url'] }, { type: 'object', required: ['data'] }] };
    expect(validator.isValid(item as never, { url: 'x' }, {} as never)).toBe(true);
    expect(validator.isValid(item as never, { filename: 'a.pdf' }, {} as never)).toBe(false);
    expect(validator.isValid({ type: 'string', 'x-nonsense': 1 } as never, 'a', {} as never)).toBe(false);
    expect(compile).toHaveBeenCalled();
  });
});
