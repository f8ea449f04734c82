import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import AdminApp from '../../../screens/admin/AdminApp';

const token = (claims: Record<string, unknown>) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;
const writer = token({ sub: 'writer@demo.test', given_name: 'Viktor', family_name: 'Skribent', role: 'user', exp: Date.now() / 1000 + 3600 });

/** A fake server answering the dispatcher actions the admin app calls. */
function serve(actions: Record<string, unknown>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/account/login') return new Response('', { status: 401 });
      const { action } = JSON.parse(String(init?.body ?? '{}')) as { action: string };
      calls.push(action);
      if (!(action in actions)) return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Hittades inte' } }), { status: 404 });
      return new Response(JSON.stringify({ data: actions[action] }), { status: 200 });
    }),
  );
  return calls;
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminApp />
      <Where />
    </MemoryRouter>,
  );
}

const container = (myPermissions: string[]) => ({ id: 1, name: 'demo', displayName: 'Demoföretaget AB', positionTypes: [{ id: 1, name: 'Sommarjobb' }], myPermissions });

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('AdminApp', () => {
  it('tells staff to contact support when the container has no PositionTemplates folder', async () => {
    localStorage.setItem('blankett.token', writer);
    serve({ get_containers: [{ id: 1, name: 'demo' }], get_container: container(['Write']), get_folders: [{ id: 9, name: 'Bilder', containerId: 1 }] });
    renderAt('/admin/form-templates');
    // Views load lazily (screens/runner/views.ts); their first transform under vitest can take over a second.
    expect(await screen.findByText('Hittade inga mallar, vänligen kontakta support', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('sends a reader who opens the template screens to /access-denied', async () => {
    localStorage.setItem('blankett.token', writer);
    serve({ get_containers: [{ id: 1, name: 'demo' }], get_container: container(['Read']) });
    renderAt('/admin/form-templates/new');
    // The guard redirects, then the access-denied view loads lazily (its first transform is slow under vitest).
    expect(await screen.findByRole('heading', { name: 'Åtkomst nekad' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/access-denied');
  });

  it('asks a user of several companies to pick one and remembers the choice', async () => {
    localStorage.setItem('blankett.token', writer);
    serve({ get_containers: [{ id: 1, name: 'demo', displayName: 'Demo AB' }, { id: 2, name: 'annat', displayName: 'Annat AB' }], get_container: { ...container(['Write']), id: 2, displayName: 'Annat AB' } });
    renderAt('/admin');
    (await screen.findByRole('button', { name: 'Välj Annat AB' }, { timeout: 5000 })).click();
    expect(await screen.findByRole('heading', { name: 'Start' }, { timeout: 5000 })).toBeTruthy();
    expect(localStorage.getItem('blankett.containerId')).toBe('2');
    expect(screen.getByRole('link', { name: 'Byt företag' })).toBeTruthy();
  });

  it('shows the generic login failure text when the server refuses the login', async () => {
    serve({});
    renderAt('/login');
    fireEvent.change(await screen.findByLabelText('E-post'), { target: { value: 'writer@demo.test' } });
    fireEvent.change(screen.getByLabelText('Lösenord'), { target: { value: 'fel-lösenord' } });
    (screen.getByRole('button', { name: 'Logga in' }) as HTMLButtonElement).click();
    expect(await screen.findByText('Fel e-post eller lösenord')).toBeTruthy();
  });

  it('logs out and goes to /login when the server says the session is over', async () => {
    localStorage.setItem('blankett.token', writer);
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: { code: 'unauthorized', message: 'Du måste logga in' } }), { status: 401 })));
    renderAt('/admin/positions');
    expect(await screen.findByRole('heading', { name: 'Logga in' })).toBeTruthy();
    expect(localStorage.getItem('blankett.token')).toBeNull();
  });
});
