import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApplicationForm } from '../../../engine/react';
import template from '../../../schemas/templates/default-application.json' with { type: 'json' };
import type { FormTemplate } from '../../../engine/types';

const form = template as FormTemplate;

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Förnamn/), 'Anna');
  await user.type(screen.getByLabelText(/Efternamn/), 'Svensson');
  await user.type(screen.getByLabelText(/Personnummer/), '199001011239');
  await user.type(screen.getByLabelText(/Adress/), 'Storgatan 1');
  await user.type(screen.getByLabelText(/Postnummer/), '11122');
  await user.type(screen.getByLabelText(/^Ort/), 'Stockholm');
  await user.type(screen.getByLabelText(/Mobiltelefon/), '0701234567');
  await user.type(screen.getByLabelText(/E-post/), 'anna@example.se');
  await user.click(screen.getByLabelText(/tjänsteleverantörens allmänna villkor/));
  await user.click(screen.getByLabelText(/företagets allmänna villkor/));
}

describe('ApplicationForm in entry mode with the default application form', () => {
  it('submits the answers once they are valid', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ApplicationForm form={form} mode="entry" onSubmit={onSubmit} />);
    await fillValid(user);
    await user.click(screen.getByLabelText('Vår webbplats'));
    await user.click(screen.getByRole('button', { name: 'Skicka ansökan' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      form_firstname: 'Anna',
      form_surname: 'Svensson',
      form_ssn: '199001011239',
      form_address: 'Storgatan 1',
      form_zipcode: '11122',
      form_city: 'Stockholm',
      form_mobilePhone: '0701234567',
      form_email: 'anna@example.se',
      form_agreement: true,
      form_agreement_company: true,
      form_referer: 'form_referer_2',
    });
  });

  it('does not call onSubmit with invalid answers and shows the errors at their fields', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ApplicationForm form={form} mode="entry" onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText(/Förnamn/), 'Anna');
    await user.type(screen.getByLabelText(/Personnummer/), '199001011230');
    await user.click(screen.getByRole('button', { name: 'Skicka ansökan' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const surname = screen.getByLabelText(/Efternamn/);
    expect(surname.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(surname);
    const ssn = screen.getByLabelText(/Personnummer/);
    const describedBy = ssn.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toMatch(/12 siffror/);
    expect(screen.getByRole('alert').textContent).toMatch(/Formuläret innehåller \d+ fel/);
  });
});
