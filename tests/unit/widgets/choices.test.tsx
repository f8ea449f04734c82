import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { describedText, renderForm } from '../engine/react/render';
import { formatDate } from '../../../widgets/periodGroup/dates';

describe('checkbox', () => {
  it('sets a boolean answer and labels itself with its sanitised HTML label', async () => {
    const onChange = vi.fn();
    const { user } = renderForm({ onChange });
    const consent = screen.getByLabelText(/Jag godkänner villkoren/);
    await user.click(consent);
    expect(onChange).toHaveBeenLastCalledWith({ form_consent: true });
    await user.click(consent);
    expect(onChange).toHaveBeenLastCalledWith({ form_consent: false });
    const label = document.querySelector(`label[for="${consent.id}"]`) as HTMLElement;
    expect(label.querySelector('img')?.getAttribute('onerror')).toBeFalsy();
    expect(label.querySelector('a')?.getAttribute('href')).toBe('https://example.se/villkor');
  });
});

describe('checkbox group', () => {
  it('renders its children in a fieldset with a legend and toggles each child boolean', async () => {
    const onChange = vi.fn();
    const { user } = renderForm({ onChange });
    const group = screen.getByRole('group', { name: /Verksamheter/ });
    expect(group.tagName).toBe('FIELDSET');
    expect(group.querySelector('legend')?.textContent).toBe('Verksamheter *');
    await user.click(within(group).getByLabelText('Lager'));
    expect(onChange).toHaveBeenLastCalledWith({ form_area_2: true });
    await user.click(within(group).getByLabelText('Butik'));
    await user.click(within(group).getByLabelText('Lager'));
    expect(onChange).toHaveBeenLastCalledWith({ form_area_1: true, form_area_2: false });
  });

  it("shows the group's error at the group and clears it when a child is checked", async () => {
    const { user } = renderForm({ answers: { form_name: 'Anna', form_mail: 'anna@exempel.se', form_consent: true, form_shift: 'form_shift_1' } });
    await user.click(screen.getByRole('button', { name: 'Skicka ansökan' }));
    const group = screen.getByRole('group', { name: /Verksamheter/ });
    expect(describedText(group)).toBe('Du måste välja minst en av verksamheterna');
    expect(document.activeElement).toBe(within(group).getByLabelText('Butik'));
    await user.click(within(group).getByLabelText('Butik'));
    expect(group.getAttribute('aria-describedby')).toBeNull();
  });
});

describe('radio group', () => {
  it("sets the chosen radio child's key as the answer", async () => {
    const onChange = vi.fn();
    const { user } = renderForm({ onChange });
    const group = screen.getByRole('radiogroup', { name: /Arbetstid/ });
    expect(group.getAttribute('aria-required')).toBe('true');
    await user.click(within(group).getByLabelText('Kväll'));
    expect(onChange).toHaveBeenLastCalledWith({ form_shift: 'form_shift_2' });
    await user.click(within(group).getByLabelText('Dag'));
    expect(onChange).toHaveBeenLastCalledWith({ form_shift: 'form_shift_1' });
    expect((within(group).getByLabelText('Kväll') as HTMLInputElement).checked).toBe(false);
  });

  it('ties its error to every radio', async () => {
    const { user } = renderForm({ answers: { form_name: 'Anna', form_mail: 'anna@exempel.se', form_consent: true, form_area_1: true } });
    await user.click(screen.getByRole('button', { name: 'Skicka ansökan' }));
    const day = screen.getByLabelText('Dag');
    expect(day.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(day)).toBe('Du måste välja ett alternativ');
    expect(document.activeElement).toBe(day);
  });
});

describe('period group', () => {
  it('shows each period with its dates as YYYY-MM-DD', () => {
    renderForm();
    const group = screen.getByRole('group', { name: /Perioder/ });
    expect(within(group).getByLabelText('Period 1 2026-06-15 – 2026-07-05')).toBeTruthy();
    expect(within(group).getByLabelText('Period 2 2026-07-06 – 2026-08-09')).toBeTruthy();
  });

  it('answers { startDate, endDate, checked } for a period', async () => {
    const onChange = vi.fn();
    const { user } = renderForm({ onChange });
    const first = screen.getByLabelText(/Period 1/);
    await user.click(first);
    expect(onChange).toHaveBeenLastCalledWith({ form_period_1: { startDate: '2026-06-15', endDate: '2026-07-05', checked: true } });
    await user.click(first);
    expect(onChange).toHaveBeenLastCalledWith({ form_period_1: { startDate: '2026-06-15', endDate: '2026-07-05', checked: false } });
  });

  it('formats unix seconds as YYYY-MM-DD in Stockholm time', () => {
    // 2026-06-14T22:30:00Z is already 15 June in Stockholm (UTC+2).
    expect(formatDate(Date.UTC(2026, 5, 14, 22, 30) / 1000)).toBe('2026-06-15');
    expect(formatDate('2026-06-15')).toBe('2026-06-15');
  });
});
