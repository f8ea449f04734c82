import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { screenFiles } from './screen-files';
import type { ScreenFile } from '../../../screens/runner/types';
import { fakeToken, renderAdminAt, serveActions, signIn, type Handler } from './harness';
import { SLOW } from '../../setup/wait';

const serve = (actions: Record<string, Handler>) => serveActions(actions, { permissions: ['Administrator'] });
const at = (path: string, extra: ScreenFile) => renderAdminAt(path, [...screenFiles, extra]);

const record: ScreenFile = {
  id: 'thing-record',
  route: '/admin/things/:id',
  title: 'Sak',
  heading: '{data.name}',
  access: 'read',
  kind: 'record',
  load: { action: 'get_position', data: { id: '{route.id}' } },
  sections: [
    {
      title: 'Uppgifter',
      fields: [
        { field: 'name', label: 'Namn' },
        { field: 'created', label: 'Skapad', format: 'datetime' },
        { field: 'text', label: 'Text', format: 'html' },
        { field: 'email', label: 'E-post', format: 'email' },
        { field: 'site', label: 'Webbplats', format: 'url' },
        { field: 'labels', label: 'Etiketter', format: 'label' },
        { field: 'parentId', label: 'Hör till', format: 'link', link: '/admin/things/{data.parentId}' },
      ],
    },
  ],
  actions: [{ label: 'Arkivera', action: 'update_PositionArchivedStatus', data: { positionId: '{data.id}', isArchived: true }, confirm: 'Arkivera {data.name}?', toast: 'Arkiverad', to: '/admin/positions', access: 'write' }],
  notFound: 'Saken finns inte',
};

beforeEach(() => signIn(fakeToken('admin@demo.test')));
afterEach(() => vi.unstubAllGlobals());

describe('record screens', () => {
  it('show each field in its format, title themselves from the record and run an action after confirmation', async () => {
    const calls = serve({
      get_position: (d) =>
        d.id === 7
          ? { id: 7, name: 'Lager', created: 1767225600, text: '<p>Hej<script>alert(1)</script></p>', email: 'a@b.se', site: 'javascript:alert(1)', labels: ['Ny', 'Viktig'], parentId: 3 }
          : undefined,
      update_PositionArchivedStatus: () => ({ ok: true }),
      get_positions: () => [],
    });
    const view = at('/admin/things/7', record);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lager' }, SLOW)).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Uppgifter' });
    // 2026-01-01T00:00Z is 01:00 in Stockholm.
    expect(within(section).getByText('2026-01-01 01:00')).toBeTruthy();
    // The HTML draws once the sanitiser has loaded (screens/shared/SafeHtml.tsx).
    expect(await within(section).findByText('Hej')).toBeTruthy();
    expect(section.querySelector('script')).toBeNull();
    expect(within(section).getByRole('link', { name: 'a@b.se' }).getAttribute('href')).toBe('mailto:a@b.se');
    // Not an http(s) address: shown as text, never a link.
    expect(within(section).queryByRole('link', { name: 'javascript:alert(1)' })).toBeNull();
    expect(within(section).getByText('Viktig').className).toBe('scr-label');
    expect(within(section).getByRole('link', { name: '3' }).getAttribute('href')).toBe('/admin/things/3');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Arkivera' }));
    const dialog = await screen.findByRole('alertdialog', {}, SLOW);
    expect(dialog.textContent).toContain('Arkivera Lager?');
    await user.click(within(dialog).getByRole('button', { name: 'Arkivera' }));
    await waitFor(() => expect(calls.find((c) => c.action === 'update_PositionArchivedStatus')?.data).toEqual({ positionId: 7, isArchived: true }), SLOW);
    expect(await screen.findByText('Arkiverad', {}, SLOW)).toBeTruthy();
    view.unmount();
  }, 30_000);

  it('say when the record does not exist', async () => {
    serve({ get_position: () => undefined });
    at('/admin/things/8', record);
    expect(await screen.findByText('Saken finns inte', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Arkivera' })).toBeNull();
  }, 30_000);
});

describe('page screens', () => {
  const page: ScreenFile = {
    id: 'thing-page',
    route: '/admin/thing-page/:id',
    title: 'Sida',
    access: 'read',
    kind: 'page',
    blocks: [
      { kind: 'text', text: 'Om sidan' },
      { kind: 'links', links: [{ label: 'Till tjänster', to: '/admin/positions' }, { label: 'Odins sida', to: '/admin/events', access: 'odin' }] },
      { kind: 'stats', title: 'Siffror', load: { action: 'get_position', data: { id: '{route.id}' } }, stats: [{ field: 'count', label: 'Ansökningar' }] },
      { kind: 'record', id: 'rec', title: 'Sak', load: { action: 'get_position', data: { id: '{route.id}' } }, sections: [{ fields: [{ field: 'name', label: 'Namn' }] }] },
      { kind: 'form', title: 'Byt namn', schema: { type: 'object', properties: { name: { type: 'string', title: 'Nytt namn' } } }, save: { action: 'save_thing', data: { name: '{form.name}' } }, toast: 'Sparad', reloads: ['rec'] },
    ],
  };

  it('lay out their blocks and reload a record after a form block saves', async () => {
    let name = 'Gammalt';
    const calls = serve({
      get_position: () => ({ id: 7, name, count: 1234 }),
      save_thing: (d) => {
        name = String(d.name);
        return { ok: true };
      },
    });
    at('/admin/thing-page/7', page);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sida' }, SLOW)).toBeTruthy();
    expect(screen.getByText('Om sidan')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Till tjänster' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Odins sida' })).toBeNull();
    expect(await screen.findByText(/^1\s234$/, {}, SLOW)).toBeTruthy();
    const rec = screen.getByRole('region', { name: 'Sak' });
    await waitFor(() => expect(rec.textContent).toContain('Gammalt'), SLOW);
    const loads = () => calls.filter((c) => c.action === 'get_position').length;
    const before = loads();
    const user = userEvent.setup();
    // The form block's code loads when a page first draws one (issue 27 item 1).
    await user.type(await screen.findByRole('textbox', { name: 'Nytt namn' }, SLOW), 'Nytt');
    await user.click(screen.getByRole('button', { name: 'Spara' }));
    await waitFor(() => expect(rec.textContent).toContain('Nytt'), SLOW);
    // Only the named block loaded again: the stats block did not.
    expect(loads()).toBe(before + 1);
  }, 30_000);

  it('show one block at a time as tabs', async () => {
    serve({ get_position: () => ({ id: 7, name: 'Lager', count: 2 }) });
    at('/admin/thing-page/7', { ...page, arrange: 'tabs', blocks: [{ kind: 'text', title: 'Först', text: 'Ett' }, { kind: 'text', title: 'Sedan', text: 'Två' }] });
    const tabs = await screen.findAllByRole('tab', {}, SLOW);
    expect(tabs.map((t) => t.textContent)).toEqual(['Först', 'Sedan']);
    expect(screen.getByRole('tabpanel').textContent).toContain('Ett');
    await userEvent.setup().click(tabs[1]!);
    expect(screen.getByRole('tabpanel').textContent).toContain('Två');
    expect(screen.queryByText('Ett')).toBeNull();
  }, 30_000);

  it('make the start page: the welcome by name and organisation, the links the right allows and the newest posts', async () => {
    serve({ get_blogPosts: () => [{ id: 5, title: 'Nyhet ett', body: '<p>Kort <b>text</b></p>', created: 1767225600 }] });
    renderAdminAt('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Start' }, SLOW)).toBeTruthy();
    expect(screen.getByText('Välkommen A! Du arbetar i demo.')).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Skapa annons' }).getAttribute('href')).toBe('/admin/positions/new');
    const news = screen.getByRole('region', { name: 'Senaste nytt' });
    expect((await within(news).findByRole('link', { name: 'Nyhet ett' }, SLOW)).getAttribute('href')).toBe('/admin/news/5');
    expect(within(news).getByText('Kort text')).toBeTruthy();
  }, 30_000);
});
