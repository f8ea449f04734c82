import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import sv from '../../../../schemas/messages/sv.json';
import { CONTAINER_KEY } from '../../../../screens/api';
import { fakeToken, renderAdminAt as at, serveActions, signIn } from '../harness';
import { SLOW } from '../../../setup/wait';

const KEY = `blk_${'a'.repeat(43)}`;

afterEach(() => vi.unstubAllGlobals());

describe('API-nycklar (issue 29 item 5)', () => {
  it('creates a key with the chosen scopes, shows it once with a copy button, and lists and deletes keys', async () => {
    signIn(fakeToken('admin@demo.test'));
    localStorage.setItem(CONTAINER_KEY, '1');
    const keys = [{ id: 1, name: 'Intranätet', scopes: ['positions:read'], created: 1_700_000_000 }];
    const calls = serveActions(
      {
        get_apiKeys: () => keys,
        create_apiKey: (d) => {
          keys.unshift({ id: 2, name: String(d.name), scopes: d.scopes as string[], created: 1_700_000_100 });
          return { id: 2, key: KEY };
        },
        delete_apiKey: (d) => ({ id: d.id, deleted: true }),
      },
      { permissions: ['Administrator'] },
    );
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    at('/admin/integration/api-keys');
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(await screen.findByRole('button', { name: sv.apiKeys.ui.create }, SLOW));
    expect((await screen.findByRole('alert')).textContent).toBe(sv.apiKeys.ui.needName);
    await user.type(screen.getByRole('textbox', { name: sv.apiKeys.ui.name }), 'HR-systemet');
    await user.click(screen.getByRole('button', { name: sv.apiKeys.ui.create }));
    expect((await screen.findByRole('alert')).textContent).toBe(sv.apiKeys.ui.needScope);
    expect(calls.some((c) => c.action === 'create_apiKey')).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: /Läsa ansökningar/ }));
    await user.click(screen.getByRole('button', { name: sv.apiKeys.ui.create }));
    await waitFor(() => expect(calls.find((c) => c.action === 'create_apiKey')?.data).toEqual({ containerId: 1, name: 'HR-systemet', scopes: ['applications:read'] }));
    expect(((await screen.findByRole('textbox', { name: sv.apiKeys.ui.keyLabel })) as HTMLInputElement).value).toBe(KEY);
    await user.click(screen.getByRole('button', { name: sv.apiKeys.ui.copy }));
    expect(writeText).toHaveBeenCalledWith(KEY);
    await screen.findByText(sv.apiKeys.ui.copied);
    // The list is loaded again with the new key (never the key itself).
    await screen.findByText('HR-systemet');
    await user.click(screen.getByRole('button', { name: /Ta bort Intranätet/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ta bort' }));
    await waitFor(() => expect(calls.find((c) => c.action === 'delete_apiKey')?.data).toEqual({ id: 1 }));
  }, 60_000);
});
