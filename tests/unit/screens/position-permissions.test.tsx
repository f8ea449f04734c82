import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeToken, renderAdminAt, serveActions, signIn } from './harness';
import { refusal } from '../fetch';
import { SLOW } from '../../setup/wait';


beforeEach(() => signIn(fakeToken('admin@demo.test')));
afterEach(() => vi.unstubAllGlobals());

describe('position-permissions (a page of a list and a dialog)', () => {
  it('lists the rights in Swedish, gives one in a dialog (reloading the list) and takes one away after confirmation', async () => {
    let rows = [{ id: 1, userId: 4, email: 'writer@demo.test', firstname: 'Wilma', lastname: 'Skribent', permissionName: 'Write' }];
    const calls = serveActions(
      {
        get_position: () => ({ id: 5, name: 'Sommarjobb', containerId: 1 }),
        get_positionPermissions: () => rows,
        create_positionPermission: (d) => {
          if (d.email === 'okand@demo.test') return refusal(404, 'not_found', 'Användaren är inte medlem i organisationen', [{ path: '/email', message: 'Användaren är inte medlem i organisationen' }]);
          rows = [...rows, { id: 2, userId: 5, email: String(d.email), firstname: 'Ada', lastname: 'Admin', permissionName: d.permissionId === 1 ? 'Administrator' : 'Write' }];
          return { ...rows[1], containerId: 1, positionId: 5 };
        },
        delete_positionPermission: (d) => {
          rows = rows.filter((r) => r.email !== d.email);
          return { positionId: 5, email: d.email, deleted: true };
        },
      },
      { permissions: ['Administrator'] },
    );
    renderAdminAt('/admin/positions/5/permissions');
    const list = await screen.findByRole('region', { name: 'Behörigheter' }, { timeout: 20_000 });
    await waitFor(() => expect(list.textContent).toContain('writer@demo.test'), SLOW);
    expect(list.textContent).toContain('Skriva');
    expect(screen.getByRole('link', { name: 'Tillbaka till tjänsten' }).getAttribute('href')).toBe('/admin/positions/5');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Ge behörighet till tjänsten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ge behörighet till tjänsten' }, SLOW);
    await user.type(within(dialog).getByRole('textbox', { name: 'E-post *' }), 'okand@demo.test');
    await user.click(within(dialog).getByRole('button', { name: 'Lägg till' }));
    // The server's refusal is said at the e-mail field, which takes the focus.
    const email = within(dialog).getByRole('textbox', { name: 'E-post *' });
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'), SLOW);
    expect(document.activeElement).toBe(email);
    expect(within(dialog).getByText('Användaren är inte medlem i organisationen')).toBeTruthy();
    await user.clear(within(dialog).getByRole('textbox', { name: 'E-post *' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'E-post *' }), 'ada@demo.test');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Behörighet' }), 'Administratör');
    await user.click(within(dialog).getByRole('button', { name: 'Lägg till' }));
    await waitFor(() => expect(list.textContent).toContain('ada@demo.test'), SLOW);
    expect(list.textContent).toContain('Administratör');
    expect(calls.filter((c) => c.action === 'create_positionPermission').at(-1)?.data).toEqual({ email: 'ada@demo.test', positionId: 5, permissionId: 1 });
    await user.click(within(list).getByRole('button', { name: 'Ta bort writer@demo.test' }));
    const confirm = await screen.findByRole('alertdialog', {}, SLOW);
    expect(confirm.textContent).toContain('Ta bort behörigheten för writer@demo.test på tjänsten?');
    await user.click(within(confirm).getByRole('button', { name: 'Ta bort' }));
    await waitFor(() => expect(list.textContent).not.toContain('writer@demo.test'), SLOW);
    expect(calls.find((c) => c.action === 'delete_positionPermission')?.data).toEqual({ email: 'writer@demo.test', positionId: 5 });
  }, 60_000);

  it('says so and shows the list as it is when someone else took the right away first', async () => {
    let rows = [{ id: 1, userId: 4, email: 'writer@demo.test', firstname: 'Wilma', lastname: 'Skribent', permissionName: 'Write' }];
    const gone = 'Adressen har ingen behörighet till annonsen';
    serveActions(
      {
        get_position: () => ({ id: 5, name: 'Sommarjobb', containerId: 1 }),
        get_positionPermissions: () => rows,
        delete_positionPermission: () => refusal(404, 'not_found', gone, [{ path: '/email', message: gone }]),
      },
      { permissions: ['Administrator'] },
    );
    renderAdminAt('/admin/positions/5/permissions');
    const list = await screen.findByRole('region', { name: 'Behörigheter' }, { timeout: 20_000 });
    await waitFor(() => expect(list.textContent).toContain('writer@demo.test'), SLOW);
    // Removed by a colleague while this page was open.
    rows = [];
    const user = userEvent.setup();
    await user.click(within(list).getByRole('button', { name: 'Ta bort writer@demo.test' }));
    const confirm = await screen.findByRole('alertdialog', {}, SLOW);
    await user.click(within(confirm).getByRole('button', { name: 'Ta bort' }));
    expect(await screen.findByText(gone, {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(list.textContent).not.toContain('writer@demo.test'), SLOW);
    expect(list.textContent).toContain('Ingen har egen behörighet till tjänsten.');
  }, 60_000);
});
