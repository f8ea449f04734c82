import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { sessionChanges } from '../../../screens/runner/session/sessionEffects';
import { fakeToken, renderAdminAt, serveActions, signIn } from './harness';
import { refusal } from '../fetch';
import { SLOW } from '../../setup/wait';

afterEach(() => vi.unstubAllGlobals());

describe('a session effect declared in a screen file', () => {
  it('takes the new token at its pointer and the company from its binding, and nothing that is not one', () => {
    expect(sessionChanges({ token: '/token' }, {}, { token: 'ny' })).toEqual({ token: 'ny' });
    expect(sessionChanges({ containerId: '{row.id}' }, { row: { id: 2 } }, undefined)).toEqual({ containerId: 2 });
    expect(sessionChanges({ token: '/token' }, {}, { token: '' })).toEqual({});
    expect(sessionChanges({ token: '/token' }, {}, null)).toEqual({});
    expect(sessionChanges({ containerId: '{row.id}' }, { row: {} }, undefined)).toEqual({});
    expect(sessionChanges({ containerId: '{row.id}' }, { row: { id: 'x' } }, undefined)).toEqual({});
    expect(sessionChanges(undefined, {}, { token: 'ny' })).toEqual({});
  });
});

describe('/admin/change-password as a form screen', () => {
  // RJSF marks a required field's label with '*'.
  const field = (label: string) => screen.findByLabelText(new RegExp(`^${label}\\*?$`), {}, SLOW);

  it('shows a wrong current password at its field, marks it invalid and focuses it', async () => {
    signIn(fakeToken('anna@demo.test'));
    serveActions({ update_password: () => refusal(400, 'invalid', 'Fel lösenord', [{ path: '/password', message: 'Fel lösenord' }]) });
    renderAdminAt('/admin/change-password');
    fireEvent.change(await field('Nuvarande lösenord'), { target: { value: 'inte-rätt' } });
    fireEvent.change(await field('Nytt lösenord'), { target: { value: 'Nytt-lösen-2026' } });
    fireEvent.change(await field('Upprepa det nya lösenordet'), { target: { value: 'Nytt-lösen-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Spara lösenordet' }));
    const current = await field('Nuvarande lösenord');
    await waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'), SLOW);
    expect(document.getElementById(current.getAttribute('aria-describedby')?.split(' ').find((id) => id.endsWith('__error')) ?? '')?.textContent).toBe('Fel lösenord');
    await waitFor(() => expect(document.activeElement).toBe(current), SLOW);
    // What was typed stays.
    expect((await field('Nytt lösenord') as HTMLInputElement).value).toBe('Nytt-lösen-2026');
  });

  it('sends an empty current password for an account without one, and makes the answer\'s token this session\'s', async () => {
    signIn(fakeToken('anna@demo.test'));
    const fresh = fakeToken('anna@demo.test', 'user', { given_name: 'Ny', family_name: 'Token' });
    const calls = serveActions({ update_password: () => ({ token: fresh }) });
    renderAdminAt('/admin/change-password');
    fireEvent.change(await field('Nytt lösenord'), { target: { value: 'Nytt-lösen-2026' } });
    fireEvent.change(await field('Upprepa det nya lösenordet'), { target: { value: 'Nytt-lösen-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Spara lösenordet' }));
    await waitFor(() => expect(localStorage.getItem('blankett.token')).toBe(fresh), SLOW);
    expect(calls.find((c) => c.action === 'update_password')?.data).toEqual({ password: '', newPassword: 'Nytt-lösen-2026', confirmNewPassword: 'Nytt-lösen-2026' });
    expect(await screen.findByText('Ditt lösenord är ändrat. Dina andra inloggningar har loggats ut.', {}, SLOW)).toBeTruthy();
    // The session came back with the new token and the form is empty again.
    await waitFor(async () => expect(((await field('Nytt lösenord')) as HTMLInputElement).value).toBe(''), SLOW);
  });

  it('says a missing new password at the field without asking the server', async () => {
    signIn(fakeToken('anna@demo.test'));
    const calls = serveActions({ update_password: () => ({ token: fakeToken('anna@demo.test') }) });
    renderAdminAt('/admin/change-password');
    fireEvent.click(await screen.findByRole('button', { name: 'Spara lösenordet' }, SLOW));
    await waitFor(() => expect(screen.getAllByText('Fältet är obligatoriskt').length).toBe(2), SLOW);
    expect(calls.some((c) => c.action === 'update_password')).toBe(false);
  });
});
