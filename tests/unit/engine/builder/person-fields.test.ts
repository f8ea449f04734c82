import { describe, expect, it } from 'vitest';
import { addBlock, addField, builderCatalog, personWarnings, type BuilderForm } from '../../../../engine/builder';
import { compileTemplate, defaultRegistry, extractApplicantInfo } from '../../../../engine';
import sv from '../../../../schemas/messages/sv.json' with { type: 'json' };
import defaultForm from '../../../../schemas/templates/default-application.json' with { type: 'json' };

const catalog = builderCatalog(defaultRegistry().fieldTypes);
const empty: BuilderForm = { metadata: [], nextKey: 1000 };

function add(form: BuilderForm, type: string): BuilderForm {
  const r = addField(form, type, catalog, { today: '2026-11-26' });
  if (!r.ok) throw new Error(r.message);
  return r.form;
}

describe('person fields in the builder', () => {
  it('gives each person field its special key, so the applicant list and mails read it', () => {
    const form = ['firstname', 'surname', 'email', 'ssn', 'address', 'zipcode', 'city', 'mobilePhone', 'homePhone'].reduce(add, empty);
    expect(form.metadata.map((p) => p.key)).toEqual([
      'form_firstname', 'form_surname', 'form_email', 'form_ssn', 'form_address', 'form_zipcode', 'form_city', 'form_mobilePhone', 'form_homePhone',
    ]);
    const info = extractApplicantInfo(form.metadata, { form_firstname: 'Li', form_surname: 'Ek', form_email: 'Li@Ek.se', form_address: 'Gatan 1', form_homePhone: '08123' });
    expect(info).toMatchObject({ name: 'Li Ek', email: 'li@ek.se', address: 'Gatan 1', phone: '08123' });
  });

  it('adds E-post required (always), Förnamn and Efternamn required (by default), the rest optional', () => {
    const form = ['email', 'firstname', 'surname', 'mobilePhone', 'zipcode'].reduce(add, empty);
    expect(form.metadata.map((p) => [p.key, p.required])).toEqual([
      ['form_email', true], ['form_firstname', true], ['form_surname', true], ['form_mobilePhone', false], ['form_zipcode', false],
    ]);
    // An applicant who skips the E-post is stopped at it, whatever the field says.
    const unticked = form.metadata.map((p) => (p.key === 'form_email' ? { ...p, required: false } : p));
    const errors = compileTemplate({ metadata: unticked }).validate({ form_firstname: 'Li', form_surname: 'Ek' }).errors;
    expect(errors).toEqual([{ key: 'form_email', validator: 'required', message: 'Fältet är obligatoriskt' }]);
  });

  it('refuses a second E-post field, naming it', () => {
    const r = addField(add(empty, 'email'), 'email', catalog, { today: '2026-11-26' });
    expect(r).toMatchObject({ ok: false, code: 'keyTaken', message: 'Formuläret har redan fältet E-post. Det kan bara finnas ett.' });
  });

  it('builds in the autofill hints and the personnummer check', () => {
    const form = ['address', 'ssn'].reduce(add, empty);
    const compiled = compileTemplate({ metadata: form.metadata });
    expect((compiled.uiSchema.form_address as { 'ui:options': { autocomplete: unknown } })['ui:options'].autocomplete).toEqual({ autoComplete: 'address-line1' });
    expect(compiled.validate({ form_ssn: '199001011234' }).errors.map((e) => e.validator)).toEqual(['ssnValidSwe']);
    expect(compiled.validate({ form_ssn: '' }).valid).toBe(true);
  });

  it('warns at once without E-post, with two, without a name and without the consent checkboxes', () => {
    expect(personWarnings([])).toHaveLength(3);
    const named = ['firstname', 'email'].reduce(add, empty);
    expect(personWarnings(named.metadata)).toEqual([sv.personFields.consentMissing]);
    const consent = addBlock(named, 'consent', catalog, { today: '2026-11-26' });
    if (!consent.ok) throw new Error(consent.message);
    expect(personWarnings(consent.form.metadata)).toEqual([]);
    expect(consent.form.metadata.filter((p) => p.type === 'checkbox').map((p) => [p.key, p.required, p.validators])).toEqual([
      ['form_agreement', true, [{ name: 'approved', data: null }]],
      ['form_agreement_company', true, [{ name: 'approved', data: null }]],
    ]);
    // The block is the default form's own two checkboxes, labels and all.
    for (const p of consent.form.metadata.filter((q) => q.type === 'checkbox')) {
      expect(p.label).toBe(defaultForm.metadata.find((q) => q.key === p.key)?.label);
    }
    const named2 = consent.form.metadata;
    const twice = [...named2, { ...named2[1]!, key: 'form_email_2' }];
    expect(personWarnings(twice)).toEqual([expect.stringContaining('mer än ett fält av typen E-post')]);
  });
});

describe('ready blocks', () => {
  it('adds the summer periods in the coming summer, once', () => {
    const r = addBlock(empty, 'summerPeriods', catalog, { today: '2026-11-26' });
    if (!r.ok) throw new Error(r.message);
    expect(r.form.metadata.find((p) => p.key === 'summerperiodsform')?.data).toEqual(['summerperiodsform_1', 'summerperiodsform_2', 'summerperiodsform_3']);
    expect(r.form.metadata.find((p) => p.key === 'summerperiodsform_1')?.data).toEqual({ startDate: '2027-06-15', endDate: '2027-07-05' });
    expect(addBlock(r.form, 'summerPeriods', catalog, { today: '2026-11-26' })).toMatchObject({ ok: false, message: 'Formuläret har redan blocket Sommarjobb: perioder.' });
    const inMay = addBlock(empty, 'summerPeriods', catalog, { today: '2026-05-01' });
    expect(inMay.ok && inMay.form.metadata.find((p) => p.key === 'summerperiodsform_3')?.data).toEqual({ startDate: '2026-07-27', endDate: '2026-08-16' });
  });

  it('gives the driving block the spec keys the car filter reads, and the referral its five options', () => {
    let form = empty;
    for (const id of ['driving', 'referral', 'summerJobs', 'requirements']) {
      const r = addBlock(form, id, catalog, { today: '2026-11-26' });
      if (!r.ok) throw new Error(r.message);
      form = r.form;
    }
    expect(form.metadata.find((p) => p.key === 'driverlicenseform')?.data).toEqual(['driverlicenseform_1', 'driverlicenseform_3', 'driverlicenseform_2']);
    const referral = form.metadata.find((p) => p.key === 'form_referer');
    expect(referral).toMatchObject({ type: 'radioGroup', label: 'Hur fick du höra om oss?' });
    expect(referral?.data).toHaveLength(5);
    expect(() => compileTemplate({ metadata: form.metadata })).not.toThrow();
  });
});
