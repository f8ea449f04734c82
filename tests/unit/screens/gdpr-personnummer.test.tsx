import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeToken, renderAdminAt, serveActions, signIn } from './harness';
import { refusal } from '../fetch';
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { SLOW } from '../../setup/wait';


beforeEach(() => signIn(fakeToken('admin@demo.test')));
afterEach(() => vi.unstubAllGlobals());

describe("the GDPR desk's personnummer settings (schemas/screens/gdpr.json, issue 28)", () => {
  it('shows the organisation’s mode, says at the reason field why a personnummer needs one, and saves mode, reason and roles', async () => {
    let reasonGiven = false;
    const calls = serveActions(
      {
        get_retentionSettings: () => ({ retentionMonths: 24, talentPoolMonths: 12, holds: [] }),
        get_privacySettings: () => ({ ssnMode: 'birthDate', ssnReason: '', ssnFullRoles: ['admin'] }),
        update_privacySettings: (d) =>
          String(d.ssnReason ?? '').trim()
            ? ((reasonGiven = true), { ssnMode: d.ssnMode, ssnReason: d.ssnReason, ssnFullRoles: d.ssnFullRoles })
            : refusal(400, 'validation_failed', sv.privacy.ssnReasonRequired, [{ path: '/ssnReason', message: sv.privacy.ssnReasonRequired }]),
      },
      { permissions: ['Administrator'] },
    );
    renderAdminAt('/admin/gdpr');
    const user = userEvent.setup();
    const block = (await screen.findByRole('heading', { name: 'Personnummer' }, { timeout: 20_000 })).closest('section') ?? document.body;
    const only = (await within(block as HTMLElement).findByRole('radio', { name: 'Bara födelsedatum' }, SLOW)) as HTMLInputElement;
    await waitFor(() => expect(only.checked).toBe(true), SLOW);
    await user.click(within(block as HTMLElement).getByRole('radio', { name: 'Personnummer' }));
    await user.click(within(block as HTMLElement).getByRole('button', { name: 'Spara personnummerinställningar' }));
    const reason = within(block as HTMLElement).getByRole('textbox', { name: /Varför organisationen behöver personnummer/ });
    expect((await within(block as HTMLElement).findAllByText(sv.privacy.ssnReasonRequired, {}, SLOW)).length).toBeGreaterThan(0);
    expect(reasonGiven).toBe(false);
    await user.type(reason, 'Säker identifiering vid anställning');
    await user.click(within(block as HTMLElement).getByRole('checkbox', { name: 'Skriva' }));
    await user.click(within(block as HTMLElement).getByRole('button', { name: 'Spara personnummerinställningar' }));
    await waitFor(() => expect(reasonGiven).toBe(true), SLOW);
    expect(calls.filter((c) => c.action === 'update_privacySettings').at(-1)?.data).toEqual({
      containerId: 1,
      ssnMode: 'ssn',
      ssnReason: 'Säker identifiering vid anställning',
      ssnFullRoles: ['admin', 'write'],
    });
  }, 60_000);
});
