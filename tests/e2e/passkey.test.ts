import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './helpers/app';
import { useE2e } from './helpers/fixture';
import { mailedLink } from './helpers/signin';
import { TEST_TOTP_SECRET, totpCode } from '../integration/helpers/totp';

const { app, page: newPage, login } = useE2e();

/** Lazy chunks on a busy machine: allow 15 s. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

describe('passkeys, and the second step after a mailed link (issue 29 item 3)', () => {
  it("registers a passkey from the account page and logs in with it through Chromium's virtual authenticator", async () => {
    const page = await newPage({ viewport: 'phone', baseURL: app.url });
    // Chromium's virtual authenticator (DevTools protocol): a platform passkey that answers at once.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });

    await login(page, 'admin@demo.test');
    await page.goto('/admin/account/security');
    await page.getByLabel('Namn på passkeyn').fill('Testnyckel');
    await page.getByRole('button', { name: 'Lägg till passkey' }).click();
    await poll(() => page.getByText('Passkeyn är tillagd.').isVisible()).toBe(true);
    await expect(page.getByRole('button', { name: 'Ta bort Testnyckel' }).isVisible()).resolves.toBe(true);
    await expectNoAxeViolations(page);

    // Logged out, the password alone is no longer enough: the second step offers the passkey.
    await page.evaluate(() => localStorage.removeItem('blankett.token'));
    await page.goto('/login');
    await page.getByLabel('E-post').fill('admin@demo.test');
    await page.getByLabel('Lösenord').fill(app.password);
    await page.getByRole('button', { name: 'Logga in' }).click();
    await poll(() => page.getByRole('heading', { name: 'Tvåstegsverifiering' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('blankett.token'))).toBeNull();
    const passkey = page.getByRole('button', { name: 'Använd passkey' });
    await passkey.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin$/);
    await poll(() => page.evaluate(() => localStorage.getItem('blankett.token'))).toMatch(/^ey/);
    await page.context().close();
  });
  it('a mailed sign-in link of someone with TOTP asks for the code on the link page, then goes where the link leads', async () => {
    // odin: the seed enrolled TOTP with the tests' secret, and nothing else in this file signs odin in (a code works once).
    const ask = await fetch(`${app.url}/api/account/signin-link`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'odin@demo.test', next: '/admin/account/security' }) });
    expect(ask.status).toBe(200);
    const page = await newPage({ viewport: 'phone', baseURL: app.url });
    await page.goto(await mailedLink(app, 'odin@demo.test'));
    await page.getByRole('button', { name: 'Logga in' }).click();
    await poll(() => page.getByRole('heading', { name: 'Tvåstegsverifiering' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('blankett.token'))).toBeNull();
    await page.getByLabel('Kod från autentiseringsappen').fill(totpCode(TEST_TOTP_SECRET));
    await page.getByRole('button', { name: 'Verifiera' }).click();
    await page.waitForURL(/\/admin\/account\/security$/);
    await poll(() => page.evaluate(() => localStorage.getItem('blankett.token'))).toMatch(/^ey/);
    await page.context().close();
  });
});
