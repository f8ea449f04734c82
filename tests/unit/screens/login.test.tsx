import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import sv from '../../../schemas/messages/sv.json';
import { MemoryRouter } from 'react-router-dom';
import AdminApp from '../../../screens/admin/AdminApp';
import { SLOW } from '../../setup/wait';

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the login page', () => {
  it('says at each field what is missing or wrong and does not ask the server', async () => {
    const fetch = vi.fn(async (_url: string) => new Response(JSON.stringify({}), { status: 401 }));
    vi.stubGlobal('fetch', fetch);
    render(
      <MemoryRouter initialEntries={['/login']}>
        <AdminApp />
      </MemoryRouter>,
    );
    const button = await screen.findByRole('button', { name: 'Logga in' }, SLOW);
    fireEvent.click(button);
    const email = screen.getByLabelText('E-post');
    const password = screen.getByLabelText('Lösenord');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Fältet är obligatoriskt')).toHaveLength(2);
    expect(document.activeElement).toBe(email);

    fireEvent.change(email, { target: { value: 'inte-en-adress' } });
    fireEvent.change(password, { target: { value: 'hemligt-123' } });
    fireEvent.click(button);
    expect(screen.getByText('Email är inte giltigt format')).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBeNull();
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('/api/account/login'))).toHaveLength(0);
  });

  it("keeps the keyboard user's place when the sign-in link takes the form's place and gives it back", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ data: null }), { status: 200 })));
    render(
      <MemoryRouter initialEntries={['/login']}>
        <AdminApp />
      </MemoryRouter>,
    );
    const opener = await screen.findByRole('button', { name: sv.signin.loginWithLink }, SLOW);
    fireEvent.click(opener);
    const heading = await screen.findByRole('heading', { name: sv.signin.requestTitle }, SLOW);
    await waitFor(() => expect(document.activeElement).toBe(heading));
    fireEvent.click(screen.getByRole('button', { name: sv.signin.orPassword }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: sv.signin.loginWithLink })));
  });
});
