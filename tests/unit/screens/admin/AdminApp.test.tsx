import { beforeAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { answering, fakeToken, renderAdminAt as renderAt, serveActions } from '../harness';
import { fetchAnswering } from '../../fetch';
import { warmAdminChunks } from '../warm';
import { SLOW } from '../../../setup/wait';

const writer = fakeToken('writer@demo.test', 'user', { given_name: 'Viktor', family_name: 'Skribent' });
/** A made-up server answering the dispatcher actions the admin app calls (any other: 404). */
const serve = (actions: Record<string, unknown>) => serveActions(answering(actions));

const container = (myPermissions: string[]) => ({ id: 1, name: 'demo', displayName: 'Demoföretaget AB', positionTypes: [{ id: 1, name: 'Sommarjobb' }], myPermissions });

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

beforeAll(warmAdminChunks, 60_000);

describe('AdminApp', () => {
  it('tells staff to contact support when the container has no PositionTemplates folder', async () => {
    localStorage.setItem('blankett.token', writer);
    // get_formTemplates answers no rows when the container has no PositionTemplates folder (server/domain/templateList.ts).
    serve({ get_containers: [{ id: 1, name: 'demo' }], get_container: container(['Write']), get_formTemplates: [] });
    renderAt('/admin/form-templates');
    // Views load lazily (screens/runner/views.ts); their first transform under vitest can take over a second.
    expect(await screen.findByText('Hittade inga mallar, vänligen kontakta support', {}, SLOW)).toBeTruthy();
  });

  it('sends a reader who opens the template screens to /access-denied', async () => {
    localStorage.setItem('blankett.token', writer);
    serve({ get_containers: [{ id: 1, name: 'demo' }], get_container: container(['Read']) });
    renderAt('/admin/form-templates/new');
    // The guard redirects, then the access-denied view loads lazily (its first transform is slow under vitest).
    expect(await screen.findByRole('heading', { name: 'Åtkomst nekad' }, SLOW)).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/access-denied');
  });

  it('asks a user of several companies to pick one and remembers the choice', async () => {
    localStorage.setItem('blankett.token', writer);
    serve({ get_containers: [{ id: 1, name: 'demo', displayName: 'Demo AB' }, { id: 2, name: 'annat', displayName: 'Annat AB' }], get_container: { ...container(['Write']), id: 2, displayName: 'Annat AB' } });
    renderAt('/admin');
    (await screen.findByRole('button', { name: 'Välj Annat AB' }, SLOW)).click();
    expect(await screen.findByRole('heading', { name: 'Start' }, SLOW)).toBeTruthy();
    expect(localStorage.getItem('blankett.containerId')).toBe('2');
    expect(screen.getByRole('link', { name: 'Byt företag' })).toBeTruthy();
  });

  it('shows the generic login failure text when the server refuses the login', async () => {
    // The login API refuses; nothing else is asked.
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 401 })));
    renderAt('/login');
    fireEvent.change(await screen.findByLabelText('E-post'), { target: { value: 'writer@demo.test' } });
    fireEvent.change(screen.getByLabelText('Lösenord'), { target: { value: 'fel-lösenord' } });
    (screen.getByRole('button', { name: 'Logga in' }) as HTMLButtonElement).click();
    expect(await screen.findByText('Fel e-post eller lösenord')).toBeTruthy();
  });

  it('logs out and goes to /login when the server says the session is over', async () => {
    localStorage.setItem('blankett.token', writer);
    fetchAnswering(401, { error: { code: 'unauthorized', message: 'Du måste logga in' } });
    renderAt('/admin/positions');
    expect(await screen.findByRole('heading', { name: 'Logga in' })).toBeTruthy();
    expect(localStorage.getItem('blankett.token')).toBeNull();
  });
});
