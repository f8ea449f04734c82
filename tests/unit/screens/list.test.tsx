import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { screenFiles } from './screen-files';
import type { ScreenFile } from '../../../screens/runner/types';
import { fakeToken, renderAdminAt as at, serveActions, signIn, type Handler } from './harness';
import { SLOW } from '../../setup/wait';

const serve = (actions: Record<string, Handler>) => serveActions(actions, { missing: 'internal' });

const position = (id: number, name: string, start: number, isArchived = false) => ({
  id, name, start, stop: start + 86_400 * 30, status: isArchived ? 'Arkiverad' : 'Öppen', isArchived, totalApplicants: id, totalUnProcessed: 0,
});

const bodyRows = () => screen.getAllByRole('row').slice(1);

beforeEach(() => signIn(fakeToken('writer@demo.test', 'user', { given_name: 'V', family_name: 'S' })));
afterEach(() => vi.unstubAllGlobals());

describe('list screens', () => {
  it('shows members and pending invitations on /admin/users: only member rows link and carry member actions, and an invitation is resent with its own id', async () => {
    const calls = serve({
      get_container: () => ({ id: 1, name: 'demo', positionTypes: [], myPermissions: ['Administrator'] }),
      get_containerUsers: () => [
        { id: 7, kind: 'member', membershipId: 7, userId: 3, email: 'anna@demo.test', firstname: 'Anna', lastname: 'A', title: '', permissionIds: [1], permissions: ['Administrator'], status: 'Aktiv' },
        { id: 'invitation-4', kind: 'invitation', invitationId: 4, email: 'ny@demo.test', firstname: '', lastname: '', title: '', permissionIds: [3], permissions: ['Read'], status: 'Inbjudan skickad' },
      ],
      resend_invitation: (d) => ({ id: d.id, containerId: 1, email: 'ny@demo.test', permissionIds: [3], invitedByName: 'Anna A', sentAt: 1, expires: 2, expired: false }),
    });
    at('/admin/users');
    const member = await screen.findByRole('row', { name: /anna@demo\.test/ }, SLOW);
    const invited = screen.getByRole('row', { name: /ny@demo\.test/ });
    expect(within(member).getByRole('link', { name: 'anna@demo.test' }).getAttribute('href')).toBe('/admin/users/7');
    expect(within(invited).queryByRole('link', { name: 'ny@demo.test' })).toBeNull();
    expect(within(invited).getByText('Inbjudan skickad')).toBeTruthy();
    // One name per right: the forms' Swedish names, never the stored English ones.
    expect(within(member).getByText('Administratör')).toBeTruthy();
    expect(within(invited).getByText('Läsa')).toBeTruthy();
    expect(within(member).queryByText('Administrator')).toBeNull();
    expect(within(invited).queryByRole('button', { name: 'Ta bort ny@demo.test' })).toBeNull();
    expect(within(member).queryByRole('button', { name: 'Skicka igen anna@demo.test' })).toBeNull();
    await userEvent.setup().click(within(invited).getByRole('button', { name: 'Skicka igen ny@demo.test' }));
    await waitFor(() => expect(calls.some((c) => c.action === 'resend_invitation')).toBe(true));
    expect(calls.find((c) => c.action === 'resend_invitation')!.data).toEqual({ id: 4, containerId: 1 });
  });

  it('lists the positions, sorts by a column, and archives one after the confirmation with a toast', async () => {
    let rows = [position(1, 'Bagare', 1_767_222_000), position(2, 'Administratör', 1_769_900_400)];
    const calls = serve({
      get_positions: () => rows,
      update_PositionArchivedStatus: (d) => {
        rows = rows.map((r) => (r.id === d.positionId ? { ...r, isArchived: d.isArchived as boolean, status: 'Arkiverad' } : r));
        return rows.find((r) => r.id === d.positionId);
      },
    });
    at('/admin/positions');
    await screen.findByRole('row', { name: /Bagare/ }, SLOW);
    expect(document.title).toBe('Annonser – Blankett');
    // Default sort: start, newest first.
    expect(bodyRows().map((r) => within(r).getAllByRole('link')[0]?.textContent)).toEqual(['Administratör', 'Bagare']);
    expect(within(bodyRows()[1]!).getByText('2026-01-01')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Namn' }));
    expect(bodyRows().map((r) => within(r).getAllByRole('link')[0]?.textContent)).toEqual(['Administratör', 'Bagare']);
    expect(screen.getByRole('columnheader', { name: /Namn/ }).getAttribute('aria-sort')).toBe('ascending');
    await user.click(screen.getByRole('button', { name: 'Namn' }));
    expect(bodyRows().map((r) => within(r).getAllByRole('link')[0]?.textContent)).toEqual(['Bagare', 'Administratör']);

    await user.click(screen.getByRole('button', { name: 'Arkivera Bagare' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Vill du arkivera annonsen Bagare?');
    await user.click(within(dialog).getByRole('button', { name: 'Arkivera' }));
    expect(await screen.findByText('Sparad')).toBeTruthy();
    expect(calls.find((c) => c.action === 'update_PositionArchivedStatus')?.data).toEqual({ positionId: 1, isArchived: true });
    expect(await screen.findByRole('button', { name: 'Återaktivera Bagare' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Redigera Bagare' }).getAttribute('href')).toBe('/admin/positions/1/edit');
  }, 30_000);

  it('sends nothing when the confirmation is cancelled', async () => {
    const calls = serve({ get_positions: () => [position(1, 'Bagare', 1_767_222_000)], update_PositionArchivedStatus: () => ({}) });
    at('/admin/positions');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Arkivera Bagare' }, SLOW));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Avbryt' }));
    expect(calls.some((c) => c.action === 'update_PositionArchivedStatus')).toBe(false);
  });

  const things: ScreenFile = {
    id: 'things',
    route: '/admin/things',
    title: 'Saker',
    access: 'loggedIn',
    kind: 'list',
    load: { action: 'get_things', data: { containerId: '{session.containerId}', q: '{filter.q}' }, rows: '/items', next: '/next' },
    columns: [{ field: 'name', label: 'Namn' }],
    filters: { schema: { type: 'object', properties: { q: { type: 'string', title: 'Sök namn' } } } },
    select: true,
    bulkActions: [{ label: 'Ta bort valda', action: 'delete_things', data: { ids: '{selection.ids}' }, toast: 'Borttagna' }],
    rowLabel: '{row.name}',
    empty: 'Inga saker',
  };
  const all = Array.from({ length: 45 }, (_, i) => ({ id: i + 1, name: `Sak ${i + 1}` }));
  const page = (d: Record<string, unknown>) => {
    const list = all.filter((r) => !d.q || r.name.includes(String(d.q)));
    const from = typeof d.after === 'number' ? list.findIndex((r) => r.id === d.after) + 1 : 0;
    const items = list.slice(from, from + 30);
    return { items, next: from + 30 < list.length ? items[items.length - 1]?.id : null };
  };

  it('pages by key in batches of 30, filters, and acts on a selection', async () => {
    const calls = serve({ get_things: page, delete_things: () => ({ deleted: 2 }) });
    at('/admin/things', [...screenFiles, things]);
    await screen.findByRole('row', { name: /Sak 30/ }, SLOW);
    expect(bodyRows()).toHaveLength(30);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Visa fler' }));
    await screen.findByRole('row', { name: /Sak 45/ });
    expect(bodyRows()).toHaveLength(45);
    expect(calls.filter((c) => c.action === 'get_things').map((c) => c.data)).toEqual([{ containerId: 1 }, { containerId: 1, after: 30 }]);
    expect(screen.queryByRole('button', { name: 'Visa fler' })).toBeNull();

    await user.type(within(screen.getByRole('region', { name: 'Filter' })).getByLabelText('Sök namn'), 'Sak 4');
    await waitFor(() => expect(bodyRows()).toHaveLength(7), SLOW); // Sak 4, Sak 40–45
    // The list's own last call (the shell loads other things, such as the bell, meanwhile).
    expect(calls.filter((c) => c.action === 'get_things').at(-1)?.data).toEqual({ containerId: 1, q: 'Sak 4' });

    await user.click(screen.getByRole('checkbox', { name: 'Välj Sak 40' }));
    await user.click(screen.getByRole('checkbox', { name: 'Välj Sak 41' }));
    await user.click(screen.getByRole('button', { name: 'Ta bort valda' }));
    expect(await screen.findByText('Borttagna')).toBeTruthy();
    expect(calls.find((c) => c.action === 'delete_things')?.data).toEqual({ ids: [40, 41] });
    await user.click(await screen.findByRole('checkbox', { name: 'Välj alla' }));
    expect(screen.getAllByRole('checkbox', { checked: true })).toHaveLength(8);
  }, 30_000);

  it('says when there is nothing, and offers a retry when the load fails', async () => {
    let fail = true;
    serve({ get_things: () => (fail ? new Error('x') : { items: [], next: null }) });
    at('/admin/things', [...screenFiles, things]);
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert.textContent).toContain('Något gick fel, vänligen försök igen');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Försök igen' }));
    expect(await screen.findByText('Inga saker')).toBeTruthy();
  });
});

describe('the talent pool filter', () => {
  it("chooses a skill among the organisation's by name, sorted, and lists by the name chosen", async () => {
    const calls = serve({
      get_container: () => ({ id: 1, name: 'demo', positionTypes: [], myPermissions: ['Write'] }),
      get_containerSkills: () => [
        { id: 2, containerId: 1, name: 'Truckkort', description: '', icon: '', questions: [] },
        { id: 3, containerId: 1, name: 'Kassavana', description: '', icon: '', questions: [] },
      ],
      get_talentPool: (d) => ({ rows: d.skill === 'Truckkort' ? [{ id: 9, name: 'Pia Lind', positionName: 'Lager', skills: ['Truckkort'], joinedAt: 1767225600 }] : [] }),
    });
    at('/admin/talangpool');
    const user = userEvent.setup();
    const filter = await screen.findByRole('combobox', { name: 'Kompetens' }, SLOW);
    await waitFor(() => expect([...filter.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Alla', 'Kassavana', 'Truckkort']), SLOW);
    await user.selectOptions(filter, 'Truckkort');
    expect(await screen.findByText('Pia Lind', {}, SLOW)).toBeTruthy();
    expect(calls.filter((c) => c.action === 'get_talentPool').at(-1)?.data).toMatchObject({ containerId: 1, skill: 'Truckkort' });
  }, 30_000);
});
