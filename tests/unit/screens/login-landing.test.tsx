import { beforeAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import AdminApp from '../../../screens/admin/AdminApp';
import { landingAfterLogin } from '../../../screens/runner/session/token';
import { warmAdminChunks } from './warm';
import { SLOW } from '../../setup/wait';

const tokenOf = (sub: string) => `h.${Buffer.from(JSON.stringify({ sub, given_name: 'A', family_name: 'B', role: 'user', exp: Date.now() / 1000 + 3600 })).toString('base64url')}.s`;

function serve(nextLogin: { sub: string }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (String(url).includes('/api/account/login')) return new Response(JSON.stringify({ token: tokenOf(nextLogin.sub) }), { status: 200 });
      if (String(url).includes('/api/account/logout')) return new Response('{}', { status: 200 });
      const { action } = JSON.parse(String(init?.body ?? '{}')) as { action: string };
      const data =
        action === 'get_containers' ? [{ id: 1, name: 'demo' }] : action === 'get_container' ? { id: 1, name: 'demo', positionTypes: [], myPermissions: ['Write'] } : action === 'get_blogPosts' ? { items: [], next: null } : [];
      return new Response(JSON.stringify({ data }), { status: 200 });
    }),
  );
}

/** Another tab logs out: the session here ends on the storage event, as an expired token would end it. */
function sessionEndsElsewhere() {
  act(() => {
    localStorage.removeItem('blankett.token');
    window.dispatchEvent(new StorageEvent('storage', { key: 'blankett.token' }));
  });
}

async function logIn(email: string) {
  fireEvent.change(await screen.findByLabelText('E-post', {}, SLOW), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Lösenord'), { target: { value: 'hemligt-123' } });
  fireEvent.click(screen.getByRole('button', { name: 'Logga in' }));
}

const heading = () => screen.findByRole('heading', { level: 1 }, SLOW);

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

beforeAll(warmAdminChunks, 60_000);

describe('where a login lands', () => {
  it("lands on the user's own start page, not the page the previous user's session ended on", async () => {
    const next = { sub: 'anna@demo.test' };
    serve(next);
    localStorage.setItem('blankett.token', tokenOf('anna@demo.test'));
    render(
      <MemoryRouter initialEntries={['/admin/change-password']}>
        <AdminApp />
      </MemoryRouter>,
    );
    expect((await heading()).textContent).toBe('Byt lösenord');
    sessionEndsElsewhere();
    next.sub = 'bertil@demo.test';
    await logIn('bertil@demo.test');
    await vi.waitFor(async () => expect((await heading()).textContent).toBe('Start'), SLOW);
  });

  it('takes the same user back to the page their session ended on', async () => {
    const next = { sub: 'anna@demo.test' };
    serve(next);
    localStorage.setItem('blankett.token', tokenOf('anna@demo.test'));
    render(
      <MemoryRouter initialEntries={['/admin/change-password']}>
        <AdminApp />
      </MemoryRouter>,
    );
    expect((await heading()).textContent).toBe('Byt lösenord');
    sessionEndsElsewhere();
    await logIn('anna@demo.test');
    await vi.waitFor(async () => expect((await heading()).textContent).toBe('Byt lösenord'), SLOW);
  });

  it('follows a link opened while no one was logged in, and never leaves /admin', () => {
    expect(landingAfterLogin('/admin/positions/5', null, 'anna@demo.test')).toBe('/admin/positions/5');
    expect(landingAfterLogin('/admin/positions/5', 'bertil@demo.test', 'anna@demo.test')).toBe('/admin');
    expect(landingAfterLogin('https://evil.example/admin', null, 'anna@demo.test')).toBe('/admin');
    expect(landingAfterLogin(undefined, null, 'anna@demo.test')).toBe('/admin');
  });
});
