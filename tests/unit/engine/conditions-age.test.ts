import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { compileTemplate, TemplateError, type MetadataProperty } from '../../../engine/index';
import { conditionHolds, conditionSummary, visibleAnswers } from '../../../engine/conditions';
import { exportForm } from '../../../engine/export-schema';
import { builderCatalog } from '../../../engine/builder/catalog';
import { ruleIssues, ruleSources } from '../../../engine/builder/rules';
import { defaultRegistry } from '../../../engine/index';
import { PNR } from './helpers';

/** 1 June 2024, noon in Stockholm: someone born 2006-06-01 turns 18 that day, 2006-06-02 is still 17. */
const JUNE_1 = new Date('2024-06-01T10:00:00Z');

let n = 0;
/** Personnummer, then a guardian's consent shown only under 18 and a car field required from 18. */
function form(): MetadataProperty[] {
  n += 1;
  return [
    { key: 'ssn', type: 'text', label: `Personnummer ${n}`, required: true, order: 0, validators: [{ name: 'ssnValidSwe', data: null }] },
    { key: 'guardian', type: 'text', label: 'Vårdnadshavare', required: true, order: 1, visibleWhen: { field: 'ssn', op: 'ageAtMost', value: 17 } },
    { key: 'car', type: 'text', label: 'Bilmärke', order: 2, requiredWhen: { field: 'ssn', op: 'ageAtLeast', value: 18 } },
  ];
}

describe("conditions on the age from a personnummer ('age at least / at most')", () => {
  it('hold by the age in whole years on the day, and never for what is not a personnummer', () => {
    const atLeast = { field: 'ssn', op: 'ageAtLeast' as const, value: 18 };
    expect(conditionHolds(atLeast, { ssn: PNR.born20060601 }, JUNE_1)).toBe(true);
    expect(conditionHolds(atLeast, { ssn: PNR.born20060602 }, JUNE_1)).toBe(false);
    expect(conditionHolds({ ...atLeast, op: 'ageAtMost', value: 17 }, { ssn: PNR.born20060602 }, JUNE_1)).toBe(true);
    expect(conditionHolds(atLeast, { ssn: '200606011230' }, JUNE_1)).toBe(false); // wrong check digit
    expect(conditionHolds(atLeast, {}, JUNE_1)).toBe(false);
    // A samordningsnummer (day + 60) is read with its real birth day.
    expect(conditionHolds({ ...atLeast, value: 50 }, { ssn: PNR.samordning }, JUNE_1)).toBe(true);
  });

  it('compile to if/then the server and the page decide alike, dated by the run context', () => {
    const metadata = form();
    const c = compileTemplate({ metadata }, { now: JUNE_1 });
    const layout = c.uiSchema['ui:options'].layout;
    const verdict = (answers: Record<string, unknown>) => {
      const r = c.validate(visibleAnswers(layout, answers, JUNE_1));
      return r.errors.map((e) => e.key);
    };
    expect(verdict({ ssn: PNR.born20060602 })).toEqual(['guardian']);
    expect(verdict({ ssn: PNR.born20060602, guardian: 'Mamma' })).toEqual([]);
    expect(verdict({ ssn: PNR.born20060601 })).toEqual(['car']);
    expect(verdict({ ssn: PNR.born20060601, car: 'Volvo', guardian: 'dropped, hidden' })).toEqual([]);
    // The day after, the same person is another age: nothing was fixed when the form compiled.
    const later = compileTemplate({ metadata }, { now: new Date('2024-06-02T10:00:00Z') });
    expect(later.validate({ ssn: PNR.born20060602 }).errors.map((e) => e.key)).toEqual(['car']);
  });

  it('export as x-age inside `if`, described, so plain ajv is never looser than Blankett', () => {
    const metadata = form();
    const c = compileTemplate({ metadata }, { now: JUNE_1 });
    const { schema } = exportForm(c, (k) => `Blankett: ${k}`);
    expect(JSON.stringify(schema)).toContain('"x-age":{"max":17}');
    expect(String(schema.$comment)).toContain('x-age');
    const plain = new Ajv2020({ strict: false, allErrors: true }).compile(schema);
    const corpus = [PNR.born20060601, PNR.born20060602, PNR.born19900101, PNR.born20080229].flatMap((ssn) => [
      { ssn }, { ssn, guardian: 'Mamma' }, { ssn, car: 'Volvo' }, { ssn, guardian: 'Pappa', car: 'Saab' },
    ]);
    const layout = c.uiSchema['ui:options'].layout;
    for (const answers of corpus) {
      const blankett = c.validate(visibleAnswers(layout, answers, JUNE_1)).valid;
      if (plain(answers)) expect({ answers, blankett }).toEqual({ answers, blankett: true });
    }
    // It does agree where the age rule is not what decides.
    expect(plain({ ssn: PNR.born20060602, guardian: 'Mamma', car: 'Volvo' })).toBe(true);
  });

  it('are offered only on a personnummer field, and refused elsewhere or without whole years', () => {
    const catalog = builderCatalog(defaultRegistry().fieldTypes);
    const metadata = [...form(), { key: 'nick', type: 'text', label: 'Smeknamn', order: 3 }, { key: 'x', type: 'text', label: 'X', order: 4 }];
    const sources = ruleSources({ metadata, nextKey: 1 }, 'x', catalog);
    expect(sources.find((s) => s.key === 'ssn')?.kind).toBe('personnummer');
    expect(sources.find((s) => s.key === 'nick')?.kind).toBe('text');
    const refused = (rule: NonNullable<MetadataProperty['visibleWhen']>) => {
      const bad = metadata.map((p) => (p.key === 'x' ? { ...p, visibleWhen: rule } : p));
      expect(ruleIssues({ metadata: bad, nextKey: 1 }, catalog).map((i) => i.key)).toEqual(['x']);
      expect(() => compileTemplate({ metadata: bad })).toThrow(TemplateError);
    };
    refused({ field: 'nick', op: 'ageAtLeast', value: 18 });
    refused({ field: 'ssn', op: 'ageAtLeast', value: 17.5 });
    refused({ field: 'ssn', op: 'ageAtMost' });
  });

  it("summarise in Swedish ('Personnummer: minst 18 år')", () => {
    expect(conditionSummary({ field: 'ssn', op: 'ageAtLeast', value: 18 }, () => 'Personnummer')).toBe('Personnummer: minst 18 år');
    expect(conditionSummary({ field: 'ssn', op: 'ageAtMost', value: 17 }, () => 'Personnummer')).toBe('Personnummer: högst 17 år');
  });
});

describe('age conditions on the apply page (precompiled standalone validator)', () => {
  it('decide as the server does, on the same day', async () => {
    const { createStandaloneCompiler } = await import('../../../engine/standalone');
    const { loadValidator, precompiledValidate } = await import('../../../engine/precompiled');
    const metadata = form();
    const server = compileTemplate({ metadata }, { now: JUNE_1 });
    const { code } = createStandaloneCompiler(defaultRegistry()).moduleFor(server.schema);
    const fn = await loadValidator(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
    const page = precompiledValidate({ uiSchema: server.uiSchema }, fn, { now: JUNE_1 });
    for (const ssn of [PNR.born20060601, PNR.born20060602, PNR.born19900101, 'inte ett nummer']) {
      for (const answers of [{ ssn }, { ssn, guardian: 'Mamma' }, { ssn, car: 'Volvo' }]) {
        expect({ answers, page: page(answers) }).toEqual({ answers, page: server.validate(answers) });
      }
    }
  });
});
