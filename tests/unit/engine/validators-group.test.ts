import { describe, expect, it } from 'vitest';
import { compileTemplate, type MetadataProperty, type ValidatorRef } from '../../../engine/index';

let n = 0;
function checkboxGroup(validators: ValidatorRef[]): MetadataProperty[] {
  n += 1;
  return [
    { key: 'g', type: 'group', label: `Verksamheter ${n}`, data: ['a', 'b', 'c'], validators },
    { key: 'a', type: 'checkbox', label: 'Butik' },
    { key: 'b', type: 'checkbox', label: 'Lager' },
    { key: 'c', type: 'checkbox', label: 'Kontor' },
  ];
}

function periodGroup(validators: ValidatorRef[]): MetadataProperty[] {
  n += 1;
  return [
    { key: 'p', type: 'periodGroup', label: `Perioder ${n}`, data: ['p1', 'p2'], validators },
    { key: 'p1', type: 'periodCheckbox', label: 'Juni', data: { startDate: '2024-06-01', endDate: '2024-06-30' } },
    { key: 'p2', type: 'periodCheckbox', label: 'Juli', data: { startDate: '2024-07-01', endDate: '2024-07-31' } },
  ];
}

const errorsOf = (metadata: MetadataProperty[], answers: Record<string, unknown>) =>
  compileTemplate({ metadata }).validate(answers).errors.map((e) => `${e.key}:${e.validator}`);

describe('minSelectedInGroup', () => {
  it('accepts n checked children and rejects fewer', () => {
    const form = checkboxGroup([{ name: 'minSelectedInGroup', data: 2 }]);
    expect(errorsOf(form, { a: true, c: true })).toEqual([]);
    expect(errorsOf(form, { a: true, b: false })).toEqual(['g:minSelectedInGroup']);
    expect(errorsOf(form, {})).toEqual(['g:minSelectedInGroup']);
  });

  it('counts checked periods in a period group', () => {
    const form = periodGroup([{ name: 'minSelectedInGroup', data: 1 }]);
    expect(errorsOf(form, { p2: { startDate: '2024-07-01', endDate: '2024-07-31', checked: true } })).toEqual([]);
    expect(errorsOf(form, { p1: { startDate: '2024-06-01', endDate: '2024-06-30', checked: false } })).toEqual(['p:minSelectedInGroup']);
  });

  it('shows the group message, not the count', () => {
    const form = checkboxGroup([{ name: 'minSelectedInGroup', data: 1 }]);
    expect(compileTemplate({ metadata: form }).validate({}).errors[0]?.message).toBe('Du måste välja minst en av verksamheterna');
  });
});

describe('beCustomGroupValidation', () => {
  it('requires one of all children when no keys are listed', () => {
    const form = checkboxGroup([{ name: 'beCustomGroupValidation', data: null }]);
    expect(errorsOf(form, { b: true })).toEqual([]);
    expect(errorsOf(form, { a: false })).toEqual(['g:beCustomGroupValidation']);
  });

  it('requires one of the listed children only', () => {
    const form = checkboxGroup([{ name: 'beCustomGroupValidation', data: ['b', 'c'] }]);
    expect(errorsOf(form, { c: true })).toEqual([]);
    expect(errorsOf(form, { a: true })).toEqual(['g:beCustomGroupValidation']);
  });

  it('works on period groups', () => {
    const form = periodGroup([{ name: 'beCustomGroupValidation', data: ['p2'] }]);
    expect(errorsOf(form, { p2: { startDate: '2024-07-01', endDate: '2024-07-31', checked: true } })).toEqual([]);
    expect(errorsOf(form, { p1: { startDate: '2024-06-01', endDate: '2024-06-30', checked: true } })).toEqual(['p:beCustomGroupValidation']);
  });
});
