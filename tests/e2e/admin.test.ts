import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations, loginAs, newPage } from './helpers/app';
import { useE2e } from './helpers/fixture';

const { app, browser } = useE2e();

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();

describe('admin app: session, guards and shell', () => {
  it('says a failed login plainly, near the form, and stays on /login', async () => {
    const page = await newPage(browser, { baseURL: app.url });
    await page.goto('/login');
    await page.getByLabel('E-post').fill('writer@demo.test');
    await page.getByLabel('Lösenord').fill('fel-lösenord');
    await page.getByRole('button', { name: 'Logga in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Fel e-post eller lösenord');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('blankett.token'))).toBeNull();
    await expectNoAxeViolations(page);
    await page.context().close();
  });

  it('sends a logged-in user from /login to /admin, and a stranger from /admin to /login', async () => {
    const page = await newPage(browser, { baseURL: app.url });
    await page.goto('/admin/positions');
    await page.waitForURL(/\/login$/);
    await loginAs(page, app, 'admin@demo.test');
    await page.goto('/login');
    await page.waitForURL(/\/admin(\/positions)?$/);
    await page.context().close();
  });

  it('logs out on an expired or undecodable token and on the logout button, clearing what it stored', async () => {
    const page = await newPage(browser, { baseURL: app.url });
    await page.goto('/login');
    const expired = `x.${Buffer.from(JSON.stringify({ sub: 'writer@demo.test', exp: 1 })).toString('base64url')}.y`;
    await page.evaluate((t) => localStorage.setItem('blankett.token', t), expired);
    await page.goto('/admin');
    await page.waitForURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('blankett.token'))).toBeNull();

    await page.evaluate(() => localStorage.setItem('blankett.token', 'not-a-token'));
    await page.goto('/admin/positions');
    await page.waitForURL(/\/login$/);

    await loginAs(page, app, 'writer@demo.test');
    await page.goto('/admin');
    await expect.poll(() => h1(page)).toBe('Start');
    expect(await page.evaluate(() => localStorage.getItem('blankett.containerId'))).toBe('1');
    await page.getByRole('button', { name: 'Logga ut' }).click();
    await page.waitForURL(/\/login$/);
    expect(await page.evaluate(() => [localStorage.getItem('blankett.token'), localStorage.getItem('blankett.containerId')])).toEqual([null, null]);
    await page.context().close();
  });

  it('shows a reader the shell with form templates and Skapa annons greyed, and guards the routes', async () => {
    const page = await newPage(browser, { baseURL: app.url });
    await loginAs(page, app, 'reader@demo.test');
    await page.goto('/admin');
    await expect.poll(() => h1(page)).toBe('Start');
    const nav = page.getByRole('navigation', { name: 'Huvudmeny' });
    expect(await nav.getByRole('link', { name: 'Annonser' }).count()).toBe(1);
    expect(await nav.getByRole('link', { name: 'Formulärmallar' }).count()).toBe(0);
    expect(await nav.getByRole('heading', { name: 'Admin' }).locator('..').getByText('Du har inte behörighet till kategori').count()).toBe(1);
    expect(await page.getByRole('button', { name: /Skapa annons/ }).isDisabled()).toBe(true);
    const footer = page.getByRole('region', { name: 'Inloggad användare' });
    expect(await footer.textContent()).toContain('reader@demo.test');
    expect(await footer.textContent()).toContain('Demoföretaget AB');
    await expectNoAxeViolations(page);

    for (const path of ['/admin/form-templates', '/admin/form-templates/new', '/admin/positions/new', '/admin/positions/public/1']) {
      await page.goto(path);
      await page.waitForURL(/\/access-denied$/);
    }
    await page.goto('/admin/no-such-page');
    await expect.poll(() => h1(page)).toBe('Sidan hittades inte');
    await page.context().close();
  });

  it('lists positions with status, dates and applicants', async () => {
    const page = await newPage(browser, { baseURL: app.url });
    await loginAs(page, app, 'writer@demo.test');
    await page.goto('/admin/positions');
    const row = page.getByRole('row', { name: /Sommarjobbare till vår butik i Stockholm/ });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('Öppen');
    expect(await row.textContent()).toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(await row.getByRole('link', { name: /^Redigera / }).count()).toBe(1);
    await expectNoAxeViolations(page);
    await page.context().close();
  });

  it('opens the sidebar on a phone and closes it on navigation', async () => {
    const page = await newPage(browser, { viewport: 'phone', baseURL: app.url });
    await loginAs(page, app, 'writer@demo.test');
    await page.goto('/admin');
    const toggle = page.getByRole('button', { name: 'Meny', exact: true });
    expect(await page.locator('#sh-sidebar').isVisible()).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: 'Annonser' }).click();
    await page.waitForURL(/\/admin\/positions$/);
    expect(await page.locator('#sh-sidebar').isVisible()).toBe(false);
    await expectNoAxeViolations(page);
    await page.context().close();
  });

  it('tells the later of two people editing one template about the conflict and overwrites nothing', async () => {
    const first = await newPage(browser, { baseURL: app.url });
    const second = await newPage(browser, { baseURL: app.url });
    await loginAs(first, app, 'writer@demo.test');
    await loginAs(second, app, 'admin@demo.test');
    await first.goto('/admin/form-templates');
    const edit = first.getByRole('link', { name: /^Redigera / }).first();
    await edit.click();
    await first.waitForURL(/\/edit\/\d+$/);
    await second.goto(first.url());
    for (const p of [first, second]) await expect.poll(() => p.getByLabel('Namn *', { exact: true }).inputValue()).not.toBe('');

    await first.getByLabel('Beskrivning', { exact: true }).fill('Ändrad av skribenten');
    await expect.poll(() => first.locator('.bld-status').textContent(), { timeout: 10_000 }).toBe('Sparat');
    await second.getByLabel('Beskrivning', { exact: true }).fill('Ändrad av administratören');
    await expect.poll(() => second.locator('.bld-status').textContent(), { timeout: 10_000 }).toContain('Mallen har ändrats av någon annan');

    await first.reload();
    await expect.poll(() => first.getByLabel('Beskrivning', { exact: true }).inputValue()).toBe('Ändrad av skribenten');
    await first.context().close();
    await second.context().close();
  });

  it('removes a template with Mall borttagen', async () => {
    const page = await newPage(browser, { baseURL: app.url });
    await loginAs(page, app, 'writer@demo.test');
    await page.goto('/admin/form-templates/new');
    await page.getByLabel('Namn *', { exact: true }).fill('Mall att ta bort');
    await page.getByLabel('Fälttyp').selectOption('text');
    await page.getByRole('button', { name: 'Lägg till fält' }).click();
    await page.waitForURL(/\/edit\/\d+$/);
    await page.goto('/admin/form-templates');
    await page.getByRole('button', { name: 'Ta bort Mall att ta bort' }).click();
    await expect.poll(() => page.getByRole('alertdialog').textContent()).toContain('Ta bort mallen Mall att ta bort?');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Ta bort' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Mall borttagen' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('rowheader', { name: 'Mall att ta bort' }).count()).toBe(0);
    await page.context().close();
  });
});
