import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toggleRight } from '../../../screens/shared/rights';
import { fakeToken, renderAdminAt as at, serveActions, signIn, type Handler } from './harness';
import { SLOW } from '../../setup/wait';

const serve = (actions: Record<string, Handler>) => serveActions(actions, { permissions: ['Administrator'], missing: 'internal' });

/** Each right's checkbox: its name, whether ticked, and the hint it is described by. */
const rights = () =>
  ['Administratör', 'Skriva', 'Läsa'].map((name) => {
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name });
    return { name, checked: box.checked, hint: document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent };
  });

/** A colleague stored as Administratör without Skriva (as the demo seed stores its administrator), on their page. */
async function openStoredAdmin() {
  const calls = serve({
    get_containerUser: () => ({ id: 7, userId: 3, email: 'anna@demo.test', firstname: 'Anna', lastname: 'A', phoneNumber: '', title: '', permissionIds: [1], locked: [], lockedNote: '' }),
    update_ContainerUserPermissionsCommand: (d) => ({ id: 7, containerId: 1, userId: 3, email: 'anna@demo.test', permissionIds: d.permissionIds }),
  });
  const user = userEvent.setup();
  at('/admin/users/7');
  await screen.findByRole('checkbox', { name: 'Administratör' }, SLOW);
  return { calls, user };
}

/** The rights each save sent. */
const savedRights = (calls: { action: string; data: unknown }[]) => calls.filter((c) => c.action === 'update_ContainerUserPermissionsCommand').map((c) => (c.data as { permissionIds: number[] }).permissionIds);

beforeEach(() => signIn(fakeToken('admin@demo.test', 'user', { given_name: 'A', family_name: 'D' })));
afterEach(() => vi.unstubAllGlobals());

describe('the rights of a colleague', () => {
  it('keeps Skriva with Administratör: ticking Administratör ticks Skriva, unticking Skriva unticks Administratör', () => {
    expect(toggleRight([3], 1, true)).toEqual([1, 2, 3]);
    expect(toggleRight([1, 2], 2, false)).toEqual([]);
    expect(toggleRight([1, 2, 3], 1, false)).toEqual([2, 3]);
    expect(toggleRight([], 3, true)).toEqual([3]);
    // A stored Administratör without Skriva is shown with Skriva ticked, and read so.
    expect(toggleRight([1], 1, false)).toEqual([2]);
    expect(toggleRight([1], 2, false)).toEqual([]);
    expect(toggleRight([1], 3, true)).toEqual([1, 2, 3]);
  });

  it('keeps Skriva ticked, as it was shown, when Administratör is unticked on a stored Administratör without Skriva', async () => {
    const { calls, user } = await openStoredAdmin();
    await user.click(screen.getByRole('checkbox', { name: 'Administratör' }));
    expect(rights().map((r) => r.checked)).toEqual([false, true, false]);
    await user.click(screen.getByRole('button', { name: 'Spara behörigheter' }));
    await waitFor(() => expect(savedRights(calls)).toEqual([[2]]));
  });

  it('show Skriva ticked for a stored Administratör without it, as the access rules count it, and unticking Skriva drops both', async () => {
    const { calls, user } = await openStoredAdmin();
    expect(rights().map((r) => r.checked)).toEqual([true, true, false]);
    await user.click(screen.getByRole('checkbox', { name: 'Skriva' }));
    expect(rights().map((r) => r.checked)).toEqual([false, false, false]);
    await user.click(screen.getByRole('checkbox', { name: 'Läsa' }));
    await user.click(screen.getByRole('button', { name: 'Spara behörigheter' }));
    await waitFor(() => expect(savedRights(calls)).toEqual([[3]]));
  });

  it('are chosen with the same checkboxes when adding and when editing a user, and Administratör cannot be had without Skriva', async () => {
    const calls = serve({
      create_userContainerPermission: (d) => ({ status: 'invited', id: 4, email: d.email, permissionIds: d.permissionIds }),
      get_containerUser: () => ({ id: 7, userId: 3, email: 'anna@demo.test', firstname: 'Anna', lastname: 'A', phoneNumber: '', title: '', permissionIds: [3] }),
      update_ContainerUserPermissionsCommand: (d) => ({ id: 7, containerId: 1, userId: 3, email: 'anna@demo.test', permissionIds: d.permissionIds }),
      get_containerUsers: () => [],
    });
    const user = userEvent.setup();
    const view = at('/admin/users/new');
    await screen.findByRole('checkbox', { name: 'Administratör' }, SLOW);
    const onAdd = rights();
    expect(onAdd.map((r) => r.checked)).toEqual([false, true, false]);
    await user.click(screen.getByRole('checkbox', { name: 'Skriva' }));
    await user.click(screen.getByRole('checkbox', { name: 'Administratör' }));
    expect(rights().map((r) => r.checked)).toEqual([true, true, false]);
    await user.click(screen.getByRole('checkbox', { name: 'Skriva' }));
    expect(rights().map((r) => r.checked)).toEqual([false, false, false]);
    await user.click(screen.getByRole('checkbox', { name: 'Administratör' }));
    await user.type(screen.getByRole('textbox', { name: /Förnamn/ }), 'Nora');
    await user.type(screen.getByRole('textbox', { name: /Efternamn/ }), 'Ny');
    await user.type(screen.getByRole('textbox', { name: /E-post/ }), 'ny@demo.test');
    await user.click(screen.getByRole('button', { name: 'Lägg till' }));
    await waitFor(() => expect(calls.find((c) => c.action === 'create_userContainerPermission')?.data).toEqual({ containerId: 1, firstname: 'Nora', lastname: 'Ny', email: 'ny@demo.test', permissionIds: [1, 2] }));
    view.unmount();

    at('/admin/users/7');
    await screen.findByRole('checkbox', { name: 'Administratör' }, SLOW);
    const onEdit = rights();
    expect(onEdit.map((r) => r.checked)).toEqual([false, false, true]);
    expect(onEdit.map(({ name, hint }) => ({ name, hint }))).toEqual(onAdd.map(({ name, hint }) => ({ name, hint })));
    await user.click(screen.getByRole('checkbox', { name: 'Administratör' }));
    expect(rights().map((r) => r.checked)).toEqual([true, true, true]);
    await user.click(screen.getByRole('button', { name: 'Spara behörigheter' }));
    await waitFor(() => expect(calls.find((c) => c.action === 'update_ContainerUserPermissionsCommand')?.data).toEqual({ containerId: 1, email: 'anna@demo.test', permissionIds: [1, 2, 3] }));
  }, 60_000);
});
