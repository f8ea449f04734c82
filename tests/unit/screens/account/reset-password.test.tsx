import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import AdminApp from '../../../../screens/admin/AdminApp';
import { SLOW } from '../../../setup/wait';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';

/** A fake /api/account/reset/confirm answering with the given status and body; records posts. */
function serve(status: number, body: unknown) {
  const posts: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      posts.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : null });
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return posts;
}

function Where() {
  const { pathname, hash } = useLocation();
  return <output data-testid="where">{pathname + hash}</output>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminApp />
      <Where />
    </MemoryRouter>,
  );
}

async function fill(password: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Nytt lösenord'), password);
  if (confirm) await user.type(screen.getByLabelText('Upprepa det nya lösenordet'), confirm);
  await user.click(screen.getByRole('button', { name: 'Spara lösenordet' }));
  return user;
}

const errorOf = (label: string) => {
  const input = screen.getByLabelText(label);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
};

afterEach(() => vi.unstubAllGlobals());

describe('the reset-password page (a form posting to /api/account/reset/confirm)', () => {
  it('reads the token from the fragment and wipes it from the address', async () => {
    serve(200, { data: { reset: true } });
    renderAt(`/reset-password#token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Välj ett nytt lösenord' })).toBeTruthy();
    // The heading is the page's and shows at once; the form is a view block that loads lazily
    // (screens/runner/views.ts), so wait for its field, then for its effect to wipe the fragment.
    expect(await screen.findByLabelText('Nytt lösenord', undefined, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/reset-password'));
  });

  it('says the passwords do not match at the repeat field and posts nothing', async () => {
    const posts = serve(200, { data: { reset: true } });
    renderAt(`/reset-password#token=${TOKEN}`);
    await fill('ett-langt-losen', 'ett-annat-losen');
    expect(errorOf('Upprepa det nya lösenordet')).toBe('Lösenorden matchar inte');
    expect(screen.getByLabelText('Upprepa det nya lösenordet').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Upprepa det nya lösenordet'));
    expect(posts).toEqual([]);
  });

  it('refuses a password shorter than 10 characters at the password field', async () => {
    const posts = serve(200, { data: { reset: true } });
    renderAt(`/reset-password#token=${TOKEN}`);
    await fill('kort', 'kort');
    expect(errorOf('Nytt lösenord')).toBe('Minst 10 tecken. Inte din e-postadress, organisationens namn eller ett vanligt lösenord. Lösenordet måste vara minst 10 tecken');
    expect(document.activeElement).toBe(screen.getByLabelText('Nytt lösenord'));
    expect(posts).toEqual([]);
  });

  it('drops a field error once the typing fixes it', async () => {
    serve(200, { data: { reset: true } });
    renderAt(`/reset-password#token=${TOKEN}`);
    const user = await fill('ett-langt-losen', 'ett-langt-lose');
    expect(errorOf('Upprepa det nya lösenordet')).toBe('Lösenorden matchar inte');
    await user.type(screen.getByLabelText('Upprepa det nya lösenordet'), 'n');
    expect(errorOf('Upprepa det nya lösenordet')).toBe('');
  });

  it('tells the user an expired or used link is refused and offers a new one', async () => {
    serve(400, {
      error: { code: 'invalid', message: 'Länken är ogiltig eller har gått ut', details: [{ path: '/token', message: 'Länken är ogiltig eller har gått ut' }] },
    });
    renderAt(`/reset-password#token=${TOKEN}`);
    await fill('ett-langt-losen', 'ett-langt-losen');
    expect((await screen.findByRole('alert')).textContent).toBe('Länken är ogiltig eller har gått ut');
    expect(document.activeElement).toBe(screen.getByRole('alert'));
    expect(screen.getByRole('link', { name: 'Begär en ny länk' }).getAttribute('href')).toBe('/forgot');
    expect(screen.queryByLabelText('Nytt lösenord')).toBeNull();
  });

  it('posts the token only in the body once and shows success with a link to the login', async () => {
    const posts = serve(200, { data: { reset: true } });
    renderAt(`/reset-password#token=${TOKEN}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nytt lösenord'), 'ett-langt-losen');
    await user.type(screen.getByLabelText('Upprepa det nya lösenordet'), 'ett-langt-losen');
    const button = screen.getByRole('button', { name: 'Spara lösenordet' });
    await user.dblClick(button);
    const done = await screen.findByText('Ditt lösenord är ändrat. Logga in med ditt nya lösenord.');
    expect(done.getAttribute('role')).toBe('status');
    expect(document.activeElement).toBe(done);
    expect(posts).toEqual([
      { url: '/api/account/reset/confirm', method: 'POST', body: { token: TOKEN, password: 'ett-langt-losen', confirmPassword: 'ett-langt-losen' } },
    ]);
    expect(screen.getByRole('link', { name: 'Gå till inloggningen' }).getAttribute('href')).toBe('/login');
  });

  it('shows a server password problem at its field and keeps the form', async () => {
    serve(400, { error: { code: 'invalid', message: 'Lösenordet är för långt', details: [{ path: '/password', message: 'Lösenordet är för långt' }] } });
    renderAt(`/reset-password#token=${TOKEN}`);
    await fill('ett-langt-losen', 'ett-langt-losen');
    await vi.waitFor(() => expect(errorOf('Nytt lösenord')).toBe('Minst 10 tecken. Inte din e-postadress, organisationens namn eller ett vanligt lösenord. Lösenordet är för långt'));
    expect(screen.getByRole('button', { name: 'Spara lösenordet' })).toBeTruthy();
  });

  it('keeps the form and asks to retry when the network fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    renderAt(`/reset-password#token=${TOKEN}`);
    await fill('ett-langt-losen', 'ett-langt-losen');
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Något gick fel, vänligen försök igen'));
    expect((screen.getByRole('button', { name: 'Spara lösenordet' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('explains a link without a token instead of showing a form that cannot work', async () => {
    const posts = serve(200, {});
    renderAt('/reset-password');
    expect((await screen.findByRole('alert')).textContent).toBe('Länken saknar sin kod. Öppna länken i e-postmeddelandet igen eller begär en ny.');
    expect(screen.getByRole('link', { name: 'Begär en ny länk' }).getAttribute('href')).toBe('/forgot');
    expect(screen.queryByLabelText('Nytt lösenord')).toBeNull();
    expect(posts).toEqual([]);
  });
});
