import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import sv from '../../../schemas/messages/sv.json';
import { fakeToken, renderAdminAt as at, serveActions, type Handler, signIn } from './harness';
import { SLOW } from '../../setup/wait';

const serve = (actions: Record<string, Handler>) => serveActions(actions, { permissions: ['Administrator'], missing: 'internal' });
const row = { id: 7, userId: 3, containerId: 1, email: 'anna@demo.test', firstname: 'Anna', lastname: 'A', phoneNumber: '070-1', title: '', permissionIds: [3] };
const box = (name: RegExp) => screen.getByRole<HTMLInputElement>('textbox', { name });

beforeEach(() => signIn(fakeToken('admin@demo.test', 'user', { given_name: 'A', family_name: 'D' })));
afterEach(() => vi.unstubAllGlobals());

// Issue 24: an administrator sees what they may not change of a colleague's account read-only, with why.
describe('the account form of a colleague', () => {
  it('shows every field read-only, with the Swedish reason and no save button, for an account the organisation did not create', async () => {
    serve({ get_containerUser: () => ({ ...row, locked: ['email', 'firstname', 'lastname', 'phoneNumber', 'title', 'password'], lockedNote: sv.account.lockedAccount }) });
    at('/admin/users/7');
    expect(await screen.findByText(sv.account.lockedAccount, undefined, SLOW)).toBeTruthy();
    await screen.findByRole('textbox', { name: /E-post/ }, SLOW);
    for (const name of [/E-post/, /Förnamn/, /Efternamn/, /Telefon/]) expect(box(name).readOnly).toBe(true);
    // Drawn by the light form (issue 27 item 1): the page loads no RJSF.
    expect(box(/E-post/).closest('form')?.classList.contains('scr-light-form')).toBe(true);
    expect(screen.queryByLabelText(/Ditt lösenord/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Spara uppgifterna' })).toBeNull();
  });

  it('keeps names editable but the email read-only for an account the organisation’s invitation created', async () => {
    serve({ get_containerUser: () => ({ ...row, locked: ['email', 'password'], lockedNote: sv.account.lockedEmail }) });
    at('/admin/users/7');
    expect(await screen.findByText(sv.account.lockedEmail, undefined, SLOW)).toBeTruthy();
    await screen.findByRole('textbox', { name: /E-post/ }, SLOW);
    expect(box(/E-post/).readOnly).toBe(true);
    expect(box(/Förnamn/).readOnly).toBe(false);
    expect(screen.getByRole('button', { name: 'Spara uppgifterna' })).toBeTruthy();
  });

  it('leaves one’s own account editable, without a note', async () => {
    serve({ get_containerUser: () => ({ ...row, locked: [], lockedNote: '' }) });
    at('/admin/users/7');
    await screen.findByRole('button', { name: 'Spara uppgifterna' }, SLOW);
    expect(box(/E-post/).readOnly).toBe(false);
    expect(screen.queryByText(sv.account.lockedEmail)).toBeNull();
  });
});
