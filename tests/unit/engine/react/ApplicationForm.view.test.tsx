import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderForm } from './render';

const png = 'data:image/png;base64,iVBORw0KGgo=';

/** The value cell of the view row whose label is `label`. */
function valueOf(label: string | RegExp): HTMLElement {
  return screen.getByRole('group', { name: label });
}

describe('ApplicationForm in view mode (read-only admin view)', () => {
  it('shows each label with its value and no inputs', () => {
    renderForm({
      mode: 'view',
      answers: {
        form_name: 'Anna Svensson',
        form_about: 'Rad ett\nRad två',
        form_mail: 'anna@example.se',
        form_consent: true,
        form_area_2: true,
        form_shift: 'form_shift_2',
        form_period_1: { startDate: '2026-06-15', endDate: '2026-07-05', checked: true },
        form_period_2: { startDate: '2026-07-06', endDate: '2026-08-09', checked: false },
        form_cv: [{ filename: 'cv.pdf', type: 'application/pdf', url: '/files/cv.pdf' }],
        form_photo: png,
      },
    });
    expect(document.querySelectorAll('input, textarea, select')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Skicka ansökan' })).toBeNull();
    expect(valueOf('Namn').textContent).toBe('Anna Svensson');
    expect(valueOf('Om dig').textContent).toBe('Rad ett\nRad två');
    expect(valueOf('E-postadress').textContent).toBe('anna@example.se');
    expect(valueOf(/Jag godkänner villkoren/).textContent).toBe('Ja');
    expect(valueOf('Verksamheter').textContent).toBe('Lager');
    expect(valueOf('Arbetstid').textContent).toBe('Kväll');
    expect(valueOf('Perioder').textContent).toBe('Period 1 2026-06-15 – 2026-07-05');
    const cv = within(valueOf('CV')).getByRole('link', { name: 'cv.pdf' });
    expect(cv.getAttribute('href')).toBe('/files/cv.pdf');
    expect(within(valueOf('Foto')).getByRole('img').getAttribute('src')).toBe(png);
  });

  it("shows 'Ingen information angiven.' for a field without an answer", () => {
    renderForm({ mode: 'view', answers: { form_name: '  ', form_consent: false } });
    expect(valueOf('Namn').textContent).toBe('Ingen information angiven.');
    expect(valueOf('Kort text').textContent).toBe('Ingen information angiven.');
    expect(valueOf('Verksamheter').textContent).toBe('Ingen information angiven.');
    expect(valueOf('Perioder').textContent).toBe('Ingen information angiven.');
    expect(valueOf('CV').textContent).toBe('Ingen information angiven.');
    // A consent that was given as false is an answer: 'Nej'.
    expect(valueOf(/Jag godkänner villkoren/).textContent).toBe('Nej');
  });

  it("labels a field without a label 'fältet saknar rubrik'", () => {
    renderForm({ mode: 'view', answers: { form_nolabel: 'svar' } });
    expect(valueOf('fältet saknar rubrik').textContent).toBe('svar');
  });

  it('renders HTML labels sanitised', () => {
    renderForm({ mode: 'view' });
    const label = screen.getByText('villkoren').closest('.blk-view-label') as HTMLElement;
    expect(label.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(label.innerHTML).not.toContain('onerror');
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });
});
