import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations, loginAs, newPage } from './helpers/app';
import { outboxTo } from '../integration/helpers/mailbox';
import { useE2e } from './helpers/fixture';

const { app, browser } = useE2e();

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();

async function post(path: string, body: unknown, token?: string) {
  const res = await fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

async function adminToken(): Promise<string> {
  return (await post('/api/account/login', { email: 'admin@demo.test', password: app.password })).body.token as string;
}

/** The token of the newest invitation link mailed to `to` (DATA_DIR/outbox). */
const invitationToken = (to: string): string | undefined =>
  outboxTo(app.dataDir, to).map((text) => /\/invitation#token=([A-Za-z0-9_-]+)/.exec(text)?.[1]).filter(Boolean).at(-1);

describe('accepting an invitation in the browser', () => {
  it('gives an address a stranger pre-registered the right only when its owner follows the link, chooses a password and lands logged in', async () => {
    const email = 'agare@demo.test';
    expect((await post('/api/account/register', { email, password: 'Framling-2026', confirmPassword: 'Framling-2026' })).status).toBe(201);
    const invited = await post('/api/dispatcher', { action: 'create_userContainerPermission', data: { containerId: 1, email, permissionId: 2 } }, await adminToken());
    expect(invited.body.data.status).toBe('invited');
    const stranger = (await post('/api/account/login', { email, password: 'Framling-2026' })).body.token as string;
    expect((await post('/api/dispatcher', { action: 'get_containers', data: {} }, stranger)).body.data).toEqual([]);

    await poll(() => invitationToken(email)).toBeTruthy();
    const token = invitationToken(email)!;
    const page = await newPage(browser, { baseURL: app.url });
    await page.goto(`/invitation#token=${token}`);
    await poll(() => page.getByText('Du har bjudits in till Demoföretaget AB som agare@demo.test.').count()).toBe(1);
    expect(await h1(page)).toBe('Ta emot inbjudan');
    // The token leaves the address bar at once.
    await poll(() => page.url()).toBe(`${app.url}/invitation`);
    await expectNoAxeViolations(page);

    await page.getByLabel('Nytt lösenord').fill('Agarens-losen-2026');
    await page.getByLabel('Upprepa det nya lösenordet').fill('Annat-losen-2026');
    await page.getByRole('button', { name: 'Ta emot inbjudan' }).click();
    await poll(() => page.locator('#scr-invitation_confirmPassword__error').textContent()).toBe('Lösenorden matchar inte');
    await page.getByLabel('Upprepa det nya lösenordet').fill('Agarens-losen-2026');
    await page.getByLabel('Upprepa det nya lösenordet').press('Enter');
    await page.waitForURL(/\/admin(\/positions)?$/);
    const session = await page.evaluate(() => localStorage.getItem('blankett.token'));
    expect((await post('/api/dispatcher', { action: 'get_containers', data: {} }, session!)).body.data).toEqual([expect.objectContaining({ id: 1, myPermissions: ['Write'] })]);
    // The stranger's session and password no longer work.
    expect((await post('/api/dispatcher', { action: 'get_containers', data: {} }, stranger)).status).toBe(401);
    expect((await post('/api/account/login', { email, password: 'Framling-2026' })).status).toBe(401);
    await page.context().close();

    // The link works once: opened again, in another browser, it says so in Swedish.
    const again = await newPage(browser, { baseURL: app.url });
    await again.goto(`/invitation#token=${token}`);
    await poll(() => again.getByRole('alert').filter({ hasText: 'Inbjudan är ogiltig, redan använd eller har gått ut' }).count()).toBe(1);
    await again.goto(`/invitation#token=${'x'.repeat(43)}`);
    await poll(() => again.getByRole('alert').filter({ hasText: 'Inbjudan är ogiltig, redan använd eller har gått ut' }).count()).toBe(1);
    await again.goto('/invitation');
    await poll(() => again.getByRole('alert').filter({ hasText: 'Länken saknar sin kod' }).count()).toBe(1);
    await again.context().close();
  });

  it('lets the administrator resend a pending invitation (the old link dies) and withdraw it from the users list', async () => {
    const email = 'vantande@demo.test';
    const page = await newPage(browser, { baseURL: app.url });
    const admin = await loginAs(page, app, 'admin@demo.test');
    await post('/api/dispatcher', { action: 'create_userContainerPermission', data: { containerId: 1, email, permissionId: 3 } }, admin);
    await poll(() => invitationToken(email)).toBeTruthy();
    const first = invitationToken(email)!;

    await page.goto('/admin/users');
    const row = page.getByRole('row').filter({ hasText: email });
    await poll(() => row.textContent()).toContain('Inbjudan skickad');
    await row.getByRole('button', { name: `Skicka igen ${email}` }).click();
    await poll(() => page.getByText('Inbjudan skickad igen', { exact: true }).count()).toBe(1);
    await poll(() => invitationToken(email)).not.toBe(first);
    expect((await post('/api/account/invitation', { token: first })).status).toBe(400);
    const second = invitationToken(email)!;
    expect((await post('/api/account/invitation', { token: second })).status).toBe(200);

    await row.getByRole('button', { name: `Återkalla ${email}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Återkalla' }).click();
    await poll(() => page.getByRole('row').filter({ hasText: email }).count()).toBe(0);
    expect((await post('/api/account/invitation', { token: second })).status).toBe(400);
    await page.context().close();
  });
});
