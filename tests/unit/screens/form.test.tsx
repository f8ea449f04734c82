import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { screenFiles } from './screen-files';
import type { ScreenFile } from '../../../screens/runner/types';
import { fakeToken, goTo, renderAdminAt, serveActions, signIn, type Handler } from './harness';
import { refusal } from '../fetch';
import { SLOW } from '../../setup/wait';

const serve = (actions: Record<string, Handler>) => serveActions(actions, { permissions: ['Administrator'] });


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

beforeEach(() => signIn(fakeToken('admin@demo.test')));
afterEach(() => vi.unstubAllGlobals());

describe('form screens', () => {
  it('loads the picked data, saves the form with its bindings, shows the toast and goes next', async () => {
    const calls = serve({
      get_position: () => ({ id: 7, profile: { displayName: 'Demo AB', city: 'Umeå' } }),
      save_thing: (d) => ({ id: d.id }),
    });
    renderAdminAt('/admin/things/7/profile', [...screenFiles, profile]);
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

  it("never shows nor saves one entity's data on another's page while the other's loads", async () => {
    let release: (() => void) | undefined;
    const calls = serve({
      get_position: (d) =>
        d.id === 7
          ? { profile: { displayName: 'Sju AB', city: 'Umeå' } }
          : new Promise((ok) => {
              release = () => ok({ profile: { displayName: 'Åtta AB', city: 'Luleå' } });
            }),
      save_thing: (d) => ({ id: d.id }),
    });
    renderAdminAt('/admin/things/7/profile', [...screenFiles, profile]);
    await screen.findByDisplayValue('Umeå', {}, SLOW);
    // The same screen for another entity (back and forward, or the header's search): the page stays mounted.
    goTo('/admin/things/8/profile');
    await waitFor(() => expect(calls.some((c) => c.action === 'get_position' && c.data.id === 8)).toBe(true), SLOW);
    expect(screen.queryByDisplayValue('Umeå')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Spara' })).toBeNull();
    release!();
    expect(await screen.findByDisplayValue('Luleå', {}, SLOW)).toBeTruthy();
    expect(screen.queryByDisplayValue('Umeå')).toBeNull();
  }, 30_000);

  it("shows the server's refusal and keeps what was typed", async () => {
    serve({
      get_position: () => ({ profile: { displayName: 'Demo AB' } }),
      save_thing: () => refusal(409, 'conflict', 'Namnet är redan upptaget'),
    });
    renderAdminAt('/admin/things/7/profile', [...screenFiles, profile]);
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
    renderAdminAt('/admin/things/7/profile', [...screenFiles, profile]);
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
    renderAdminAt('/admin/things/7/profile', [...screenFiles, profile]);
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
    const view = renderAdminAt('/admin/picked/2', [...screenFiles, pick]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ort: Visby' }, SLOW)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Ort: Visby – Blankett'));
    // The heading is drawn from the loaded data; the form's fields may arrive a moment later (their chunk).
    await waitFor(() => expect(screen.getByRole('group', { name: 'Var' }).querySelector('input')?.value).toBe('Visby'));
    view.unmount();
    renderAdminAt('/admin/picked/9', [...screenFiles, pick]);
    expect(await screen.findByText('Ingen sådan sak', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Spara' })).toBeNull();
  }, 30_000);
  it("draws the 'position' widget on the RJSF path too: every position by name, a closed one with its status, its id saved", async () => {
    const hold: ScreenFile = {
      id: 'thing-hold',
      route: '/admin/things/:id/hold',
      title: 'Spärr',
      access: 'admin',
      kind: 'form',
      schema: { type: 'object', required: ['positionId'], properties: { positionId: { type: 'integer', title: 'Tjänst' }, note: { type: 'string', title: 'Not' } } },
      // ui:order keeps this form on RJSF's path (the light form knows no order).
      uiSchema: { 'ui:order': ['positionId', 'note'], positionId: { 'ui:widget': 'position', 'ui:options': { among: 'all' } } },
      save: { action: 'save_thing', data: { id: '{route.id}', positionId: '{form.positionId}' } },
      toast: 'Sparad',
    };
    const calls = serve({
      get_positions: () => [
        { id: 3, name: 'Lagerarbetare', status: 'Öppen' },
        { id: 4, name: 'Kassör', status: 'Stängd' },
      ],
      save_thing: (d) => ({ id: d.id }),
    });
    renderAdminAt('/admin/things/7/hold', [...screenFiles, hold]);
    const field = await screen.findByRole('combobox', { name: /^Tjänst/ }, SLOW);
    expect(field.closest('form')?.classList.contains('rjsf')).toBe(true);
    await waitFor(() => expect([...field.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Välj en tjänst', 'Lagerarbetare', 'Kassör (Stängd)']), SLOW);
    const user = userEvent.setup();
    await user.selectOptions(field, 'Kassör (Stängd)');
    await user.click(screen.getByRole('button', { name: 'Spara' }));
    expect(await screen.findByText('Sparad', {}, SLOW)).toBeTruthy();
    expect(calls.find((c) => c.action === 'save_thing')?.data).toEqual({ id: '7', positionId: 4 });
  }, 30_000);
});
