import { describe, expect, it } from 'vitest';
import { formPathOf, formPlaces, refusalsAtFields } from '../../../screens/runner/formErrors';

describe('server refusals at form fields', () => {
  it('maps a refused path back through the save data to the form field it came from', () => {
    const places = formPlaces({ containerId: '{session.containerId}', profile: '{form}', email: '{form.contact.email}' });
    expect(formPathOf('/profile/city', places)).toEqual(['city']);
    expect(formPathOf('/email', places)).toEqual(['contact', 'email']);
    expect(formPathOf('/containerId', places)).toBeNull();
  });

  it('treats a save without data as the form itself', () => {
    const r = refusalsAtFields({ '/password': 'Fel lösenord', '/newPassword': 'För kort' }, undefined);
    expect(r.errorSchema).toEqual({ password: { __errors: ['Fel lösenord'] }, newPassword: { __errors: ['För kort'] } });
    expect(r.paths).toEqual([['password'], ['newPassword']]);
  });

  it('keeps refusals of what the form did not send for the form-level message', () => {
    const r = refusalsAtFields({ '/containerId': 'Okänt företag', '/email': 'Användaren finns redan i företaget' }, { containerId: '{session.containerId}', email: '{form.email}' });
    expect(r.elsewhere).toEqual(['Okänt företag']);
    expect(r.errorSchema).toEqual({ email: { __errors: ['Användaren finns redan i företaget'] } });
  });
});
