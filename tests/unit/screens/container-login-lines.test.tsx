import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeToken, renderAdminAt, serveActions, signIn } from './harness';
import { SLOW } from '../../setup/wait';

const sso = { redirectUri: 'https://blankett.test/api/account/sso/callback', issuer: 'https://id.foretaget.se', clientId: 'blankett', domains: ['foretaget.se'], enforce: false };

beforeEach(() => signIn(fakeToken('admin@demo.test')));
afterEach(() => vi.unstubAllGlobals());

// The staff e-mail domains are one text area ('lines'): a refused domain was said nowhere, by the browser's check or the server's.
describe("Inloggning's domains, one per line", () => {
  it('says a too long domain at the field, naming its line, and sends nothing', async () => {
    const calls = serveActions({ get_containerSso: () => sso, get_containerMfa: () => ({ requireMfa: false }), update_containerSso: () => ({}) }, { permissions: ['Administrator'] });
    renderAdminAt('/admin/container/login');
    const user = userEvent.setup();
    const domains = await screen.findByRole('textbox', { name: /Domäner för personalens e-post/ }, SLOW);
    expect(domains.getAttribute('aria-describedby')).toContain('__description');
    // Drawn by the light form (issue 27 item 1): the page loads no RJSF.
    expect(domains.closest('form')?.classList.contains('scr-light-form')).toBe(true);
    await user.click(domains);
    await user.keyboard(`{Control>}{End}{/Control}{Enter}${'x'.repeat(254)}`);
    await user.click(screen.getByRole('button', { name: 'Spara inloggningen' }));
    expect(await within(domains.closest('.form-group') as HTMLElement).findByText('Rad 2: Högst 253 tecken', {}, SLOW)).toBeTruthy();
    expect(calls.filter((c) => c.action === 'update_containerSso')).toEqual([]);
  }, 60_000);

  it("says the server's refusal of one domain at the field, naming its line", async () => {
    const taken = 'Domänen andra.se används redan av en annan organisation';
    serveActions(
      {
        get_containerSso: () => ({ ...sso, domains: ['foretaget.se', 'andra.se'] }),
        get_containerMfa: () => ({ requireMfa: false }),
        update_containerSso: () => new Response(JSON.stringify({ error: { code: 'conflict', message: taken, details: [{ path: '/domains/1', message: taken }] } }), { status: 409, headers: { 'content-type': 'application/json' } }),
      },
      { permissions: ['Administrator'] },
    );
    renderAdminAt('/admin/container/login');
    const user = userEvent.setup();
    const domains = await screen.findByRole('textbox', { name: /Domäner för personalens e-post/ }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Spara inloggningen' }));
    expect(await within(domains.closest('.form-group') as HTMLElement).findByText(`Rad 2: ${taken}`, {}, SLOW)).toBeTruthy();
  }, 60_000);
});
