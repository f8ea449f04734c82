import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import AdminApp from '../../../screens/admin/AdminApp';
import { SLOW } from '../../setup/wait';

// The account and candidate screens became pages (issue 16 item 5): the heading is the page's,
// the links are links blocks, and only the part that must stay code is a view block. These
// tests catch a view that still draws its own heading (two h1) or a link lost on the way.

/** A fetch that answers every call with `status` and `body`, and records the URLs asked. */
function serve(status: number, body: unknown) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(String(url));
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return urls;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminApp />
    </MemoryRouter>,
  );
}

const headings = () => screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent);

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the account screens as pages', () => {
  it('draws /login with one heading, the form, and a forgot-password link that carries the address typed so far', async () => {
    serve(401, {});
    renderAt('/login');
    await screen.findByLabelText('Lösenord', undefined, SLOW);
    expect(headings()).toEqual(['Logga in']);
    const forgot = () => screen.getByRole('link', { name: 'Glömt lösenordet?' }).getAttribute('href');
    expect(forgot()).toBe('/forgot');
    fireEvent.change(screen.getByLabelText('E-post'), { target: { value: 'alva@exempel.se' } });
    expect(forgot()).toBe('/forgot/alva%40exempel.se');
  });

  it('keeps one heading when /login asks for a mailed link instead', async () => {
    serve(401, {});
    renderAt('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Få en inloggningslänk i e-posten i stället' }, SLOW));
    expect(await screen.findByRole('heading', { name: 'Logga in med en länk' })).toBeTruthy();
    expect(headings()).toEqual(['Logga in']);
  });

  it('waits on /signin-link for the click before it uses the link up, under one heading', async () => {
    const urls = serve(400, { error: { code: 'invalid', message: 'Länken gäller inte längre' } });
    renderAt('/signin-link#token=abcdefghijklmnopqrstuvwxyz012345&email=a%40exempel.se');
    const button = await screen.findByRole('button', { name: 'Logga in' }, SLOW);
    expect(headings()).toEqual(['Inloggningslänk']);
    expect(urls.filter((u) => u.includes('/api/account/signin-link/confirm'))).toEqual([]);
    fireEvent.click(button);
    await waitFor(() => expect(urls.filter((u) => u.includes('/api/account/signin-link/confirm'))).toHaveLength(1));
    expect(await screen.findByText('Länken gäller inte längre')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Tillbaka till inloggningen' }).getAttribute('href')).toBe('/login');
  });

  it('waits on /confirm-email for the click before it uses the link up, under one heading', async () => {
    const urls = serve(400, { error: { code: 'invalid', message: 'Länken gäller inte längre' } });
    renderAt('/confirm-email#token=abcdefghijklmnopqrstuvwxyz012345');
    const button = await screen.findByRole('button', { name: 'Bekräfta adressen' }, SLOW);
    expect(headings()).toEqual(['Bekräfta ny e-postadress']);
    expect(urls.filter((u) => u.includes('/api/account/email/confirm'))).toEqual([]);
    fireEvent.click(button);
    await waitFor(() => expect(urls.filter((u) => u.includes('/api/account/email/confirm'))).toHaveLength(1));
  });

  it('stops an email change on /stop-email-change only on the click, never on load (issue 24)', async () => {
    const urls = serve(200, { data: { stopped: true } });
    renderAt('/stop-email-change#token=abcdefghijklmnopqrstuvwxyz012345');
    const button = await screen.findByRole('button', { name: 'Stoppa ändringen' }, SLOW);
    expect(headings()).toEqual(['Stoppa bytet av e-postadress']);
    expect(urls.filter((u) => u.includes('/api/account/email/stop'))).toEqual([]);
    fireEvent.click(button);
    expect(await screen.findByText(/Bytet är stoppat/)).toBeTruthy();
    expect(urls.filter((u) => u.includes('/api/account/email/stop'))).toHaveLength(1);
  });

  it('explains an /invitation link without its code under one heading, with the way back to the login', async () => {
    serve(404, {});
    renderAt('/invitation');
    expect(await screen.findByText('Länken saknar sin kod. Öppna länken i inbjudan igen.', undefined, SLOW)).toBeTruthy();
    expect(headings()).toEqual(['Ta emot inbjudan']);
    expect(screen.getByRole('link', { name: 'Tillbaka till inloggningen' }).getAttribute('href')).toBe('/login');
  });

  it('shows a signed-out candidate /admin/minasidor under one heading with the way in', async () => {
    serve(401, {});
    renderAt('/admin/minasidor');
    expect(await screen.findByRole('button', { name: 'Skicka inloggningslänk' }, SLOW)).toBeTruthy();
    expect(headings()).toEqual(['Mina sidor']);
    // The talent-pool block is for a signed-in candidate: signed out it is not drawn (it once
    // showed 'Talangpool' with 'Något gick fel' under the sign-in form).
    expect(screen.queryByText('Talangpool')).toBeNull();
  });
});
