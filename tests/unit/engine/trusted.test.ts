import { describe, expect, it, vi } from 'vitest';
import template from '../../../schemas/templates/default-application.json' with { type: 'json' };
import form20 from '../../fixtures/form-20.json' with { type: 'json' };
import valid20 from '../../fixtures/form-20.valid.json' with { type: 'json' };
import invalid20 from '../../fixtures/form-20.invalid.json' with { type: 'json' };
import form200 from '../../fixtures/form-200.json' with { type: 'json' };
import invalid200 from '../../fixtures/form-200.invalid.json' with { type: 'json' };
import { builtinValidators, createCompiler, createRegistry, defaultCompiler, TemplateError, trustedDefaults, type FormTemplate, type MetadataProperty } from '../../../engine/index';
import { fieldTypeDefinitions, validatorDefinitions } from '../../../schemas/generated/catalogue';
import { PNR } from './helpers';

// The browser compiles with the trusted catalogue; it must agree with the server's compiler in everything.
const trusted = () => createCompiler(createRegistry(fieldTypeDefinitions, validatorDefinitions, builtinValidators, { trusted: true }), { deferValidator: true });

function issuesOf(compile: (t: FormTemplate) => unknown, metadata: unknown[]): unknown {
  try {
    compile({ metadata: metadata as MetadataProperty[] });
    return null;
  } catch (e) {
    if (e instanceof TemplateError) return e.issues;
    throw e;
  }
}

describe('the trusted default catalogue', () => {
  it('compiles the fixture forms to the same schema and uiSchema and validates them alike', () => {
    const server = defaultCompiler();
    const browser = trusted();
    const cases: [FormTemplate, unknown[]][] = [
      [template as FormTemplate, [{}, { form_firstname: 'Anna', form_ssn: '198112189875', form_email: 'nej' }, { form_ssn: PNR.example }]],
      [form20 as FormTemplate, [valid20, invalid20, {}]],
      [form200 as FormTemplate, [invalid200, {}]],
    ];
    for (const [form, answersList] of cases) {
      const a = server.compileTemplate(form, { positionStart: 1_717_200_000 });
      const b = browser.compileTemplate(form, { positionStart: 1_717_200_000 });
      expect(b.schema).toEqual(a.schema);
      expect(b.uiSchema).toEqual(a.uiSchema);
      for (const answers of answersList) expect(b.validate(answers as never)).toEqual(a.validate(answers as never));
    }
  });

  it('refuses the same bad templates with the same issues', () => {
    const bad: unknown[][] = [
      [{ key: 'a', type: 'stars' }],
      [{ key: 'a', type: 'text', validators: [{ name: 'minLength', data: 'abc' }] }],
      [{ key: 'a', type: 'text', validators: [{ name: 'minYearBorn', data: 'nittio' }] }],
      [{ key: 'a', type: 'text', data: { maxLength: 'lång' } }],
      [{ key: 'a', type: 'checkbox', validators: [{ name: 'approved', data: { x: 1 } }] }],
      [{ key: 'p', type: 'periodGroup', data: ['p1'] }, { key: 'p1', type: 'periodCheckbox', data: { startDate: '2024-06-01' } }],
      [{ key: 'i', type: 'imageBase64', data: { minWidth: -1 } }],
    ];
    const server = defaultCompiler();
    const browser = trusted();
    for (const metadata of bad) {
      const expected = issuesOf((t) => server.compileTemplate(t), metadata);
      expect(expected).not.toBeNull();
      expect(issuesOf((t) => browser.compileTemplate(t), metadata)).toEqual(expected);
    }
  });

  it('compiles a form\'s validator only when it first validates', () => {
    const { registry, compiler } = trustedDefaults();
    const compile = vi.spyOn(registry.ajv, 'compile');
    const form = compiler.compileTemplate({ metadata: [{ key: 'only_here', type: 'text', label: 'Ort', validators: [{ name: 'minLength', data: 2 }] }] });
    const formCompiles = () => compile.mock.calls.filter(([s]) => s === form.schema).length;
    expect(formCompiles()).toBe(0);
    expect(form.validate({ only_here: 'x' }).errors.map((e) => e.validator)).toEqual(['minLength']);
    expect(form.validate({ only_here: 'xy' }).valid).toBe(true);
    expect(formCompiles()).toBe(1);
    compile.mockRestore();
  });
});
