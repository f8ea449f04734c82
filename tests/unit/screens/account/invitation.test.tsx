import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import AdminApp from '../../../../screens/admin/AdminApp';
import { json, refusal } from '../../fetch';
import { warmAdminChunks } from '../warm';
import { SLOW } from '../../../setup/wait';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';
const session = `h.${Buffer.from(JSON.stringify({ sub: 'ny@demo.test', given_name: 'N', family_name: 'Y', role: 'user', exp: Date.now() / 1000 + 3600 })).toString('base64url')}.s`;

/** The two invitation routes answered as the server does; records what was posted where. */
function serve(needsPassword: boolean, accept: () => Response) {
  const posts: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? (JSON.parse(String(init.body)) as { action?: string }) : null;
      posts.push({ url, body });
      if (url === '/api/account/invitation') return json(200, { data: { email: 'ny@demo.test', company: 'Demoföretaget AB', needsPassword } });
      if (url === '/api/account/invitation/accept') return accept();
      return json(200, { data: body?.action === 'get_containers' ? [{ id: 1, name: 'demo' }] : body?.action === 'get_container' ? { id: 1, name: 'demo', positionTypes: [], myPermissions: ['Write'] } : [] });
    }),
  );
  return posts;
}

function Where() {
  return <output data-testid="where">{useLocation().pathname + useLocation().hash}</output>;
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminApp />
      <Where />
    </MemoryRouter>,
  );

const errorOf = (label: string) =>
  (screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

beforeAll(warmAdminChunks, 60_000);

describe('the invitation page (a form posting to /api/account/invitation/accept)', () => {
  it('names the organisation, asks for a password the address needs, checks the repeat, and logs in on /admin', async () => {
    const posts = serve(true, () => json(200, { token: session, data: { token: session } }));
    renderAt(`/invitation#token=${TOKEN}`);
    expect(await screen.findByText('Du har bjudits in till Demoföretaget AB som ny@demo.test.', undefined, SLOW)).toBeTruthy();
    expect(screen.getByText('Välj ett lösenord för ditt konto. Det ersätter ett eventuellt tidigare lösenord för adressen.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/invitation'));
    const user = userEvent.setup();
    // The fields are drawn by the form block's code, which may arrive after the page's intro.
    await user.type(await screen.findByLabelText('Nytt lösenord', undefined, SLOW), 'Agarens-losen-2026');
    await user.type(screen.getByLabelText('Upprepa det nya lösenordet'), 'Annat-losen-2026');
    await user.click(screen.getByRole('button', { name: 'Ta emot inbjudan' }));
    await waitFor(() => expect(errorOf('Upprepa det nya lösenordet')).toBe('Lösenorden matchar inte'));
    expect(document.activeElement).toBe(screen.getByLabelText('Upprepa det nya lösenordet'));
    expect(posts.filter((p) => p.url.endsWith('/accept'))).toEqual([]);
    await user.clear(screen.getByLabelText('Upprepa det nya lösenordet'));
    await user.type(screen.getByLabelText('Upprepa det nya lösenordet'), 'Agarens-losen-2026{Enter}');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toMatch(/^\/admin/), SLOW);
    expect(posts.filter((p) => p.url.endsWith('/accept'))).toEqual([
      { url: '/api/account/invitation/accept', body: { token: TOKEN, password: 'Agarens-losen-2026', confirmPassword: 'Agarens-losen-2026' } },
    ]);
    expect(localStorage.getItem('blankett.token')).toBe(session);
    // The first test of the file also waits for the page chunk (RJSF, the engine's ajv) to be transformed.
  }, 30_000);

  it('asks no password of an address with a proven account and sends the token alone', async () => {
    const posts = serve(false, () => json(200, { token: session, data: { token: session } }));
    renderAt(`/invitation#token=${TOKEN}`);
    expect(await screen.findByText('Du har redan ett konto. Ta emot inbjudan så loggas du in.', undefined, SLOW)).toBeTruthy();
    const button = await screen.findByRole('button', { name: 'Ta emot inbjudan' });
    expect(screen.queryByLabelText('Nytt lösenord')).toBeNull();
    await userEvent.setup().click(button);
    await waitFor(() => expect(posts.filter((p) => p.url.endsWith('/accept')).map((p) => p.body)).toEqual([{ token: TOKEN }]));
  });

  it('says at the field what the server refuses in the password', async () => {
    serve(true, () => refusal(400, 'invalid', 'Lösenordet måste vara minst 10 tecken', [{ path: '/password', message: 'Lösenordet måste vara minst 10 tecken' }]));
    renderAt(`/invitation#token=${TOKEN}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nytt lösenord', undefined, SLOW), 'kort');
    await user.type(screen.getByLabelText('Upprepa det nya lösenordet'), 'kort{Enter}');
    await waitFor(() => expect(errorOf('Nytt lösenord')).toBe('Minst 10 tecken. Inte din e-postadress, organisationens namn eller ett vanligt lösenord. Lösenordet måste vara minst 10 tecken'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Nytt lösenord')));
  });

  it('explains a used or forged link in Swedish, focused, with no form', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => refusal(400, 'invalid', 'Inbjudan är ogiltig', [{ path: '/token', message: 'Inbjudan är ogiltig' }])));
    renderAt(`/invitation#token=${TOKEN}`);
    const alert = await screen.findByText('Inbjudan är ogiltig, redan använd eller har gått ut', undefined, SLOW);
    expect(alert.getAttribute('role')).toBe('alert');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(screen.getByText('Be den som bjöd in dig att skicka inbjudan igen.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ta emot inbjudan' })).toBeNull();
  });
});
