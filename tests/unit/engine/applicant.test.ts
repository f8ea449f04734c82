import { describe, expect, it } from 'vitest';
import template from '../../../schemas/templates/default-application.json' with { type: 'json' };
import { extractApplicantInfo, type MetadataProperty } from '../../../engine/index';
import { PNR } from './helpers';

const metadata = template.metadata as MetadataProperty[];

describe('extractApplicantInfo', () => {
  it('reads the default form\'s special keys and derives birth date, age and gender', () => {
    const info = extractApplicantInfo(metadata, {
      form_firstname: ' Anna ', form_surname: 'Svensson', form_email: 'Anna@Example.se', form_ssn: '19811218-9876',
      form_address: 'Storgatan 1', form_zipcode: '111 22', form_city: 'Stockholm', form_mobilePhone: '0701234567',
    }, new Date('2024-12-17T23:30:00Z'));
    expect(info).toEqual({
      firstname: 'Anna', lastname: 'Svensson', name: 'Anna Svensson', email: 'anna@example.se', ssn: '198112189876',
      address: 'Storgatan 1', zipCode: '111 22', city: 'Stockholm', phone: '0701234567',
      // 23:30 UTC on 17 December is already 18 December in Stockholm: the birthday.
      dateOfBirth: '1981-12-18', age: 43, gender: 'Man',
    });
  });

  it('falls back to the first e-mail field and the field carrying ssnValidSwe in a custom form', () => {
    const custom: MetadataProperty[] = [
      { key: 'mail', type: 'email' },
      { key: 'pnr', type: 'text', validators: [{ name: 'ssnValidSwe' }] },
    ];
    const info = extractApplicantInfo(custom, { mail: 'a@b.se', pnr: PNR.samordning }, new Date('2024-01-01T12:00:00Z'));
    expect(info.email).toBe('a@b.se');
    expect(info.dateOfBirth).toBe('1970-10-03');
  });

  it('takes a fact from the first field of its person type that holds an answer, in form order', () => {
    const custom: MetadataProperty[] = [
      { key: 'namn1', type: 'firstname' },
      { key: 'tel_hem', type: 'homePhone' },
      { key: 'namn2', type: 'firstname' },
      { key: 'namn3', type: 'firstname' },
      { key: 'tel_mobil', type: 'mobilePhone' },
    ];
    const info = extractApplicantInfo(custom, { namn1: '  ', namn2: 'Eva', namn3: 'Ada', tel_hem: '08123', tel_mobil: '' });
    expect(info).toMatchObject({ firstname: 'Eva', name: 'Eva', phone: '08123' });
    // The special key itself wins over any field of the type.
    expect(extractApplicantInfo(custom, { form_firstname: 'Bo', namn2: 'Eva' }).firstname).toBe('Bo');
  });

  it('leaves derived facts empty without a valid personnummer', () => {
    const info = extractApplicantInfo(metadata, { form_firstname: 'Bo', form_ssn: '123' });
    expect(info).toMatchObject({ firstname: 'Bo', ssn: '', dateOfBirth: '', age: null, gender: '' });
  });
});
