import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fieldTypeDefinitions, validatorDefinitions } from '../../../schemas/generated/catalogue';
import { compileTemplate, defaultRegistry } from '../../../engine/index';
import type { ValidatorDefinition } from '../../../engine/definitions';
import { loadValidator, precompiledValidate } from '../../../engine/precompiled';
import { STRUCTURAL_MESSAGES } from '../../../engine/messages';
import { sanitizeHtml } from '../../../engine/sanitize';
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { createStandaloneCompiler, resolveRuntimeImports } from '../../../engine/standalone';
import type { Answers, CompileContext, FormTemplate, MetadataProperty } from '../../../engine/types';
import { PNR } from './helpers';

/*
 * The public apply page validates with the form's validator as ajv standalone code; the server
 * with compileTemplate(...).validate. Both must give the very same verdict and Swedish messages.
 */

const ROOT = resolve(import.meta.dirname, '../../..');
const standalone = createStandaloneCompiler(defaultRegistry());

async function bothSides(template: FormTemplate, ctx: CompileContext) {
  const server = compileTemplate(template, ctx);
  const { code } = standalone.moduleFor(server.schema);
  const fn = await loadValidator(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  // The page gets the overrides as the public position answer has them: through the server's sanitiser.
  const overrides = ctx.messages && Object.fromEntries(Object.entries(ctx.messages).map(([k, v]) => [k, sanitizeHtml(v)]));
  return { server, browser: precompiledValidate({ uiSchema: server.uiSchema }, fn, { ...ctx, messages: overrides }) };
}

const CTX: CompileContext = { now: new Date('2026-03-01T12:00:00Z'), positionStart: Date.UTC(2026, 5, 1) / 1000 };

/** Data each validator gets in the every-validator form. */
const DATA: Record<string, unknown> = {
  allowedAgeInPeriod: { startDate: '2026-01-01', endDate: '2026-12-31', minAge: 18, maxAge: 40 },
  allowedYears: '2006,2007',
  allowedYearsBornSwe: '1990,2006',
  approved: null,
  equalYearBorn: 2006,
  fileRequired: null,
  minLength: 3,
  minYearAtStart: 18,
  minYearBorn: 2000,
  minYearBornSwe: 2000,
  radioRequired: null,
  ssnValidSwe: null,
  validEmail: null,
  minSelectedInGroup: 2,
  beCustomGroupValidation: null,
  phoneSwe: null,
  mobilePhoneSwe: null,
  zipcodeSwe: null,
  webAddress: null,
};

const DATA_URL = `data:image/png;base64,${Buffer.from('png bytes here').toString('base64')}`;
/** Answers tried on each field type: valid and invalid ones, wrong types included. */
const POOL: Record<string, unknown[]> = {
  text: ['', 'ab', 'Åsa Öberg', 'https://exempel.se/cv', 'x@exempel.se', PNR.born20060531, PNR.born19900101, PNR.example, '2006', ' 2007 ', '1990', 'inte-en-adress', '😀😀😀', 'x'.repeat(1001), 42, null],
  email: ['', 'a@b.se', 'fel@', 'förnamn.efternamn@exempel.se', 'x', 7],
  textarea: ['', 'kort', 'en längre text', 'x'.repeat(10_001), false],
  checkbox: [true, false, 'ja', null],
  file: [[], [{ filename: 'cv.pdf', type: 'application/pdf', data: 'data:application/pdf;base64,JVBERi0=' }], [{ filename: 'cv.pdf', type: 'application/pdf' }], [{ filename: 'a', type: 'b', data: 'inte en data-url' }], 'cv.pdf'],
  imageBase64: [DATA_URL, '', 'data:text/plain;base64,aGVq', 5],
  radioGroup: ['r1', 'r2', 'okänd', '', 3],
  textWithHelpLink: ['', 'ab', 'https://exempel.se', PNR.born19900101, PNR.born20060531, '2006', '1990', 'x@exempel.se', 'inte-en-adress', 42],
  // The person fields (Förnamn, Personnummer, …) take text like the text type.
  firstname: ['', 'ab', 'Åsa', 'x'.repeat(101), 42],
  surname: ['', 'ab', 'Öberg', 'x'.repeat(101)],
  ssn: ['', PNR.born19900101, PNR.born20060531, PNR.example, 'ab', '199001011234', 42],
  // A birth date instead of a personnummer (issue 28): 'ÅÅÅÅ-MM-DD' only.
  birthDate: ['', '1990-01-01', '2006-05-31', '1990-13-01', '19900101', 'ab', 42],
  address: ['', 'ab', 'Storgatan 1'],
  zipcode: ['', 'ab', '123 45', '1234', 'x'.repeat(11)],
  city: ['', 'ab', 'Umeå'],
  mobilePhone: ['', 'ab', '0701234567', '+46 70-123 45 67'],
  homePhone: ['', 'ab', '08123456', '08-123 456 78'],
  linkedInUrl: ['', 'min profil', 'https://www.linkedin.com/in/anna', 'linkedin.com/in/anna'],
  periodCheckbox: [
    { startDate: '2020-01-01', endDate: '2021-02-28', checked: true },
    { startDate: '2020-02-30', endDate: '2021-02-28', checked: true },
    { checked: false },
    { startDate: '2020-01-01', checked: 'ja' },
    true,
  ],
};

/** A form with every validator on every type it applies to, plus groups, radios, files and periods. */
function everyValidatorForm(): MetadataProperty[] {
  const fields: MetadataProperty[] = [];
  for (const def of validatorDefinitions as ValidatorDefinition[]) {
    if (def.level !== 'value') continue;
    for (const type of def.appliesTo) {
      const key = `${def.name}_${type}`;
      if (type === 'radioGroup') {
        fields.push({ key, type, label: key, data: [`${key}_r1`, `${key}_r2`], validators: [{ name: def.name, data: DATA[def.name] }] });
        fields.push({ key: `${key}_r1`, type: 'radio', label: 'Ett' }, { key: `${key}_r2`, type: 'radio', label: 'Två' });
      } else {
        fields.push({ key, type, label: `<b>${key}</b>`, isHtml: true, validators: [{ name: def.name, data: DATA[def.name] }] });
      }
    }
  }
  for (const def of validatorDefinitions as ValidatorDefinition[]) {
    if (def.level !== 'group') continue;
    for (const type of def.appliesTo) {
      const key = `${def.name}_${type}`;
      const child = type === 'group' ? 'checkbox' : 'periodCheckbox';
      const children = [1, 2, 3].map((n) => `${key}_c${n}`);
      fields.push({ key, type, label: key, data: children, validators: [{ name: def.name, data: DATA[def.name] }] });
      for (const c of children) fields.push({ key: c, type: child, label: c, ...(child === 'periodCheckbox' ? { data: { startDate: '2000-01-01', endDate: '2030-12-31' } } : {}) });
    }
  }
  // A step boundary carries no answer: the verdicts are the same split into steps or not.
  fields.push({ key: 'form_step_1', type: 'step', label: 'Sista steget' });
  fields.push({ key: 'required_text', type: 'text', label: 'Obligatorisk', required: true });
  return fields;
}

function answerSets(fields: MetadataProperty[], pool: Record<string, unknown[]>): Answers[] {
  const typed = fields.map((f, i) => ({ f, i, values: pool[f.type === 'radioGroup' ? 'radioGroup' : f.type] ?? [] })).filter((x) => x.values.length > 0);
  const rounds = Math.max(...typed.map((x) => x.values.length));
  const sets: Answers[] = [{}];
  for (let r = 0; r < rounds * 2; r++) {
    const answers: Answers = {};
    for (const { f, i, values } of typed) {
      let v = values[(r + i) % values.length];
      if (f.type === 'radioGroup' && typeof v === 'string' && /^r\d$/.test(v)) v = `${f.key}_${v}`;
      if (v !== undefined && (r + i) % 7 !== 6) answers[f.key] = v;
    }
    sets.push(answers);
  }
  sets.push({ unknown_key: 'x' });
  return sets;
}

describe('the precompiled (standalone) validator', () => {
  it('gives the server verdict and Swedish messages for every validator on every type it applies to', async () => {
    const metadata = everyValidatorForm();
    const template = { metadata };
    const { server, browser } = await bothSides(template, CTX);
    const passed = new Set<string>();
    const failed = new Set<string>();
    const sets = answerSets(metadata, POOL);
    // Every group child chosen (the rotation above never picks two neighbours).
    sets.push(Object.fromEntries(metadata.filter((f) => /_c\d$/.test(f.key)).map((f) => [f.key, f.type === 'checkbox' ? true : POOL.periodCheckbox![0]])));
    for (const answers of sets) {
      const expected = server.validate(answers);
      expect(browser(answers)).toEqual(expected);
      const bad = new Set(expected.errors.map((e) => e.key));
      for (const f of metadata) (bad.has(f.key) ? failed : passed).add(f.key);
      for (const e of expected.errors) failed.add(e.validator);
    }
    // The answers really exercised each validator both ways.
    for (const def of validatorDefinitions as ValidatorDefinition[]) {
      expect(failed, def.name).toContain(def.name);
      for (const type of def.appliesTo) expect(passed, `${def.name} on ${type}`).toContain(`${def.name}_${type}`);
    }
    // Every field type of the catalogue is in the form.
    for (const type of fieldTypeDefinitions as { name: string }[]) expect(metadata.map((f) => f.type), type.name).toContain(type.name);
    expect(failed).toContain('type');
    expect(failed).toContain('option');
    expect(failed).toContain('maxLength');
    expect(failed).toContain('unknownKey');
  });

  it('applies the container message overrides with #DATA# as the server does', async () => {
    const messages = { minLength: 'Skriv minst <b>#DATA#</b> tecken<script>x()</script>', type: 'Fel sorts svar' };
    const { server, browser } = await bothSides({ metadata: everyValidatorForm() }, { ...CTX, messages });
    for (const answers of [{ minLength_text: 'a', minLength_email: 3 }, { minLength_text: 'ab', minLength_textarea: 'x' }]) {
      const expected = server.validate(answers);
      expect(expected.errors.some((e) => e.message.startsWith('Skriv minst <b>3</b>'))).toBe(true);
      expect(browser(answers)).toEqual(expected);
    }
  });

  it('gives the demo form and the 20- and 200-field fixtures the server verdict', async () => {
    const demo = JSON.parse(readFileSync(resolve(ROOT, 'schemas/templates/default-application.json'), 'utf8')) as { metadata: MetadataProperty[] };
    const demoValid: Answers = {
      form_firstname: 'Åsa', form_surname: 'Öberg', form_ssn: PNR.born19900101, form_address: 'Storgatan 1', form_zipcode: '111 22',
      form_city: 'Stockholm', form_mobilePhone: '070-123 45 67', form_email: 'asa@exempel.se', form_referer: 'form_referer_2',
      form_file: [{ filename: 'cv.pdf', type: 'application/pdf', data: 'data:application/pdf;base64,JVBERi0=' }],
      form_agreement: true, form_agreement_company: true,
    };
    const cases: [FormTemplate, Answers[]][] = [[{ metadata: demo.metadata }, [demoValid, ...answerSets(demo.metadata, POOL)]]];
    for (const n of [20, 200]) {
      const form = JSON.parse(readFileSync(resolve(ROOT, `tests/fixtures/form-${n}.json`), 'utf8')) as FormTemplate;
      const valid = JSON.parse(readFileSync(resolve(ROOT, `tests/fixtures/form-${n}.valid.json`), 'utf8')) as Answers;
      const invalid = JSON.parse(readFileSync(resolve(ROOT, `tests/fixtures/form-${n}.invalid.json`), 'utf8')) as Answers;
      cases.push([form, [valid, invalid, {}]]);
    }
    for (const [template, sets] of cases) {
      const { server, browser } = await bothSides(template, CTX);
      for (const answers of sets) expect(browser(answers)).toEqual(server.validate(answers));
      expect(server.validate(sets[0]!).valid).toBe(true);
      expect(sets.some((a) => !server.validate(a).valid)).toBe(true);
    }
  });

  it('needs no sanitiser in the browser: the sanitiser leaves every built-in message template as it is', () => {
    for (const text of [...Object.values(sv.validators), ...Object.values(STRUCTURAL_MESSAGES)]) expect(sanitizeHtml(text)).toBe(text);
  });

  it('keeps staff-written labels data in the generated code, never code', async () => {
    const nasty = 'x"];globalThis.pwned=1;//\u2028*/`${globalThis.pwned=2}`';
    const metadata: MetadataProperty[] = [
      // Keys are letters, digits, _ . - (the engine refuses others); labels are free text.
      { key: 'a.b-c_d', type: 'text', label: nasty, validators: [{ name: 'minLength', data: 2 }] },
      { key: 'b', type: 'text', label: '</script><script>globalThis.pwned=3</script>', required: true },
    ];
    const { server, browser } = await bothSides({ metadata }, CTX);
    for (const answers of [{}, { 'a.b-c_d': 'a', b: 'x' }, { 'a.b-c_d': 'abc', b: 'x' }]) expect(browser(answers)).toEqual(server.validate(answers));
    expect((globalThis as { pwned?: unknown }).pwned).toBeUndefined();
  });

  it('refuses answers that are not an object, with the same message', async () => {
    const { server, browser } = await bothSides({ metadata: everyValidatorForm() }, CTX);
    for (const answers of [null, [], 'x'] as unknown as Answers[]) expect(browser(answers)).toEqual(server.validate(answers));
  });

  it('is one module per schema content, named by the hash of its code', () => {
    const a = compileTemplate({ metadata: [{ key: 'a', type: 'text', label: 'A' }] });
    const b = compileTemplate({ metadata: [{ key: 'b', type: 'text', label: 'B' }] });
    const ma = standalone.moduleFor(a.schema);
    expect(standalone.moduleFor(JSON.parse(JSON.stringify(a.schema)))).toBe(ma);
    expect(standalone.moduleFor(b.schema).hash).not.toBe(ma.hash);
    expect(standalone.byHash(ma.hash)).toBe(ma);
    // The same code in another process or after a restart: the URL stays valid.
    expect(createStandaloneCompiler(defaultRegistry()).moduleFor(a.schema).hash).toBe(ma.hash);
    expect(ma.code).not.toMatch(/\brequire\(/);
    expect(ma.code).toMatch(/^"use strict";\nconst __blankettRuntime = globalThis\[Symbol\.for\("blankett\.validatorRuntime"\)\]/);
  });

  it('refuses to generate code that needs a module the browser runtime does not provide', () => {
    expect(() => resolveRuntimeImports('const x = require("ajv/dist/runtime/uri").default;')).toThrow(/ajv\/dist\/runtime\/uri/);
  });

  it('drops the least recently used modules beyond its size', () => {
    const small = createStandaloneCompiler(defaultRegistry(), 2);
    const [m1, m2, m3] = ['x', 'y', 'z'].map((k) => small.moduleFor(compileTemplate({ metadata: [{ key: k, type: 'text', label: k }] }).schema));
    expect(small.byHash(m1!.hash)).toBeUndefined();
    expect(small.byHash(m2!.hash)).toBe(m2);
    expect(small.byHash(m3!.hash)).toBe(m3);
  });
});
