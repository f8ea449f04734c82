import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, WebSocketRoute } from 'playwright-core';
import { personnummer, validAnswers } from '../integration/helpers/domain';
import { expectNoAxeViolations, firstPublicPosition, loginAs, newPage } from './helpers/app';
import { useE2e } from './helpers/fixture';

/**
 * The admin shell in Chromium (issue 8 parts 4, 5 and 7): the live bell, the bell after a cut
 * connection, the global search, changing the password, and the shell at phone width.
 */

const { app, browser, dataOf: call } = useE2e({ env: { APPLY_RATE_LIMIT: '1000' } });
let positionId = 0;
let serial = 100;

beforeAll(async () => {
  positionId = (await firstPublicPosition(app)).id;
});

/** An application through the public API, with the default form's answers. */
async function apply(firstname: string, surname: string): Promise<number> {
  const email = `${firstname.toLowerCase()}.${surname.toLowerCase()}.${serial}@example.se`;
  const metadata = validAnswers(email, { form_firstname: firstname, form_surname: surname, form_ssn: personnummer('19900101', String(serial++)) });
  const res = await fetch(`${app.url}/api/public/positions/apply`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'create_jobApplication', data: { email, positionId, metadata } }),
  });
  if (res.status !== 201) throw new Error(`ansökan misslyckades: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

/** expect.poll with room for a loaded machine (its default waits one second). */
const soon = <T>(fn: () => T | Promise<T>, timeout = 10_000) => expect.poll(fn, { timeout });

const bell = (page: Page) => page.getByRole('button', { name: /^Notifikationer, \d+ olästa$/ });
const unread = async (page: Page) => Number((await bell(page).getAttribute('aria-label'))?.match(/(\d+) olästa/)?.[1]);

/** Resolves when the page's hub connection has been joined to its container. */
function joined(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => ws.on('framereceived', (f) => String(f.payload).includes('"Joined"') && resolve()));
  });
}

describe('the notification bell', () => {
  it('shows an application submitted through the public API within a second, without a reload', async () => {
    const page = await newPage(browser, { baseURL: app.url });
    await loginAs(page, app, 'writer@demo.test');
    const ready = joined(page);
    await page.goto('/admin');
    await ready;
    await soon(() => bell(page).count()).toBe(1);
    const before = await unread(page);

    const t0 = Date.now();
    await apply('Bella', 'Klocksson');
    await page.waitForFunction((n) => document.querySelector(`[aria-label="Notifikationer, ${n} olästa"]`) !== null, before + 1, { timeout: 1000 });
    expect(Date.now() - t0).toBeLessThan(1000);

    await bell(page).click();
    const list = page.getByRole('list', { name: 'Notifikationer' });
    await soon(() => list.getByRole('listitem').first().textContent()).toContain('Bella Klocksson');
    // Today's notification shows its time as HH:mm.
    expect(await list.getByRole('listitem').first().locator('time').textContent()).toMatch(/^\d{2}:\d{2}$/);
    await page.context().close();
  });

  it('catches up on an application sent while the WebSocket was cut, and shows nothing broken meanwhile', async () => {
    const page = await newPage(browser, { baseURL: app.url });
    let cut = false;
    let live: { client: WebSocketRoute; server: WebSocketRoute } | null = null;
    let joins = 0;
    await page.context().routeWebSocket(/\/notifications/, (client) => {
      if (cut) return void client.close({ code: 1011, reason: 'cut' });
      const server = client.connectToServer();
      server.onMessage((m) => {
        if (String(m).includes('"Joined"')) joins++;
        client.send(m);
      });
      live = { client, server };
    });
    await loginAs(page, app, 'writer@demo.test');
    await page.goto('/admin');
    await soon(() => joins).toBe(1);
    const before = await unread(page);

    cut = true;
    live!.server.close();
    live!.client.close({ code: 1011, reason: 'cut' });
    // The client checks its session once the connection is lost; apply after that check.
    await page.waitForTimeout(2500);
    await apply('Cissi', 'Avbrottsson');
    await page.waitForTimeout(1500);
    expect(await unread(page)).toBe(before);
    // Nothing broken: no error, the bell still works and lists what it had.
    expect(await page.getByRole('alert').count()).toBe(0);

    cut = false;
    await soon(() => joins, 20_000).toBe(2);
    await soon(() => unread(page)).toBe(before + 1);
    await bell(page).click();
    await soon(() => page.getByRole('list', { name: 'Notifikationer' }).textContent()).toContain('Cissi Avbrottsson');
    await page.context().close();
  });

  it('marks read and unread by the dot, deletes one, and clears them all after a confirmation', async () => {
    await apply('Dora', 'Prick');
    const page = await newPage(browser, { baseURL: app.url });
    await loginAs(page, app, 'admin@demo.test');
    await page.goto('/admin');
    await soon(() => unread(page)).toBeGreaterThan(0);
    const before = await unread(page);
    await bell(page).click();
    const list = page.getByRole('list', { name: 'Notifikationer' });
    const dora = list.getByRole('listitem').filter({ hasText: 'Dora Prick' });
    await dora.getByRole('button', { name: /som läst$/ }).click();
    await soon(() => unread(page)).toBe(before - 1);
    await dora.getByRole('button', { name: /som oläst$/ }).click();
    await soon(() => unread(page)).toBe(before);

    await dora.getByRole('button', { name: /^Ta bort / }).click();
    await soon(() => list.getByText('Dora Prick').count()).toBe(0);

    await page.getByRole('button', { name: 'Rensa alla' }).click();
    const dialog = page.getByRole('alertdialog');
    await soon(() => dialog.textContent()).toContain('Ta bort alla notifikationer för företaget?');
    await dialog.getByRole('button', { name: 'Rensa alla' }).click();
    await soon(() => page.getByText('Inga notifikationer').count()).toBe(1);
    expect(await unread(page)).toBe(0);
    // Stored, not only hidden: a reload shows the same.
    await page.reload();
    await soon(() => unread(page)).toBe(0);
    await page.context().close();
  });
});

describe('opening a notification', () => {
  it('opens the applicant from the bell, and shows the not-found state once the application is deleted', async () => {
    const page = await newPage(browser, { baseURL: app.url });
    const token = await loginAs(page, app, 'writer@demo.test');
    const applicantId = await apply('Elsa', 'Länksson');
    const list = await call<{ items: { id: number; message: string }[] }>(token, 'get_notifications', { containerId: 1, take: 5 });
    const notification = list.items.find((n) => n.message.includes('Elsa Länksson'));
    expect(notification).toBeDefined();

    await page.goto('/admin');
    await bell(page).click();
    const item = page.getByRole('list', { name: 'Notifikationer' }).getByRole('listitem').filter({ hasText: 'Elsa Länksson' });
    await item.getByRole('link', { name: 'Ny ansökan' }).click();
    await page.waitForURL(new RegExp(`/admin/positions/${positionId}/applicants/${applicantId}$`));

    // Deleted by a colleague while this bell still lists it: the server removes the
    // application's notifications with it, so the page says the notification is gone.
    await call(token, 'delete_jobapplication', { positionId, id: applicantId });
    await bell(page).click();
    await item.getByRole('link', { name: 'Ny ansökan' }).click();
    await page.waitForURL(new RegExp(`/admin/notifications/${notification!.id}$`));
    await page.getByRole('heading', { level: 1, name: 'Sidan hittades inte' }).waitFor();
    expect(await page.getByText('Notifikationen finns inte längre.').count()).toBe(1);

    await page.goto('/admin/notifications/999999');
    await page.getByText('Notifikationen finns inte längre.').waitFor();
    expect(await page.getByRole('link', { name: 'Till startsidan' }).count()).toBe(1);
    await page.context().close();
  });

  it('passes axe with the bell open', async () => {
    const page = await newPage(browser, { baseURL: app.url });
    await loginAs(page, app, 'writer@demo.test');
    await page.goto('/admin');
    await bell(page).click();
    await page.getByRole('dialog', { name: 'Notifikationer' }).waitFor();
    await expectNoAxeViolations(page);
    await page.context().close();
  });
});

describe('the global search', () => {
  it("lists an applicant and a position for 'Ann' and opens the chosen one with Enter", async () => {
    const page = await newPage(browser, { baseURL: app.url });
    const token = await loginAs(page, app, 'writer@demo.test');
    const applicantId = await apply('Annelie', 'Sökström');
    const container = await call<{ id: number; positionTypes: { id: number }[] }>(token, 'get_container', { id: 1 });
    const now = Math.floor(Date.now() / 1000);
    const created = await call<{ id: number }>(token, 'create_position', {
      containerId: container.id,
      name: 'Annonsör till kundtjänst',
      start: now,
      stop: now + 30 * 86400,
      positionTypeId: container.positionTypes[0]!.id,
    });

    await page.goto('/admin');
    const box = page.getByRole('combobox', { name: 'Sök' });
    expect(await box.getAttribute('placeholder')).toBe('Sök...');
    await box.fill('Ann');
    const listbox = page.getByRole('listbox');
    await listbox.getByRole('option', { name: /Annelie Sökström/ }).waitFor();
    await listbox.getByRole('option', { name: /Annonsör till kundtjänst/ }).waitFor();

    await box.press('ArrowDown');
    await box.press('Enter');
    await page.waitForURL(new RegExp(`/admin/positions/${positionId}/applicants/${applicantId}$`));

    await box.fill('Annonsör');
    await listbox.getByRole('option', { name: /Annonsör till kundtjänst/ }).waitFor();
    await box.press('ArrowDown');
    await box.press('Enter');
    await page.waitForURL(new RegExp(`/admin/positions/${created.id}$`));
    await page.context().close();
  });
});

describe('profile settings', () => {
  it("are reached from the top-right menu, saved, and decide whether a new application reaches the user's bell", async () => {
    const page = await newPage(browser, { baseURL: app.url });
    await loginAs(page, app, 'reader@demo.test');
    await page.goto('/admin');
    await page.getByRole('button', { name: /^Användarmeny/ }).click();
    await page.getByRole('menuitem', { name: 'Profilinställningar' }).click();
    await page.waitForURL(/\/admin\/profile$/);
    // The address changes first; the start page's heading stays until the profile page's code has come.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Profilinställningar');
    const live = page.getByLabel('Visa nya notifikationer direkt i klockan');
    await live.waitFor();
    expect(await live.isChecked()).toBe(true);
    await live.uncheck();
    await page.getByRole('button', { name: 'Spara' }).click();
    await page.getByText('Sparad').waitFor();

    const listed = page.waitForResponse((r) => r.url().includes('/api/dispatcher') && (r.request().postData() ?? '').includes('"get_notifications"'));
    await page.reload();
    await listed;
    await page.getByLabel('Visa nya notifikationer direkt i klockan').waitFor();
    expect(await page.getByLabel('Visa nya notifikationer direkt i klockan').isChecked()).toBe(false);
    const before = await unread(page);
    await apply('Frida', 'Tystsson');
    await page.waitForTimeout(1500);
    expect(await unread(page)).toBe(before);
    await page.context().close();
  });
});

describe('changing the password', () => {
  it("shows the server's message for a wrong current password, and the right one logs the user's other session out", async () => {
    const other = await newPage(browser, { baseURL: app.url });
    const oldToken = await loginAs(other, app, 'admin@demo.test');
    await other.goto('/admin');
    await bell(other).waitFor();

    const page = await newPage(browser, { baseURL: app.url });
    await loginAs(page, app, 'admin@demo.test');
    await page.goto('/admin');
    await page.getByRole('button', { name: /^Användarmeny/ }).click();
    await page.getByRole('menuitem', { name: 'Byt lösenord' }).click();
    await page.waitForURL(/\/admin\/change-password$/);
    await soon(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Byt lösenord');

    await page.getByLabel('Nuvarande lösenord').fill('inte-rätt-lösenord');
    await page.getByLabel('Nytt lösenord').fill('Nytt-lösen-2026');
    await page.getByLabel('Upprepa det nya lösenordet').fill('Nytt-lösen-2026');
    await page.getByRole('button', { name: 'Spara lösenordet' }).click();
    // The refusal at its field: marked invalid, its message tied to it, the focus on it.
    const current = page.getByLabel('Nuvarande lösenord');
    await soon(() => current.getAttribute('aria-invalid')).toBe('true');
    const errorId = (await current.getAttribute('aria-describedby'))?.split(' ').find((id) => id.endsWith('__error'));
    expect(await page.locator(`[id="${errorId}"]`).textContent()).toBe('Fel lösenord');
    await soon(() => current.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.getByLabel('Nuvarande lösenord').fill(app.password);
    await page.getByRole('button', { name: 'Spara lösenordet' }).click();
    // The toast (a status region) says so; the answer's token is this session's now.
    await soon(() => page.getByRole('status').filter({ hasText: 'Ditt lösenord är ändrat' }).count()).toBe(1);

    // The other session is sent to /login by itself (its hub connection is closed and the catch-up is refused).
    await other.waitForURL(/\/login$/, { timeout: 15_000 });
    const refused = await fetch(`${app.url}/api/dispatcher`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${oldToken}` },
      body: JSON.stringify({ action: 'get_containers', data: {} }),
    });
    expect(refused.status).toBe(401);

    // This session keeps working with the fresh token, also after a reload.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Byt lösenord' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/change-password');
    const login = await fetch(`${app.url}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: 'Nytt-lösen-2026' }),
    });
    expect(login.status).toBe(200);
    await page.context().close();
    await other.context().close();
  });
});

describe('logging out and in as someone else', () => {
  it("lands the next user on their own start page, not on the page the previous user logged out from", async () => {
    // (admin@demo.test's password was changed above.)
    const page = await newPage(browser, { baseURL: app.url });
    await loginAs(page, app, 'reader@demo.test');
    await page.goto('/admin/change-password');
    await page.getByRole('heading', { level: 1, name: 'Byt lösenord' }).waitFor();
    await page.getByRole('button', { name: /^Användarmeny/ }).click();
    await page.getByRole('menuitem', { name: 'Logga ut' }).click();
    await page.waitForURL(/\/login$/);

    await page.getByLabel('E-post').fill('writer@demo.test');
    await page.getByLabel('Lösenord').fill(app.password);
    await page.getByRole('button', { name: 'Logga in' }).click();
    await soon(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Start');
    expect(new URL(page.url()).pathname).toBe('/admin');
    await page.context().close();
  });
});

describe('the shell at phone width', () => {
  it('has no horizontal scroll at 375 px and Logga ut is reachable from the menu', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true, locale: 'sv-SE', timezoneId: 'Europe/Stockholm' });
    const page = await context.newPage();
    await loginAs(page, app, 'reader@demo.test');
    await page.goto(`${app.url}/admin`);
    await bell(page).waitFor();
    const widths = () => page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    expect((await widths())[0]).toBe(375);

    const toggle = page.getByRole('button', { name: 'Meny', exact: true });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const nav = page.getByRole('navigation', { name: 'Huvudmeny' });
    await nav.waitFor();
    expect((await widths())[0]).toBe(375);
    const logout = page.getByRole('button', { name: 'Logga ut' });
    await logout.scrollIntoViewIfNeeded();
    const box = await logout.boundingBox();
    expect(box && box.y + box.height <= 667 && box.x + box.width <= 375).toBe(true);

    // The open drawer keeps the focus: Tab never reaches the page behind it, only the drawer and the toggle.
    const reached = new Set<string>();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      reached.add(await page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return 'body';
        if (el.closest('#sh-sidebar')) return 'drawer';
        return el.classList.contains('sh-menu-toggle') ? 'toggle' : `behind:${el.tagName}`;
      }));
    }
    expect([...reached].filter((r) => r.startsWith('behind'))).toEqual([]);
    expect(reached.has('drawer') && reached.has('toggle')).toBe(true);

    // A tap beside the drawer closes it.
    await page.mouse.click(365, 400);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();

    // The drawer closes on a route change.
    await nav.getByRole('link', { name: 'Annonser' }).click();
    await page.waitForURL(/\/admin\/positions$/);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.count()).toBe(0);

    await toggle.click();
    await logout.click();
    await page.waitForURL(/\/login$/);
    await context.close();
  });

  it('fits a desktop window without scrolling, Logga ut in view (the page no longer scrolls 35 px)', async () => {
    const page = await newPage(browser, { baseURL: app.url });
    await loginAs(page, app, 'reader@demo.test');
    await page.goto('/admin');
    await bell(page).waitFor();
    const m = await page.evaluate(() => ({ sh: document.documentElement.scrollHeight, ch: document.documentElement.clientHeight, margin: getComputedStyle(document.body).marginTop }));
    expect(m.margin).toBe('0px');
    expect(m.sh).toBe(m.ch);
    const box = await page.getByRole('button', { name: 'Logga ut' }).boundingBox();
    expect(box && box.y + box.height <= m.ch).toBe(true);
    await page.context().close();
  });
});
