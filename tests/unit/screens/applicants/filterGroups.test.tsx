import { beforeEach, describe, expect, it } from 'vitest';
import { answerGroups } from '../../../../screens/applicants/filterGroups';
import { clean, fitToForm, isDefault, loadQuery, saveQuery, toggleAnswer } from '../../../../screens/applicants/query';
import { summerForm } from '../../../integration/helpers/recruiter';
import type { MetadataProperty } from '../../../../engine/types';

describe('the filter groups built from a position form', () => {
  it("lists Tjänster, the staff's checkbox groups and radio groups in the spec's order, with 'Har körkort och egen bil' as its own switch", () => {
    const { groups, hasCarFilter } = answerGroups(summerForm());
    expect(hasCarFilter).toBe(true);
    expect(groups.map((g) => g.title)).toEqual(['Tjänster', 'Meriter', 'Var hittade du annonsen?']);
    expect(groups[0]!.options).toEqual([
      { choice: { key: 'summerpositionchoicesform_1', value: true }, label: 'Kassa' },
      { choice: { key: 'summerpositionchoicesform_2', value: true }, label: 'Lager' },
    ]);
    expect(groups[2]!.options[1]).toEqual({ choice: { key: 'form_referer', value: 'form_referer_2' }, label: 'Vår webbplats' });
  });

  it('shows periods by their dates when they have no label, HTML labels as text, and a missing label as such', () => {
    const form: MetadataProperty[] = [
      { key: 'summerperiodsform', type: 'periodGroup', label: 'Perioder', data: ['p1'] },
      { key: 'p1', type: 'periodCheckbox', label: '', data: { startDate: '2026-06-01', endDate: '2026-06-30' } },
      { key: 'g', type: 'group', label: '<b>Språk</b>', isHtml: true, data: ['g1'] },
      { key: 'g1', type: 'checkbox', label: '' },
    ];
    const { groups, hasCarFilter } = answerGroups(form);
    expect(hasCarFilter).toBe(false);
    expect(groups).toEqual([
      { id: 'periods', title: 'Perioder', options: [{ choice: { key: 'p1', value: true }, label: '2026-06-01 – 2026-06-30' }] },
      { id: 'g', title: 'Språk', options: [{ choice: { key: 'g1', value: true }, label: 'fältet saknar rubrik' }] },
    ]);
  });
});

describe('the remembered filter', () => {
  beforeEach(() => localStorage.clear());

  it('is remembered per position and the default filter stores nothing', () => {
    saveQuery(7, { labelId: 3, sort: 'name' });
    expect(loadQuery(7)).toEqual({ labelId: 3, sort: 'name' });
    expect(loadQuery(8)).toEqual({});
    saveQuery(7, {});
    expect(localStorage.getItem('blankett.applicantFilter.7')).toBeNull();
  });

  it('survives a damaged stored value as the default filter', () => {
    localStorage.setItem('blankett.applicantFilter.7', '{nope');
    expect(loadQuery(7)).toEqual({});
    localStorage.setItem('blankett.applicantFilter.7', JSON.stringify({ labelId: 'x', answers: [{ key: 1 }], sort: 'bad', filter: '  anna ' }));
    expect(loadQuery(7)).toEqual({ filter: 'anna' });
  });

  it('drops a remembered text too short to search (the server refuses it), emoji counted as one character', () => {
    localStorage.setItem('blankett.applicantFilter.7', JSON.stringify({ labelId: 3, filter: '😀a' }));
    expect(loadQuery(7)).toEqual({ labelId: 3 });
    expect(clean({ filter: ' %% ' })).toEqual({});
    expect(clean({ filter: '___' })).toEqual({ filter: '___' });
  });

  it('toggles answers, and drops answers the edited form no longer offers', () => {
    let q = toggleAnswer({}, { key: 'a', value: true }, true);
    q = toggleAnswer(q, { key: 'b', value: true }, true);
    q = toggleAnswer(q, { key: 'a', value: true }, false);
    expect(q).toEqual({ answers: [{ key: 'b', value: true }] });
    expect(fitToForm({ ...q, driverLicenceAndCar: true }, (c) => c.key !== 'b', false)).toEqual({});
    expect(isDefault(clean({ answers: [], appliedPositionIds: [] }))).toBe(true);
  });
});
