import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import AdminApp from '../../../screens/admin/AdminApp';
import { screenFiles } from '../../../screens/runner/catalogue';
import type { ScreenFile } from '../../../screens/runner/types';

const token = `h.${Buffer.from(JSON.stringify({ sub: 'admin@demo.test', given_name: 'A', family_name: 'B', role: 'user', exp: Date.now() / 1000 + 3600 })).toString('base64url')}.s`;
const SLOW = { timeout: 5000 };

function serve(actions: Record<string, (data: Record<string, unknown>) => unknown>) {
  const calls: { action: string; data: Record<string, unknown> }[] = [];
  const table: typeof actions = {
    get_containers: () => [{ id: 1, name: 'demo' }],
    get_container: () => ({ id: 1, name: 'demo', positionTypes: [], myPermissions: ['Administrator'] }),
    get_notifications: () => [],
    ...actions,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const { action, data } = JSON.parse(String(init?.body ?? '{}')) as { action: string; data: Record<string, unknown> };
      calls.push({ action, data });
      const value = table[action]?.(data);
      if (value instanceof Response) return value;
      if (value === undefined) return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Hittades inte' } }), { status: 404 });
      return new Response(JSON.stringify({ data: value }), { status: 200 });
    }),
  );
  return calls;
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** A form screen on an entity: the company profile's name and city, loaded from and saved to made-up actions. */
const profile: ScreenFile = {
  id: 'thing-profile',
  route: '/admin/things/:id/profile',
  title: 'Profil',
  access: 'admin',
  kind: 'form',
  schema: { $ref: 'entities/company-profile.json' },
  uiSchema: { 'ui:order': ['displayName', 'city', '*'] },
  load: { action: 'get_position', data: { id: '{route.id}' }, pick: '/profile' },
  save: { action: 'save_thing', data: { id: '{route.id}', profile: '{form}' } },
  toast: 'Sparad',
  next: '/admin/things/{answer.id}/done',
};

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('blankett.token', token);
});
afterEach(() => vi.unstubAllGlobals());

describe('form screens', () => {
  it('loads the picked data, saves the form with its bindings, shows the toast and goes next', async () => {
    const calls = serve({
      get_position: () => ({ id: 7, profile: { displayName: 'Demo AB', city: 'Umeå' } }),
      save_thing: (d) => ({ id: d.id }),
    });
    render(
      <MemoryRouter initialEntries={['/admin/things/7/profile']}>
        <AdminApp catalogue={[...screenFiles, profile]} />
        <Where />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Profil' }, SLOW)).toBeTruthy();
    expect(document.title).toBe('Profil – Blankett');
    const city = (await screen.findByDisplayValue('Umeå', {}, SLOW)) as HTMLInputElement;
    // '{route.id}' is text in the address; get_position declares an integer. (Asked after the
    // loaded value shows: the heading renders before the load is sent.)
    expect(calls.find((c) => c.action === 'get_position')?.data).toEqual({ id: 7 });
    const user = userEvent.setup();
    await user.clear(city);
    await user.type(city, 'Luleå');
    await user.click(screen.getByRole('button', { name: 'Spara' }));
    expect(await screen.findByText('Sparad', {}, SLOW)).toBeTruthy();
    // The entity's defaults (showAge, showGender) come with the form; save_thing declares no types, so id stays text.
    expect(calls.find((c) => c.action === 'save_thing')?.data).toEqual({ id: '7', profile: { displayName: 'Demo AB', city: 'Luleå', showAge: false, showGender: false } });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/things/7/done'));
  }, 30_000);

  it("shows the server's refusal and keeps what was typed", async () => {
    serve({
      get_position: () => ({ profile: { displayName: 'Demo AB' } }),
      save_thing: () => new Response(JSON.stringify({ error: { code: 'conflict', message: 'Namnet är redan upptaget' } }), { status: 409 }),
    });
    render(
      <MemoryRouter initialEntries={['/admin/things/7/profile']}>
        <AdminApp catalogue={[...screenFiles, profile]} />
      </MemoryRouter>,
    );
    const name = await screen.findByDisplayValue('Demo AB', {}, SLOW);
    const user = userEvent.setup();
    await user.type(name, ' Norr');
    await user.click(screen.getByRole('button', { name: 'Spara' }));
    await waitFor(() => expect(screen.getAllByText('Namnet är redan upptaget').length).toBeGreaterThan(0), SLOW);
    expect(screen.getByDisplayValue('Demo AB Norr')).toBeTruthy();
  }, 30_000);

  it('offers a retry when the load fails', async () => {
    let fail = true;
    serve({ get_position: () => (fail ? new Response('{}', { status: 500 }) : { profile: { city: 'Kiruna' } }) });
    render(
      <MemoryRouter initialEntries={['/admin/things/7/profile']}>
        <AdminApp catalogue={[...screenFiles, profile]} />
      </MemoryRouter>,
    );
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert.textContent).toContain('Något gick fel, vänligen försök igen');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Försök igen' }));
    expect(await screen.findByDisplayValue('Kiruna', {}, SLOW)).toBeTruthy();
  }, 30_000);

  it('shows each server refusal at the field it came from, focuses the first, and the rest at the form', async () => {
    serve({
      get_position: () => ({ profile: { displayName: 'Demo AB', city: 'Umeå' } }),
      save_thing: () =>
        new Response(
          JSON.stringify({ error: { code: 'invalid', message: 'Ogiltiga uppgifter', details: [{ path: '/profile/city', message: 'Orten finns inte' }, { path: '/profile/displayName', message: 'Namnet är upptaget' }, { path: '/id', message: 'Fel id' }] } }),
          { status: 400 },
        ),
    });
    render(
      <MemoryRouter initialEntries={['/admin/things/7/profile']}>
        <AdminApp catalogue={[...screenFiles, profile]} />
      </MemoryRouter>,
    );
    await screen.findByDisplayValue('Umeå', {}, SLOW);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Spara' }));
    const city = screen.getByDisplayValue('Umeå');
    await waitFor(() => expect(document.getElementById(`${city.id}__error`)?.textContent).toContain('Orten finns inte'), SLOW);
    expect(document.getElementById(`${screen.getByDisplayValue('Demo AB').id}__error`)?.textContent).toContain('Namnet är upptaget');
    await waitFor(() => expect(document.activeElement).toBe(city), SLOW);
    // '/id' was sent from the route, not the form: it is said at the form.
    expect(screen.getAllByText('Fel id').length).toBeGreaterThan(0);
  }, 30_000);

  it('picks one row of a list answer by the route parameter, titles itself from it, and says when there is no such row', async () => {
    const pick: ScreenFile = {
      ...profile,
      id: 'thing-pick',
      route: '/admin/picked/:id',
      heading: 'Ort: {data.city}',
      load: { action: 'get_containerUsers', data: {}, find: { field: 'id', equals: '{route.id}' } },
      sections: [{ title: 'Var', fields: ['city'] }],
      notFound: 'Ingen sådan sak',
    };
    serve({ get_containerUsers: () => [{ id: 1, city: 'Kiruna' }, { id: 2, city: 'Visby' }] });
    const view = render(
      <MemoryRouter initialEntries={['/admin/picked/2']}>
        <AdminApp catalogue={[...screenFiles, pick]} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Ort: Visby' }, SLOW)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Ort: Visby – Blankett'));
    const group = screen.getByRole('group', { name: 'Var' });
    expect(group.querySelector('input')?.value).toBe('Visby');
    view.unmount();
    render(
      <MemoryRouter initialEntries={['/admin/picked/9']}>
        <AdminApp catalogue={[...screenFiles, pick]} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Ingen sådan sak', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Spara' })).toBeNull();
  }, 30_000);
});
