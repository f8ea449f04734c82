import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import sv from '../../../schemas/messages/sv.json';
import { CONTAINER_KEY } from '../../../screens/api';
import { fakeToken, renderAdminAt as at, serveActions, signIn } from './harness';
import { refusal } from '../fetch';
import { SLOW } from '../../setup/wait';


afterEach(() => vi.unstubAllGlobals());

describe("the organisation's settings as data (issue 16 items 5 and 9)", () => {
  it('removes a container only once its name is typed exactly, and sends that name', async () => {
    signIn(fakeToken('odin@demo.test', 'odin', { given_name: 'O', family_name: 'D' }));
    localStorage.setItem(CONTAINER_KEY, '1');
    const calls = serveActions({
      get_containers: () => [
        { id: 1, name: 'demo', displayName: 'Demo', myPermissions: [] },
        { id: 5, name: 'mittbolag', displayName: 'Mitt Bolag', myPermissions: [] },
      ],
      delete_container: (d) => ({ id: d.id, deleted: true }),
    });
    const user = userEvent.setup();
    at('/admin/container/new');
    await user.click(await screen.findByRole('button', { name: 'Ta bort containern mittbolag' }, SLOW));
    const dialog = await screen.findByRole('alertdialog');
    const remove = within(dialog).getByRole('button', { name: 'Ta bort containern' });
    const typed = within(dialog).getByLabelText('Skriv mittbolag för att bekräfta');
    await user.type(typed, 'mittbola');
    await user.click(remove);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(sv.screenVerbs.typedMismatch);
    expect(typed.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.action === 'delete_container')).toBe(false);
    await user.type(typed, 'g');
    await user.click(remove);
    await waitFor(() => expect(calls.find((c) => c.action === 'delete_container')?.data).toEqual({ id: 5, confirmName: 'mittbolag' }));
  });

  it("says the create form's name rule at the field and sends nothing", async () => {
    signIn(fakeToken('odin@demo.test', 'odin', { given_name: 'O', family_name: 'D' }));
    const calls = serveActions({ create_container: () => ({ id: 9, name: 'x' }) });
    const user = userEvent.setup();
    at('/admin/container/new');
    await user.type(await screen.findByRole('textbox', { name: /Namn \(adress\)/ }, SLOW), 'Mitt Bolag');
    await user.type(screen.getByRole('textbox', { name: /Företagsnamn/ }), 'Mitt Bolag AB');
    await user.click(screen.getByRole('button', { name: 'Skapa container' }));
    await screen.findByText('Namnet får bara ha små bokstäver, siffror och bindestreck (inte först eller sist).');
    expect(calls.some((c) => c.action === 'create_container')).toBe(false);
  });

  it("Generera data: says what is missing when pressed before an ad is chosen, instead of a disabled button, and sends nothing", async () => {
    signIn(fakeToken('odin@demo.test', 'odin', { given_name: 'O', family_name: 'D' }));
    const calls = serveActions({ create_positionDemoApplicants: () => ({ created: 1 }) });
    const user = userEvent.setup();
    at('/admin/generate-data');
    const press = await screen.findByRole('button', { name: sv.odin.generate }, SLOW);
    expect(press.hasAttribute('disabled')).toBe(false);
    await user.click(press);
    expect((await screen.findByRole('alert')).textContent).toBe(sv.odin.choosePosition);
    expect(calls.some((c) => c.action === 'create_positionDemoApplicants')).toBe(false);
  });

  it("sends each partner's settings under its typeId and shows a refusal at the partner's field", async () => {
    signIn(fakeToken('admin@demo.test'));
    const calls = serveActions(
      {
        get_positionsPartnersSetting: () => [
          { name: 'Arbetsförmedlingen', id: 1, typeId: 3, isChecked: true, data: { city: 'Solna' } },
          { name: 'Platsannonssajt', id: 0, typeId: 2, isChecked: false, data: {} },
        ],
        update_positionPartnerSetting: () =>
          refusal(400, 'invalid', 'Ogiltigt värde', [{ path: '/settings/0/data/zipCode', message: 'Ogiltigt postnummer' }]),
      },
      { permissions: ['Administrator'] },
    );
    const user = userEvent.setup();
    at('/admin/integration');
    const city = await screen.findByRole('textbox', { name: 'Ort' }, SLOW);
    expect((city as HTMLInputElement).value).toBe('Solna');
    expect(screen.getByRole('checkbox', { name: 'Företaget använder Arbetsförmedlingen' })).toHaveProperty('checked', true);
    await user.type(screen.getByRole('textbox', { name: 'Postnummer' }), '171 48');
    await user.click(screen.getByRole('checkbox', { name: 'Företaget använder Platsannonssajt' }));
    await user.click(screen.getByRole('button', { name: 'Spara integrationer' }));
    await waitFor(() =>
      expect(calls.find((c) => c.action === 'update_positionPartnerSetting')?.data).toEqual({
        containerId: 1,
        settings: [
          { typeId: 3, isChecked: true, data: { city: 'Solna', zipCode: '171 48', countryCode: 'SE' } },
          { typeId: 2, isChecked: true, data: {} },
        ],
      }),
    );
    const zip = screen.getByRole('textbox', { name: 'Postnummer' });
    await waitFor(() => expect(document.getElementById(`${zip.id}__error`)?.textContent).toContain('Ogiltigt postnummer'));
    await waitFor(() => expect(document.activeElement).toBe(zip));
  });
  it("saves 'Kräv tvåstegsverifiering för personalen' on Inloggning through update_containerMfa, with no single sign-on configured (issue 29 item 3)", async () => {
    signIn(fakeToken('admin@demo.test'));
    localStorage.setItem(CONTAINER_KEY, '1');
    const calls = serveActions(
      {
        get_containerSso: () => ({ containerId: 1, redirectUri: 'https://x/api/account/sso/callback', issuer: '', clientId: '', secretSet: false, domains: [], enforce: false, requireMfa: false, updated: null }),
        get_containerMfa: () => ({ containerId: 1, requireMfa: false }),
        update_containerMfa: (d) => d,
      },
      { permissions: ['Administrator'] },
    );
    const user = userEvent.setup();
    at('/admin/container/login');
    const box = await screen.findByRole('checkbox', { name: /Kräv tvåstegsverifiering för personalen/ }, SLOW);
    expect(box).toHaveProperty('checked', false);
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Spara tvåstegsverifiering' }));
    await waitFor(() => expect(calls.find((c) => c.action === 'update_containerMfa')?.data).toEqual({ containerId: 1, requireMfa: true }));
    expect(calls.some((c) => c.action === 'update_containerSso')).toBe(false);
  });
});
