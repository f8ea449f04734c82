import { describe, expect, it } from 'vitest';
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { compileTemplate } from '../../../engine/index';
import { failures, field } from './helpers';

/**
 * Issue 26 item 8: the person types check what they hold, with Swedish messages: a mobile
 * number, a phone number, a postcode and a web address (LinkedIn). An empty answer passes the
 * format rules (the field's required-ness speaks for it).
 */
describe('the person types\' format rules', () => {
  it('Mobiltelefon takes a Swedish mobile number as people write it, or a foreign one, and refuses letters and landlines', () => {
    for (const ok of ['070-123 45 67', '0701234567', '+46 70 123 45 67', '+46 (0)70-123 45 67', '0046701234567', '+47 412 34 567', '']) {
      expect(failures(field('mobilePhone'), ok), ok).toEqual([]);
    }
    for (const bad of ['abc', '070-123 45 6x', '08-123 456 78', '070123', '+46 8 123 456 78', '070 123 45 67 89']) {
      expect(failures(field('mobilePhone'), bad), bad).toEqual(['mobilePhoneSwe']);
    }
  });

  it('Telefon takes a Swedish number with its area code or a foreign one, and refuses letters', () => {
    for (const ok of ['08-123 456 78', '031-12 34 56', '0701234567', '+46 8 123 456 78', '+44 20 7946 0958']) {
      expect(failures(field('homePhone'), ok), ok).toEqual([]);
    }
    for (const bad of ['ring mig', '12345', '8-123 456 78', '08-123 456 78 ank. 12']) {
      expect(failures(field('homePhone'), bad), bad).toEqual(['phoneSwe']);
    }
  });

  it('Postnummer is five digits with an optional space', () => {
    for (const ok of ['12345', '123 45', ' 123 45 ']) expect(failures(field('zipcode'), ok), ok).toEqual([]);
    for (const bad of ['1234', '123456', '12 345', 'abcde', '123-45']) expect(failures(field('zipcode'), bad), bad).toEqual(['zipcodeSwe']);
  });

  it('LinkedIn-profil is a complete web address; no scheme, spaces or a bare word are refused', () => {
    for (const ok of ['https://www.linkedin.com/in/anna-svensson', 'http://linkedin.com/in/a?x=1', 'https://se.linkedin.com']) {
      expect(failures(field('linkedInUrl'), ok), ok).toEqual([]);
    }
    for (const bad of ['min profil', 'linkedin.com/in/anna', 'www.linkedin.com/in/anna', 'https://linkedin', 'https://my site.se', 'ftp://linkedin.com']) {
      expect(failures(field('linkedInUrl'), bad), bad).toEqual(['webAddress']);
    }
  });

  it('says what is wrong in Swedish, at the field', () => {
    const form = compileTemplate({
      metadata: [
        { key: 'form_mobilePhone', type: 'mobilePhone', label: 'Mobiltelefon', validators: [] },
        { key: 'form_homePhone', type: 'homePhone', label: 'Telefon', validators: [] },
        { key: 'form_zipcode', type: 'zipcode', label: 'Postnummer', validators: [] },
        { key: 'form_linkedInUrl', type: 'linkedInUrl', label: 'LinkedIn-profil', validators: [] },
      ],
    });
    expect(form.validate({ form_mobilePhone: 'abc', form_homePhone: 'x', form_zipcode: '1234', form_linkedInUrl: 'min profil' }).errors).toEqual([
      { key: 'form_mobilePhone', validator: 'mobilePhoneSwe', message: sv.validators.mobilePhoneSwe },
      { key: 'form_homePhone', validator: 'phoneSwe', message: sv.validators.phoneSwe },
      { key: 'form_zipcode', validator: 'zipcodeSwe', message: sv.validators.zipcodeSwe },
      { key: 'form_linkedInUrl', validator: 'webAddress', message: sv.validators.webAddress },
    ]);
  });
});

describe('an empty required field', () => {
  it('says Fältet är obligatoriskt (absent, empty or blank), while a short answer keeps the length message', () => {
    const form = compileTemplate({ metadata: [{ key: 'a', type: 'text', label: 'A', required: true }, { key: 'b', type: 'text', label: 'B', validators: [{ name: 'minLength', data: 3 }] }] });
    expect(form.validate({}).errors.map((e) => e.message)).toEqual(['Fältet är obligatoriskt', 'Fältet är obligatoriskt']);
    expect(form.validate({ a: '  ', b: 'ab' }).errors.map((e) => e.message)).toEqual(['Fältet är obligatoriskt', 'Texten måste vara minst 3 tecken långt']);
  });

  it('E-post is required even when its field says it is not; Förnamn starts required but may be made optional', () => {
    const form = compileTemplate({ metadata: [{ key: 'form_email', type: 'email', label: 'E-post', required: false }, { key: 'form_firstname', type: 'firstname', label: 'Förnamn', required: false }] });
    expect(form.validate({}).errors).toEqual([{ key: 'form_email', validator: 'required', message: 'Fältet är obligatoriskt' }]);
    expect(form.uiSchema['ui:options'].layout.map((n) => [n.key, n.required])).toEqual([['form_email', true], ['form_firstname', false]]);
  });
});
