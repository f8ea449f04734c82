import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SessionProvider } from '../../../screens/runner/session/session';
import { ToastProvider } from '../../../screens/shared/toast';
import { SendEmailDialog } from '../../../screens/applicants/mail/SendEmailDialog';

afterEach(() => vi.unstubAllGlobals());

describe('the email dialog for one applicant', () => {
  it('refuses a malformed address in Swedish at the field and sends nothing', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      const { action } = JSON.parse(String(init?.body ?? '{}')) as { action: string };
      return new Response(JSON.stringify({ data: action === 'get_emailTemplates' || action === 'get_TemplateProperties' ? [] : null }), { status: 200 });
    });
    vi.stubGlobal('fetch', fetch);
    render(
      <MemoryRouter>
        <SessionProvider>
          <ToastProvider>
            <SendEmailDialog isOpen onClose={() => undefined} recipients={[{ id: 7, name: 'Anna Andersson', email: 'anna@example.se' }]} positionId={1} />
          </ToastProvider>
        </SessionProvider>
      </MemoryRouter>,
    );
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
});
