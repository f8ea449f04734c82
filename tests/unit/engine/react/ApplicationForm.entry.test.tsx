import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApplicationForm } from '../../../../engine/react';
import template from '../../../../schemas/templates/default-application.json' with { type: 'json' };
import type { FormTemplate } from '../../../../engine/types';
import { describedText, renderForm } from './render';

const form = template as FormTemplate;
const submit = () => screen.getByRole('button', { name: 'Skicka ansökan' });

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

describe('ApplicationForm in entry mode with the default application form', { timeout: 20_000 }, () => {
  it('submits the answers once they are valid', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(<ApplicationForm form={form} mode="entry" onSubmit={onSubmit} />);
    await fillValid(user);
    await user.click(screen.getByLabelText('Vår webbplats'));
    await user.click(submit());
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

  it('does not call onSubmit with invalid answers, focuses the first invalid field and announces the errors', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(<ApplicationForm form={form} mode="entry" onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText(/Förnamn/), 'Anna');
    await user.type(screen.getByLabelText(/Personnummer/), '199001011230');
    await user.click(submit());
    expect(onSubmit).not.toHaveBeenCalled();
    const surname = screen.getByLabelText(/Efternamn/);
    expect(surname.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(surname);
    expect(describedText(screen.getByLabelText(/Personnummer/))).toMatch(/12 siffror/);
    expect(describedText(screen.getByLabelText(/tjänsteleverantörens/))).toBe('Du måste godkänna villkoren');
    const live = screen.getByRole('alert');
    expect(live.getAttribute('aria-live')).toBe('assertive');
    expect(live.textContent).toMatch(/^Formuläret innehåller \d+ fel\. Rätta de markerade fälten\.$/);
    expect(screen.getByLabelText(/Förnamn/).getAttribute('aria-invalid')).toBeNull();
  });

  it('marks required fields with an aria-hidden star and required semantics', () => {
    render(<ApplicationForm form={form} />);
    const first = screen.getByLabelText(/Förnamn/);
    expect(first.getAttribute('aria-required')).toBe('true');
    const star = document.querySelector(`label[for="${first.id}"] .blk-required`);
    expect(star?.getAttribute('aria-hidden')).toBe('true');
    expect(star?.textContent?.trim()).toBe('*');
    const optional = screen.getByLabelText(/Hemtelefon/);
    expect(optional.getAttribute('aria-required')).toBeNull();
    expect(document.querySelector(`label[for="${optional.id}"] .blk-required`)).toBeNull();
  });
});

describe('ApplicationForm validation while the applicant works', () => {
  it('validates a changed field when it loses focus and clears the error once it is fixed', async () => {
    const { user } = renderForm();
    const name = screen.getByLabelText(/^Namn/);
    await user.type(name, 'A');
    await user.tab();
    expect(describedText(name)).toBe('Texten måste vara minst 2 tecken långt');
    await user.type(name, 'n');
    expect(name.getAttribute('aria-invalid')).toBeNull();
  });

  it('does not complain about a field the applicant only passed through', async () => {
    const { user } = renderForm();
    await user.click(screen.getByLabelText(/^Namn/));
    await user.tab();
    expect(screen.getByLabelText(/^Namn/).getAttribute('aria-invalid')).toBeNull();
  });

  it('reports every change through onChange with all answers', async () => {
    const onChange = vi.fn();
    const { user } = renderForm({ onChange, answers: { form_about: 'Hej' } });
    await user.type(screen.getByLabelText(/^Namn/), 'Al');
    expect(onChange).toHaveBeenLastCalledWith({ form_about: 'Hej', form_name: 'Al' });
  });

  it('shows server errors at their fields, focuses the first and lets the engine judge a field again once it changes', async () => {
    const serverErrors = [
      { key: 'form_name', validator: 'taken', message: 'Namnet är upptaget' },
      { key: 'form_mail', validator: 'validEmail', message: 'Email är inte giltigt format' },
      { key: 'unknown_key', validator: 'unknown', message: 'Fältet finns inte i formuläret' },
    ];
    const { user } = renderForm({ serverErrors, answers: { form_name: 'Anna', form_mail: 'x@' } });
    const name = screen.getByLabelText(/^Namn/);
    const mail = screen.getByLabelText(/E-postadress/);
    expect(describedText(name)).toBe('Namnet är upptaget');
    expect(describedText(mail)).toBe('Email är inte giltigt format');
    expect(document.activeElement).toBe(name);
    // An error about a key the form does not show is still told, in the announcement.
    expect(screen.getByRole('alert').textContent).toContain('Fältet finns inte i formuläret');
    await user.type(name, 'a');
    expect(name.getAttribute('aria-invalid')).toBeNull();
    await user.type(mail, 'y');
    expect(describedText(mail)).toBe('Email är inte giltigt format');
    await user.type(mail, '.se');
    expect(mail.getAttribute('aria-invalid')).toBeNull();
  });

  it('does not submit while disabled', async () => {
    const onSubmit = vi.fn();
    render(<ApplicationForm form={form} onSubmit={onSubmit} disabled submitLabel="Skickar…" />);
    const button = screen.getByRole('button', { name: 'Skickar…' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText(/Förnamn/) as HTMLInputElement).disabled).toBe(true);
  });

  it('takes over answers given later, e.g. a restored draft', async () => {
    const { rerender } = render(<ApplicationForm form={form} answers={{}} />);
    await act(async () => rerender(<ApplicationForm form={form} answers={{ form_firstname: 'Bo' }} />));
    expect((screen.getByLabelText(/Förnamn/) as HTMLInputElement).value).toBe('Bo');
  });
});

describe('ApplicationForm under a parent that re-renders', () => {
  it('keeps the errors it found when the parent passes a fresh empty serverErrors list', async () => {
    const user = userEvent.setup({ delay: null });
    const { rerender } = render(<ApplicationForm form={form} serverErrors={[]} />);
    await user.click(submit());
    const surname = screen.getByLabelText(/Efternamn/);
    expect(surname.getAttribute('aria-invalid')).toBe('true');
    rerender(<ApplicationForm form={form} serverErrors={[]} />);
    expect(surname.getAttribute('aria-invalid')).toBe('true');
  });

  it('keeps typed answers when the parent re-renders with the same initial answers', async () => {
    const user = userEvent.setup({ delay: null });
    const initial = { form_city: 'Lund' };
    const { rerender } = render(<ApplicationForm form={form} answers={initial} />);
    await user.type(screen.getByLabelText(/Förnamn/), 'Eva');
    rerender(<ApplicationForm form={form} answers={initial} disabled />);
    expect((screen.getByLabelText(/Förnamn/) as HTMLInputElement).value).toBe('Eva');
    expect((screen.getByLabelText(/^Ort/) as HTMLInputElement).value).toBe('Lund');
  });

  it('keeps an answer given in the form when the parent passes new answers that do not mention it, and takes theirs for the rest', async () => {
    const user = userEvent.setup({ delay: null });
    const { rerender } = render(<ApplicationForm form={form} answers={{ form_city: 'Lund' }} />);
    await user.type(screen.getByLabelText(/Förnamn/), 'Eva');
    await user.type(screen.getByLabelText(/Efternamn/), 'Ek');
    // As the apply page adopting what was typed before it went live: new answers, the first name not among them.
    rerender(<ApplicationForm form={form} answers={{ form_city: 'Malmö', form_surname: 'Berg' }} />);
    expect((screen.getByLabelText(/Förnamn/) as HTMLInputElement).value).toBe('Eva');
    expect((screen.getByLabelText(/Efternamn/) as HTMLInputElement).value).toBe('Berg');
    expect((screen.getByLabelText(/^Ort/) as HTMLInputElement).value).toBe('Malmö');
  });

  it('sends a file chosen a moment before the send with the answers: the send waits for its reading', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    const { container } = render(<ApplicationForm form={form} mode="entry" onSubmit={onSubmit} />);
    await fillValid(user);
    const cv = new File(['%PDF-1.4 cv'], 'cv.pdf', { type: 'application/pdf' });
    // In one go, as a send pressed before the file has been read: the reading is still on its way.
    fireEvent.change(container.querySelector('input[type=file]')!, { target: { files: [cv] } });
    fireEvent.submit(container.querySelector('form')!);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ form_file: [{ filename: 'cv.pdf', type: 'application/pdf' }] });
  });
});
