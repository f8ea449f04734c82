import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { MetadataProperty } from '../../../engine/types';
import { SessionProvider } from '../../../screens/runner/session/session';
import { ToastProvider } from '../../../screens/shared/toast';
import { AnswersCard } from '../../../screens/applicants/detail/AnswersCard';
import type { ApplicantDetail } from '../../../screens/applicants/types';
import { fetchAnswering } from '../fetch';
import { compileTemplate } from '../../../engine/index';
import { SLOW } from '../../setup/wait';

afterEach(() => vi.unstubAllGlobals());

const field = (key: string, label: string): MetadataProperty => ({ key, type: 'text', label, placeholder: '', required: false, isHtml: false, data: null, validators: [] });

/** The answered form as the server compiles it for the page (server/domain/forms/compiled-form.ts shownFormOf). */
function shownForm(metadata: MetadataProperty[]) {
  const { schema, uiSchema } = compileTemplate({ metadata, key: 'position-3', version: 1 });
  return { schema, uiSchema };
}

const applicant = {
  id: 7,
  positionId: 3,
  formVersion: 1,
  email: 'anna@example.se',
  created: 1_700_000_000,
  info: { firstname: 'Anna', lastname: 'Berg', name: 'Anna Berg', email: 'anna@example.se' },
  form: [field('form_mobilePhone', 'Mobiltelefon'), field('form_city', 'Ort')],
  shownForm: shownForm([field('form_mobilePhone', 'Mobiltelefon'), field('form_city', 'Ort')]),
  metadata: { form_mobilePhone: '0701234567', form_city: 'Stockholm' },
} as unknown as ApplicantDetail;

/** The same application while its position's anonymous mode hides who it is (get_applicantPosition's answer then). */
const hiddenApplicant = {
  ...applicant,
  email: '',
  info: { firstname: '', lastname: '', name: 'Sökande 7', email: '' },
  anonymous: true,
  metadata: { form_city: 'Stockholm' },
  form: [field('form_mobilePhone', 'Mobiltelefon'), field('form_city', 'Ort'), field('form_textarea_1', 'Om dig')],
  shownForm: shownForm([field('form_mobilePhone', 'Mobiltelefon'), field('form_city', 'Ort'), field('form_textarea_1', 'Om dig')]),
  hidden: { keys: ['form_mobilePhone'], until: 'Intervju' },
} as unknown as ApplicantDetail;

function show(canWrite: boolean, onSaved = vi.fn(), a = applicant) {
  render(
    <MemoryRouter>
      <SessionProvider>
        <ToastProvider>
          <AnswersCard a={a} canWrite={canWrite} showAge showGender onSaved={onSaved} />
        </ToastProvider>
      </SessionProvider>
    </MemoryRouter>,
  );
  return onSaved;
}

describe('the answers card of the applicant page', () => {
  it('shows a reader the answers without a button to change them', () => {
    show(false);
    expect(screen.getByText('0701234567')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ändra svar' })).toBeNull();
  });

  // Issue 27 item 1: the page draws the answers with the server's compile, so it loads no compiler, ajv or sanitiser.
  it('draws the answers with the form the server compiled, not with one compiled here', () => {
    show(false, vi.fn(), { ...applicant, shownForm: shownForm([field('form_mobilePhone', 'Mobil (serverns)'), field('form_city', 'Ort')]) } as ApplicantDetail);
    expect(screen.getByText('Mobil (serverns)')).toBeTruthy();
    expect(screen.queryByText('Mobiltelefon')).toBeNull();
  });

  it('says the form cannot be shown when the server could not compile it', () => {
    show(false, vi.fn(), { ...applicant, shownForm: null } as ApplicantDetail);
    expect(screen.getByRole('alert').textContent).toBeTruthy();
    expect(screen.queryByText('0701234567')).toBeNull();
  });

  it('says a hidden answer is hidden until the step that shows it, keeps "no answer" for a real one, and offers no edit while anonymous', () => {
    show(true, vi.fn(), hiddenApplicant);
    const row = (key: string) => document.querySelector(`[data-key="${key}"] .blk-view-value`)?.textContent;
    expect(row('form_mobilePhone')).toBe('Dolt till steget Intervju');
    expect(row('form_textarea_1')).toBe('Ingen information angiven.');
    expect(row('form_city')).toBe('Stockholm');
    // The e-mail among the facts reads the same, with no empty mailto link.
    expect(screen.getAllByText('Dolt till steget Intervju')).toHaveLength(2);
    expect(document.querySelector('a[href^="mailto:"]')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ändra svar' })).toBeNull();
  });

  it('puts the server field errors at their fields and keeps the form open', async () => {
    const fetch = fetchAnswering(400, { error: { code: 'invalid', message: 'Ogiltig begäran', details: [{ key: 'form_mobilePhone', validator: 'x', message: 'Numret går inte att nå' }] } });
    const onSaved = show(true);
    fireEvent.click(screen.getByRole('button', { name: 'Ändra svar' }));
    // The entry form's code loads when editing starts; its first field then takes the focus.
    const phone = (await screen.findByLabelText(/^Mobiltelefon/, {}, SLOW)) as HTMLInputElement;
    expect(phone.value).toBe('0701234567');
    await waitFor(() => expect(document.activeElement).toBe(phone));
    fireEvent.change(phone, { target: { value: '0739876543' } });
    fireEvent.click(screen.getByRole('button', { name: 'Spara' }));
    expect(await screen.findAllByText('Numret går inte att nå')).not.toHaveLength(0);
    await waitFor(() => expect(screen.getByLabelText(/^Mobiltelefon/).getAttribute('aria-invalid')).toBe('true'));
    const sent = JSON.parse(String(fetch.mock.calls[0]![1]?.body));
    expect(sent).toEqual({ action: 'update_jobApplicant', data: { applicant: { id: 7, metadata: { form_mobilePhone: '0739876543', form_city: 'Stockholm' } } } });
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Avbryt' })).toBeTruthy();
  });

  it('says a colleague changed it meanwhile, and cancelling brings back the answers as they were', async () => {
    fetchAnswering(409, { error: { code: 'conflict', message: 'Ansökan ändrades av någon annan samtidigt. Ingenting sparades – ladda om sidan och försök igen.' } });
    show(true);
    fireEvent.click(screen.getByRole('button', { name: 'Ändra svar' }));
    fireEvent.change(await screen.findByLabelText(/^Ort/, {}, SLOW), { target: { value: 'Lund' } });
    fireEvent.click(screen.getByRole('button', { name: 'Spara' }));
    const said = await screen.findAllByText(/^Ansökan ändrades av någon annan samtidigt/);
    expect(said.some((el) => el.getAttribute('role') === 'alert')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Avbryt' }));
    expect(screen.getByText('Stockholm')).toBeTruthy();
    expect(screen.queryByText('Lund')).toBeNull();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Ändra svar'));
  });
});
