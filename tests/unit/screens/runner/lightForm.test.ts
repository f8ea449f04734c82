import { describe, expect, it } from 'vitest';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { createRjsfValidator } from '../../../../engine/react/rjsf-validator';
import { resolveRefs } from '../../../../screens/runner/refs';
import { sameAsCheck, screenFormErrors } from '../../../../screens/runner/formErrors';
import { uiSchemaOf } from '../../../../screens/runner/formTemplates';
import { lightErrors } from '../../../../screens/runner/lightForm';
import { byName, plain, type Form } from './forms';

const validator = createRjsfValidator();
/** RJSF's verdict as FormScreen asks it: the engine's ajv, the screen's words, the repeat rule; by field. */
const resolved = new Map<Form, { schema: RJSFSchema; ui: UiSchema }>();
function rjsfVerdict(form: Form, data: Record<string, unknown>) {
  if (!resolved.has(form)) resolved.set(form, { schema: resolveRefs(form.schema, new Map(), [], (k) => k === 'x-validEmail') as RJSFSchema, ui: uiSchemaOf(form.uiSchema as UiSchema) });
  const { schema, ui } = resolved.get(form)!;
  const { errors } = validator.validateFormData(data, schema, sameAsCheck(ui), screenFormErrors, ui);
  // ajv's `if` failure names no field ('Värdet har fel format' at the form's root): the light form leaves it out.
  return errors.filter((e) => e.property).map((e) => ({ field: (e.property ?? '').replace(/^\./, ''), message: e.message }));
}

/** Numbers a number input can hold: in range and out of it, negative, fractions. */
const NUMBERS = [undefined, -1, 0, 1, 5, 6, 20, 36, 37, 1000, 1001, 2.5, 36.5, 1e6];
const TEXTS = [undefined, '', ' ', 'a', 'abc', 'ABC', 'kort', 'anna@exempel.se', 'anna@exempel', ' anna@exempel.se ', 'ett-langt-losen', 'åäöåäö', '😀😀😀', 'x'.repeat(31), 'x'.repeat(257)];
/** Deterministic combinations of values, each field's value drawn from its pool. */
function* samples(fields: Record<string, unknown[]>, count: number) {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  for (let i = 0; i < count; i++) {
    const data: Record<string, unknown> = {};
    for (const [k, pool] of Object.entries(fields)) {
      const v = pool[next() % pool.length];
      if (v !== undefined) data[k] = v;
    }
    // The repeat fields as often equal to their field as not.
    if (i % 2 === 0) for (const [a, b] of [['confirmPassword', 'password'], ['again', 'email']] as const) if (a in fields && data[b] !== undefined) data[a] = data[b];
    yield data;
  }
}

describe('the light form refuses as the RJSF path does', () => {
  const cases: [string, Form, Record<string, unknown[]>][] = [
    ['login', byName('login#login'), { email: TEXTS, password: TEXTS }],
    ['reset', byName('reset-password#reset'), { password: TEXTS, confirmPassword: TEXTS }],
    ['invitation', byName('invitation#invitation'), { needsPassword: [undefined, true, false], password: TEXTS, confirmPassword: TEXTS }],
    ['plain', plain, { name: TEXTS, code: TEXTS, email: TEXTS, again: TEXTS, agree: [undefined, true, false], reason: TEXTS }],
    ['scim', byName('scim#'), { defaultPermissionId: [undefined, 1, 2, 3] }],
    ['users-new', byName('users-new'), { firstname: TEXTS, lastname: TEXTS, email: TEXTS, permissionIds: [undefined, [], [1], [2], [1, 2], [3], [2, 3]] }],
    ['gdpr retention', byName('gdpr#retention'), { retentionMonths: NUMBERS, talentPoolMonths: NUMBERS }],
    ['gdpr personnummer', byName('gdpr#personnummer'), { ssnMode: [undefined, 'birthDate', 'ssnOrBirthDate', 'ssn'], ssnReason: TEXTS, ssnFullRoles: [undefined, [], ['admin'], ['write', 'read'], ['admin', 'write', 'read']] }],
    ['gdpr hold', byName('gdpr#hold'), { positionId: NUMBERS, reason: TEXTS }],
    ['user-edit', byName('user-edit#details'), { email: TEXTS, firstname: TEXTS, lastname: TEXTS, phoneNumber: [...TEXTS, '08-123 456 78', '+46 (0)8 123', '070–1'], title: TEXTS, password: TEXTS }],
    ['container-login sso', byName('container-login#sso'), { redirectUri: [undefined, 'https://x/cb'], issuer: TEXTS, clientId: TEXTS, clientSecret: TEXTS, domains: [undefined, [], ['a.se'], ['a.se', 'x'.repeat(254)], ['x'.repeat(300), 'b.se', 'y'.repeat(254)], Array.from({ length: 21 }, (_, i) => `d${i}.se`), [...Array.from({ length: 21 }, (_, i) => `d${i}.se`), 'z'.repeat(254)]], enforce: [undefined, true, false] }],
    ['container-login mfa', byName('container-login#mfa'), { requireMfa: [undefined, true, false] }],
    ['generate-data', byName('generate-data#demo'), { name: TEXTS, displayName: TEXTS, applicants: NUMBERS }],
    ['accessibility', byName('accessibility'), { compliance: [undefined, 'full', 'partial', 'none'], nonAccessible: TEXTS, assessment: TEXTS, assessedOn: TEXTS, contactEmail: TEXTS }],
  ];
  for (const [name, form, fields] of cases) {
    it(`${name}: the same refusals, in the same words and order, for 300 inputs`, () => {
      for (const data of samples(fields, 300)) {
        expect(lightErrors(form.schema, form.uiSchema as UiSchema, data), JSON.stringify(data)).toEqual(rjsfVerdict(form, data));
      }
    });
  }

  it("refuses a whole number in the field's own words: its type, then its range", () => {
    const retention = byName('gdpr#retention');
    expect(lightErrors(retention.schema, retention.uiSchema as UiSchema, { retentionMonths: 36.5, talentPoolMonths: 5 })).toEqual([
      { field: 'retentionMonths', message: 'Ange ett helt antal månader.' },
      { field: 'retentionMonths', message: 'Högst 36 månader.' },
      { field: 'talentPoolMonths', message: 'Minst 6 månader.' },
    ]);
    expect(lightErrors(retention.schema, retention.uiSchema as UiSchema, {})).toEqual([
      { field: 'retentionMonths', message: 'Fältet är obligatoriskt' },
      { field: 'talentPoolMonths', message: 'Fältet är obligatoriskt' },
    ]);
  });

  it('says the Swedish words at the fields', () => {
    const login = byName('login#login');
    expect(lightErrors(login.schema, login.uiSchema as UiSchema, { email: '', password: '' })).toEqual([
      { field: 'email', message: 'Fältet är obligatoriskt' },
      { field: 'password', message: 'Fältet är obligatoriskt' },
    ]);
    expect(lightErrors(login.schema, login.uiSchema as UiSchema, { email: 'inte-en-adress', password: 'x'.repeat(257) })).toEqual([
      { field: 'email', message: 'Email är inte giltigt format' },
      { field: 'password', message: 'Högst 256 tecken' },
    ]);
    const reset = byName('reset-password#reset');
    expect(lightErrors(reset.schema, reset.uiSchema as UiSchema, { password: 'kort', confirmPassword: 'korta' })).toEqual([
      { field: 'password', message: 'Lösenordet måste vara minst 10 tecken' },
      { field: 'confirmPassword', message: 'Lösenorden matchar inte' },
    ]);
    expect(lightErrors(plain.schema, plain.uiSchema as UiSchema, { code: 'AB' })).toEqual([
      { field: 'name', message: 'Fältet är obligatoriskt' },
      { field: 'agree', message: 'Fältet är obligatoriskt' },
      { field: 'code', message: 'Minst tre' },
      { field: 'code', message: 'Bara a–z' },
    ]);
  });
});
