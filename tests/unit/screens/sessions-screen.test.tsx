import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import sv from '../../../schemas/messages/sv.json';
import { CONTAINER_KEY } from '../../../screens/api';
import { fakeToken, renderAdminAt as at, serveActions, signIn } from './harness';
import { SLOW } from '../../setup/wait';


afterEach(() => vi.unstubAllGlobals());

describe('Inloggningar (issue 29 item 4)', () => {
  it("lists the sessions with 'Den här enheten', ends another one and all others", async () => {
    signIn(fakeToken('writer@demo.test'));
    localStorage.setItem(CONTAINER_KEY, '1');
    const row = (id: string, device: string, current: boolean) => ({ id, device, network: current ? '203.0.113.0/24' : sv.sessions.localNetwork, created: 1_700_000_000, lastUsed: 1_700_000_500, current, thisDevice: current ? sv.sessions.thisDevice : '' });
    const calls = serveActions({
      get_sessions: () => [row('a', 'Firefox på Windows', true), row('b', 'Safari på iPhone', false)],
      delete_session: (d) => ({ id: d.id, deleted: true }),
      delete_sessions: () => ({ userId: 3, ended: 1 }),
    });
    const user = userEvent.setup();
    at('/admin/sessions');
    await screen.findByText(sv.sessions.thisDevice, {}, SLOW);
    screen.getByText('203.0.113.0/24');
    // This device has no 'Logga ut' of its own here (the shell's Logga ut ends it).
    expect(screen.queryByRole('button', { name: /Logga ut Firefox på Windows/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: /Logga ut Safari på iPhone/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Logga ut' }));
    await waitFor(() => expect(calls.find((c) => c.action === 'delete_session')?.data).toEqual({ id: 'b' }));
    await user.click(screen.getByRole('button', { name: 'Logga ut överallt' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Logga ut överallt' }));
    await waitFor(() => expect(calls.find((c) => c.action === 'delete_sessions')?.data).toEqual({}));
  }, 60_000);
});
