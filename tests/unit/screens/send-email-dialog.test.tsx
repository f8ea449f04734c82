import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { SessionProvider } from '../../../screens/runner/session/session';
import { ToastProvider } from '../../../screens/shared/toast';
import { SendEmailDialog } from '../../../screens/applicants/mail/SendEmailDialog';
import { warmAdminChunks } from './warm';

afterEach(() => vi.unstubAllGlobals());

beforeAll(warmAdminChunks, 60_000);

/** The lists the dialog loads as it opens (templates, merge fields): empty here. */
const LISTS = new Set(['get_emailTemplates', 'get_TemplateProperties']);

/** The dialog inside the providers the applicant page gives it. */
function inDialog(dialog: ReactElement) {
  render(
    <MemoryRouter>
      <SessionProvider>
        <ToastProvider>{dialog}</ToastProvider>
      </SessionProvider>
    </MemoryRouter>,
  );
}

describe('the email dialog for one applicant', () => {
  it('refuses a malformed address in Swedish at the field and sends nothing', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      const { action } = JSON.parse(String(init?.body ?? '{}')) as { action: string };
      return new Response(JSON.stringify({ data: LISTS.has(action) ? [] : null }), { status: 200 });
    });
    vi.stubGlobal('fetch', fetch);
    inDialog(<SendEmailDialog isOpen onClose={() => undefined} recipients={[{ id: 7, name: 'Anna Andersson', email: 'anna@example.se' }]} positionId={1} />);
    const address = await screen.findByLabelText('E-postadress');
    expect(address.closest('form')?.noValidate).toBe(true);
    fireEvent.change(address, { target: { value: 'inte-en-adress' } });
    fireEvent.change(screen.getByLabelText('Ämne'), { target: { value: 'Hej' } });
    fireEvent.click(screen.getByRole('button', { name: 'Skicka' }));
    expect(await screen.findByText('Email är inte giltigt format')).toBeTruthy();
    expect(address.getAttribute('aria-invalid')).toBe('true');
    const sends = fetch.mock.calls.filter(([, init]) => String(init?.body ?? '').includes('"send_email'));
    expect(sends).toHaveLength(0);
  });

  it.each([
    ['an anonymous applicant', { id: 7, name: 'Sökande 7', email: '', anonymous: true }],
    // Protected identity: the server leaves the address out for everyone but administrators.
    ['a protected applicant whose address the caller does not see', { id: 7, name: 'Sigrid Skydd', email: '' }],
  ])('mails %s at the application’s own address: no address field to fill, nothing that cannot work', async (_who, recipient) => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      const { action } = JSON.parse(String(init?.body ?? '{}')) as { action: string };
      const data = LISTS.has(action) ? [] : action.startsWith('send_') ? { sent: [7], failed: [], missingEmail: [] } : null;
      return new Response(JSON.stringify({ data }), { status: 200 });
    });
    vi.stubGlobal('fetch', fetch);
    const onClose = vi.fn();
    inDialog(<SendEmailDialog isOpen onClose={onClose} recipients={[recipient]} positionId={1} initial={{ subject: 'Hej', body: '<p>Hej!</p>' }} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Skicka' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.queryByLabelText('E-postadress')).toBeNull();
    const sent = fetch.mock.calls.map(([, init]) => JSON.parse(String(init?.body ?? '{}'))).find((b) => String(b.action).startsWith('send_'));
    expect(sent).toEqual({ action: 'send_emailToApplicants', data: { positionId: 1, recipients: [7], subject: 'Hej', body: '<p>Hej!</p>' } });
  });

  it('sends once while the first send runs: the held button says so, and Enter in a field (a second submit) sends nothing more', async () => {
    let sends = 0;
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      const { action } = JSON.parse(String(init?.body ?? '{}')) as { action: string };
      if (action.startsWith('send_')) {
        sends++;
        return new Promise<Response>(() => undefined);
      }
      return new Response(JSON.stringify({ data: LISTS.has(action) ? [] : null }), { status: 200 });
    });
    vi.stubGlobal('fetch', fetch);
    inDialog(<SendEmailDialog isOpen onClose={() => undefined} recipients={[{ id: 7, name: 'Anna Andersson', email: 'anna@example.se' }]} positionId={1} initial={{ subject: 'Hej', body: '<p>Hej!</p>' }} />);
    const button = await screen.findByRole('button', { name: 'Skicka' });
    fireEvent.click(button);
    await vi.waitFor(() => expect(sends).toBe(1));
    await vi.waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('true'));
    fireEvent.submit(screen.getByLabelText('Ämne').closest('form')!);
    fireEvent.click(button);
    // A second send would have reached fetch by the time the first one's calls had settled.
    await act(async () => undefined);
    expect(sends).toBe(1);
  });
});
