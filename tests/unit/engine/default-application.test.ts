import { describe, expect, it } from 'vitest';
import template from '../../../schemas/templates/default-application.json' with { type: 'json' };
import positionTemplateSchema from '../../../schemas/entities/position-template.json' with { type: 'json' };
import metadataProperty from '../../../schemas/entities/metadata-property.json' with { type: 'json' };
import validatorRef from '../../../schemas/entities/validator-ref.json' with { type: 'json' };
import fieldCondition from '../../../schemas/entities/field-condition.json' with { type: 'json' };
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { compileTemplate, createAjv, builtinValidators, type FormTemplate } from '../../../engine/index';
import { PNR } from './helpers';

const form = () => compileTemplate(template as FormTemplate);

const valid = {
  form_firstname: 'Anna',
  form_surname: 'Svensson',
  form_ssn: '19811218-9876',
  form_address: 'Storgatan 1',
  form_zipcode: '111 22',
  form_city: 'Stockholm',
  form_mobilePhone: '070-123 45 67',
  form_email: 'anna@example.se',
  form_agreement: true,
  form_agreement_company: true,
};

// An empty required field says so (issue 26), not the minimum-length text.
const REQUIRED: [string, string, string][] = [
  ['form_firstname', 'required', 'Fältet är obligatoriskt'],
  ['form_surname', 'required', 'Fältet är obligatoriskt'],
  ['form_ssn', 'required', 'Fältet är obligatoriskt'],
  ['form_address', 'required', 'Fältet är obligatoriskt'],
  ['form_zipcode', 'required', 'Fältet är obligatoriskt'],
  ['form_city', 'required', 'Fältet är obligatoriskt'],
  ['form_mobilePhone', 'required', 'Fältet är obligatoriskt'],
  ['form_email', 'required', 'Fältet är obligatoriskt'],
  ['form_agreement', 'approved', 'Du måste godkänna villkoren'],
  ['form_agreement_company', 'approved', 'Du måste godkänna villkoren'],
];

describe('the default application form', () => {
  it('is a valid position template once the server adds its position types', () => {
    const ajv = createAjv({ implementations: new Map(Object.entries(builtinValidators)) });
    ajv.addSchema(validatorRef).addSchema(fieldCondition).addSchema(metadataProperty);
    const check = ajv.compile(positionTemplateSchema);
    expect(check({ ...template, availableInPositionTypes: [] }), JSON.stringify(check.errors)).toBe(true);
  });

  it('has the spec keys with Swedish labels and five referral options', () => {
    const labels = Object.fromEntries(template.metadata.map((p) => [p.key, p.label]));
    expect(labels).toMatchObject({
      form_firstname: 'Förnamn', form_surname: 'Efternamn', form_ssn: 'Personnummer', form_address: 'Adress',
      form_zipcode: 'Postnummer', form_city: 'Ort', form_mobilePhone: 'Mobiltelefon', form_email: 'E-post',
    });
    const referer = form().uiSchema['ui:options'].layout.find((n) => n.key === 'form_referer');
    expect(referer?.type).toBe('radioGroup');
    expect(referer?.children?.map((c) => c.label)).toEqual(Object.values(sv.referer));
    for (const key of ['form_homePhone', 'form_linkedInUrl', 'form_additional', 'form_file']) expect(labels[key]).toBeTruthy();
  });

  it('accepts complete valid answers', () => {
    expect(form().validate(valid)).toEqual({ valid: true, errors: [] });
  });

  it('accepts the optional fields filled in too', () => {
    const full = {
      ...valid, form_homePhone: '08-123 45', form_linkedInUrl: 'https://www.linkedin.com/in/anna', form_referer: 'form_referer_3',
      form_additional: 'Gärna helger.', form_file: [{ filename: 'cv.pdf', type: 'application/pdf', data: 'data:application/pdf;base64,JVBERi0xLjQ=' }],
    };
    expect(form().validate(full)).toEqual({ valid: true, errors: [] });
  });

  for (const [key, validator, message] of REQUIRED) {
    it(`fails with "${message}" when ${key} is missing`, () => {
      const answers: Record<string, unknown> = { ...valid };
      delete answers[key];
      expect(form().validate(answers)).toEqual({ valid: false, errors: [{ key, validator, message }] });
    });
  }

  it('fails an unchecked consent the same way as a missing one', () => {
    expect(form().validate({ ...valid, form_agreement_company: false }).errors).toEqual([
      { key: 'form_agreement_company', validator: 'approved', message: 'Du måste godkänna villkoren' },
    ]);
  });

  it('rejects a wrong personnummer and a malformed e-mail with their messages', () => {
    const result = form().validate({ ...valid, form_ssn: '198112189875', form_email: 'anna@' });
    expect(result.errors).toEqual([
      { key: 'form_ssn', validator: 'ssnValidSwe', message: sv.validators.ssnValidSwe },
      { key: 'form_email', validator: 'validEmail', message: 'Email är inte giltigt format' },
    ]);
  });

  it('lists errors in form order', () => {
    const keys = form().validate({}).errors.map((e) => e.key);
    expect(keys).toEqual(REQUIRED.map(([k]) => k));
  });

  it('accepts a samordningsnummer as personnummer', () => {
    expect(form().validate({ ...valid, form_ssn: PNR.samordning }).valid).toBe(true);
  });
});
