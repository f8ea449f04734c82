import { describe, expect, it } from 'vitest';
import { createErrorHandler, unwrapErrorHandler } from '@rjsf/utils';
import { formPathOf, formPlaces, linkRefused, refusalsAtFields, sameAsCheck, screenFormErrors } from '../../../screens/runner/formErrors';
import { pathOf } from '../../../screens/runner/bindings';

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

  // A 'lines' field is one text area: a refusal of one of its items is said at the field, naming the line.
  it("says a refused line of a 'lines' field at the field, with its line", () => {
    const ui = { domains: { 'ui:widget': 'lines' }, tags: {} };
    const sent = { domains: '{form.domains}', tags: '{form.tags}' };
    const r = refusalsAtFields({ '/domains/1': 'Domänen används redan av en annan organisation', '/tags/0': 'Fel' }, sent, ui);
    expect(r.errorSchema).toEqual({ domains: { __errors: ['Rad 2: Domänen används redan av en annan organisation'] }, tags: { '0': { __errors: ['Fel'] } } });
    expect(r.paths).toEqual([['domains'], ['tags', '0']]);
    const said = screenFormErrors([{ name: 'maxLength', property: '.domains.3', params: { limit: 253 }, message: 'x', stack: '' }, { name: 'maxLength', property: '.tags.0', params: { limit: 5 }, message: 'x', stack: '' }], ui);
    expect(said.map((e) => [e.property, e.message])).toEqual([
      ['.domains', 'Rad 4: Högst 253 tecken'],
      ['.tags.0', 'Högst 5 tecken'],
    ]);
  });

  it("reads a refusal of a mailed link's value as the link's, not a field's", () => {
    const data = { token: '{link.token}', password: '{form.password}' };
    expect(linkRefused({ '/token': 'Länken är ogiltig eller har gått ut' }, data)).toBe(true);
    expect(linkRefused({ '/password': 'Lösenordet är för långt' }, data)).toBe(false);
  });
});

describe('a form\'s own words and checks', () => {
  const ui = {
    password: { 'ui:options': { messages: { minLength: 'Lösenordet måste vara minst 10 tecken' } } },
    confirmPassword: { 'ui:options': { sameAs: 'password', messages: { required: 'Skriv lösenordet en gång till', sameAs: 'Lösenorden matchar inte' } } },
  };

  it("says a keyword's refusal in the field's own words, an empty required field too", () => {
    const errors = screenFormErrors(
      [
        { name: 'minLength', property: '.password', message: 'x', params: { limit: 10 }, stack: '' },
        { name: 'minLength', property: '.confirmPassword', message: 'x', params: { limit: 1 }, stack: '' },
      ],
      ui,
    );
    expect(errors.map((e) => [e.property, e.message])).toEqual([
      ['.password', 'Lösenordet måste vara minst 10 tecken'],
      ['.confirmPassword', 'Skriv lösenordet en gång till'],
    ]);
  });

  it('refuses a repeat field that differs from its field, and only then', () => {
    const check = sameAsCheck(ui)!;
    const run = (form: Record<string, string>) => unwrapErrorHandler(check(form, createErrorHandler(form) as never) as never) as Record<string, { __errors?: string[] }>;
    expect(run({ password: 'ett-langt-losen', confirmPassword: 'ett-annat' }).confirmPassword?.__errors).toEqual(['Lösenorden matchar inte']);
    expect(run({ password: 'ett-langt-losen', confirmPassword: 'ett-langt-losen' }).confirmPassword?.__errors ?? []).toEqual([]);
    expect(sameAsCheck({ password: {} })).toBeUndefined();
  });

  it('builds a link from what was typed: encoded, trimmed, without a trailing slash, and an answer\'s path as it is', () => {
    expect(pathOf('/forgot/{form.email}', { form: { email: ' alva@exempel.se ' } })).toBe('/forgot/alva%40exempel.se');
    expect(pathOf('/forgot/{form.email}', { form: {} })).toBe('/forgot');
    expect(pathOf('{answer.next}', { answer: { next: '/admin/minasidor?org=1' } })).toBe('/admin/minasidor?org=1');
    expect(pathOf('{answer.next}', { answer: { next: 'https://evil.example/' } })).toBe('/');
  });
});
