import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderForm } from './render';

describe('ApplicationForm in edit mode (the builder preview)', () => {
  it('renders every field as the applicant sees it, with inert inputs and no submit button', () => {
    renderForm({ mode: 'edit' });
    for (const label of [/^Namn/, 'Kort text', 'Om dig', /^E-postadress/, 'Körkortsnummer', /Jag godkänner/, 'Butik', 'Dag', /Period 1/, /^CV/, /^Foto/]) {
      const input = screen.getByLabelText(label) as HTMLInputElement;
      expect(input.disabled).toBe(true);
    }
    expect(screen.getByRole('group', { name: /Verksamheter/ }).tagName).toBe('FIELDSET');
    expect(screen.getByRole('radiogroup', { name: /Arbetstid/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Skicka ansökan' })).toBeNull();
  });

  it('neither changes answers nor reports changes', () => {
    const onChange = vi.fn();
    renderForm({ mode: 'edit', onChange, answers: { form_name: 'Anna' } });
    const name = screen.getByLabelText(/^Namn/) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Bo' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(name.value).toBe('Anna');
  });

  it('marks each field with its key so the builder can pick it', () => {
    renderForm({ mode: 'edit' });
    expect(document.querySelector('[data-key="form_areas"]')?.contains(screen.getByLabelText('Lager'))).toBe(true);
  });
});
