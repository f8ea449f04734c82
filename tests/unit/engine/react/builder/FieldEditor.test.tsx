import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderBuilder, texts } from './helpers';

const open = (label: string) => fireEvent.click(screen.getByRole('button', { name: `Redigera ${label}` }));
const editor = (label: string) => {
  const id = screen.getByRole('button', { name: `Redigera ${label}` }).getAttribute('aria-controls');
  return within(document.getElementById(id as string) as HTMLElement);
};

describe('the generated field editor', () => {
  it('edits the label and the preview list follows', () => {
    const { latest } = renderBuilder(texts('Ort'));
    open('Ort');
    fireEvent.change(editor('Ort').getByLabelText(/^Rubrik\*?$/), { target: { value: 'Hemort' } });
    expect(latest().metadata[0]?.label).toBe('Hemort');
    expect(screen.getByRole('button', { name: 'Flytta Hemort' })).toBeTruthy();
  });

  it('says a field without a label is wrong, at the field, and does not save it', async () => {
    const saves: unknown[] = [];
    renderBuilder(texts('Ort'), { save: async (f) => void saves.push(f), autosaveDelayMs: 10 });
    open('Ort');
    const input = editor('Ort').getByLabelText(/^Rubrik\*?$/);
    fireEvent.change(input, { target: { value: '' } });
    expect(await screen.findByText('Fältet måste ha en rubrik')).toBeTruthy();
    expect(screen.getByText(/Formuläret har fel och sparas inte/).getAttribute('role')).toBe('status');
    await new Promise((r) => setTimeout(r, 50));
    expect(saves).toEqual([]);
  });

  it('refuses a key another field has, at the key, and keeps the old key', () => {
    const { latest } = renderBuilder(texts('Ort', 'Postnummer'));
    open('Ort');
    const key = editor('Ort').getByLabelText(/^Nyckel/);
    fireEvent.change(key, { target: { value: 'form_text_1001' } });
    expect(editor('Ort').getByText('Nyckeln används redan av ett annat fält')).toBeTruthy();
    fireEvent.blur(key);
    expect(latest().metadata.map((p) => p.key)).toEqual(['form_text_1000', 'form_text_1001']);
  });

  it('renames a field to a free key when the key input is left', () => {
    const { latest } = renderBuilder(texts('Ort'));
    open('Ort');
    const key = editor('Ort').getByLabelText(/^Nyckel/);
    fireEvent.change(key, { target: { value: 'form_hometown' } });
    fireEvent.blur(key);
    expect(latest().metadata[0]?.key).toBe('form_hometown');
  });

  it('stores allowed birth years typed as a list as comma-separated text and removes the validator when turned off', () => {
    const { latest } = renderBuilder(texts('Födelseår'));
    open('Födelseår');
    fireEvent.click(editor('Födelseår').getByLabelText('Tillåtna födelseår'));
    expect(latest().metadata[0]?.validators).toEqual([{ name: 'allowedYears', data: '' }]);
    expect(editor('Födelseår').getByText('Ange minst ett födelseår')).toBeTruthy();
    const years = () => Array.from(document.querySelectorAll<HTMLInputElement>('input[id*="-years_"]'));
    const first = years()[0] as HTMLInputElement;
    fireEvent.change(first, { target: { value: '2006' } });
    fireEvent.click(editor('Födelseår').getByRole('button', { name: /Lägg till/ }));
    const second = years()[1] as HTMLInputElement;
    fireEvent.change(second, { target: { value: '2007' } });
    expect(latest().metadata[0]?.validators).toEqual([{ name: 'allowedYears', data: '2006,2007' }]);
    fireEvent.click(editor('Födelseår').getByLabelText('Tillåtna födelseår'));
    expect(latest().metadata[0]?.validators).toEqual([]);
  });

  it('enforces the age-in-period rules with the spec messages', () => {
    const { latest } = renderBuilder([{ key: 'form_ssn', type: 'text', label: 'Personnummer', validators: [{ name: 'ssnValidSwe' }] }]);
    open('Personnummer');
    fireEvent.click(editor('Personnummer').getByLabelText('Ålder under en period'));
    expect(latest().metadata[0]?.validators).toEqual([
      { name: 'ssnValidSwe' },
      { name: 'allowedAgeInPeriod', data: { startDate: '2026-06-01', endDate: '2026-06-01', minAge: 1, maxAge: 100 } },
    ]);
    fireEvent.change(editor('Personnummer').getByLabelText(/^Minålder/), { target: { value: '30' } });
    fireEvent.change(editor('Personnummer').getByLabelText(/^Maxålder/), { target: { value: '20' } });
    expect(editor('Personnummer').getByText('Åldern kan inte vara högre än minåldern')).toBeTruthy();
    expect(editor('Personnummer').getByText('Åldern kan inte vara lägre än maxåldern')).toBeTruthy();
    fireEvent.change(editor('Personnummer').getByLabelText(/^Periodens startdatum/), { target: { value: '2026-07-01' } });
    expect(editor('Personnummer').getByText('Datumet kan inte vara efter periodens slutdatum')).toBeTruthy();
    expect(editor('Personnummer').getByText('Datumet kan inte vara före periodens startdatum')).toBeTruthy();
    fireEvent.change(editor('Personnummer').getByLabelText(/^Minålder/), { target: { value: '-1' } });
    expect(editor('Personnummer').getByText('Åldern kan inte vara negativ')).toBeTruthy();
  });

  it('marks a radio group Obligatorisk by attaching radioRequired, and removes it again', () => {
    const { latest } = renderBuilder([
      { key: 'rg', type: 'radioGroup', label: 'Arbetstid', data: ['r1'] },
      { key: 'r1', type: 'radio', label: 'Heltid' },
    ]);
    open('Arbetstid');
    const box = editor('Arbetstid').getByLabelText('Obligatorisk');
    fireEvent.click(box);
    expect(latest().metadata[0]).toMatchObject({ required: true, validators: [{ name: 'radioRequired', data: null }] });
    fireEvent.click(box);
    expect(latest().metadata[0]).toMatchObject({ required: false, validators: [] });
  });

  it('says a summer period that ends before it starts is wrong', () => {
    renderBuilder([
      { key: 'pg', type: 'periodGroup', label: 'Perioder', data: ['p1'] },
      { key: 'p1', type: 'periodCheckbox', label: 'Vecka 27', data: { startDate: '2026-07-01', endDate: '2026-07-07' } },
    ]);
    open('Vecka 27');
    fireEvent.change(editor('Vecka 27').getByLabelText(/^Slutdatum/), { target: { value: '2026-06-01' } });
    expect(editor('Vecka 27').getByText('Datumet kan inte vara före periodens startdatum')).toBeTruthy();
    expect(screen.getAllByText('Fältet har fel').length).toBeGreaterThan(0);
  });
});
