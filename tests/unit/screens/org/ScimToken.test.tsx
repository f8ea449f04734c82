import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeToken, renderAdminAt, serveActions, signIn } from '../harness';
import sv from '../../../../schemas/messages/sv.json' with { type: 'json' };
import { SLOW } from '../../../setup/wait';


beforeEach(() => signIn(fakeToken('admin@demo.test')));
afterEach(() => vi.unstubAllGlobals());

describe('the SCIM page (schemas/screens/scim.json, issue 29 item 2)', () => {
  it('shows the address, makes a token and shows it once, and saves the default role', async () => {
    let hasToken = false;
    const settings = () => ({ hasToken, defaultPermissionId: 3, url: 'https://blankett.example/scim/v2', ...(hasToken ? { tokenCreated: 1_790_000_000 } : {}) });
    const calls = serveActions(
      {
        get_scimSettings: settings,
        create_scimToken: () => ((hasToken = true), { token: 'scim_visas-en-gang' }),
        update_scimSettings: (d) => ({ ...settings(), defaultPermissionId: d.defaultPermissionId }),
      },
      { permissions: ['Administrator'] },
    );
    renderAdminAt('/admin/scim');
    const user = userEvent.setup();
    expect(await screen.findByText('https://blankett.example/scim/v2', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByText(sv.scim.tokenNone, { exact: false })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: sv.scim.createToken }));
    const shown = (await screen.findByRole('textbox', { name: sv.scim.tokenLabel }, SLOW)) as HTMLInputElement;
    expect(shown.value).toBe('scim_visas-en-gang');
    expect(screen.getByText(sv.scim.tokenShownOnce)).toBeTruthy();
    expect(await screen.findByRole('button', { name: sv.scim.replaceToken }, SLOW)).toBeTruthy();

    await user.selectOptions(await screen.findByRole('combobox', { name: /Behörighet för nya användare/ }, { timeout: 20_000 }), 'Skriva');
    await user.click(screen.getByRole('button', { name: 'Spara behörighet' }));
    await waitFor(() => expect(calls.find((c) => c.action === 'update_scimSettings')?.data).toEqual({ containerId: 1, defaultPermissionId: 2 }), SLOW);
  }, 60_000);
});
