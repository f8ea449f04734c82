import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations, loginAs, newPage } from './helpers/app';
import { useE2e } from './helpers/fixture';
import { layoutFaults } from './helpers/tour';

const { app, browser, dataOf: call, token } = useE2e();

const bodyRows = (page: Page) => page.locator('table.scr-table tbody tr');

describe('position rights in Chromium', () => {
  it('lets a reader with Write on one position edit that ad, and sends them away from another', async () => {
    const page = await newPage(browser, { baseURL: app.url });
    const adminToken = await loginAs(page, app, 'admin@demo.test');
    const [mine, other] = await call<{ id: number }[]>(adminToken, 'get_positions', { containerId: 1 });
    await call(adminToken, 'create_positionPermission', { email: 'reader@demo.test', positionId: mine!.id, permissionId: 2 });
    await loginAs(page, app, 'reader@demo.test');
    await page.goto(`/admin/positions/${mine!.id}/edit`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Redigera annons');
    expect(new URL(page.url()).pathname).toBe(`/admin/positions/${mine!.id}/edit`);
    await page.goto(`/admin/positions/${other!.id}/edit`);
    await page.waitForURL(/\/access-denied$/);
    await page.context().close();
  });
});

describe('list screens in Chromium', () => {
  it('lists the positions, archives one after the confirmation with a toast, and reactivates it', async () => {
    const page = await newPage(browser, { baseURL: app.url });
    const token = await loginAs(page, app, 'writer@demo.test');
    const [first] = await call<{ id: number; name: string }[]>(token, 'get_positions', { containerId: 1 });
    if (!first) throw new Error('the demo has no positions');
    await page.goto('/admin/positions');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: first.name, exact: true }) });
    await expect.poll(() => row.count()).toBe(1);
    expect(await page.title()).toBe('Annonser – Blankett');
    expect(await row.getByRole('link', { name: first.name, exact: true }).getAttribute('href')).toBe(`/admin/positions/${first.id}`);

    await row.getByRole('button', { name: `Arkivera ${first.name}` }).click();
    const dialog = page.getByRole('alertdialog');
    await expect.poll(() => dialog.textContent()).toContain(`Vill du arkivera annonsen ${first.name}?`);
    await dialog.getByRole('button', { name: 'Arkivera' }).click();
    await expect.poll(() => page.getByText('Sparad', { exact: true }).count()).toBe(1);
    await expect.poll(() => row.textContent()).toContain('Arkiverad');
    const stored = await call<{ isArchived: boolean }>(token, 'get_position', { id: first.id });
    expect(stored.isArchived).toBe(true);

    await row.getByRole('button', { name: `Återaktivera ${first.name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Återaktivera' }).click();
    await expect.poll(async () => (await call<{ isArchived: boolean }>(token, 'get_position', { id: first.id })).isArchived).toBe(false);
    await expect.poll(() => row.getByRole('button', { name: `Arkivera ${first.name}` }).count()).toBe(1);
    await page.context().close();
  });

  it('shows each row as a card at phone width', async () => {
    const page = await newPage(browser, { viewport: 'phone', baseURL: app.url });
    await loginAs(page, app, 'writer@demo.test');
    await page.goto('/admin/positions');
    await expect.poll(() => bodyRows(page).count()).toBeGreaterThan(0);
    const row = bodyRows(page).first();
    expect(await row.evaluate((el) => getComputedStyle(el).display)).toBe('block');
    const box = await row.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    await page.context().close();
  });

  it('loads the next batch of 30 as the end of a paged list scrolls into view', async () => {
    const page = await newPage(browser, { baseURL: app.url });
    const token = await loginAs(page, app, 'writer@demo.test');
    const [first] = await call<{ id: number }[]>(token, 'get_positions', { containerId: 1 });
    // Every successful write is an event: 36 more make sure there are over 30.
    for (let i = 0; i < 36; i++) await call(token, 'update_PositionArchivedStatus', { positionId: first!.id, isArchived: i % 2 === 0 });
    const batches: unknown[] = [];
    page.on('request', (r) => {
      const body = r.postDataJSON() as { action?: string; data?: { after?: unknown } } | null;
      if (r.url().endsWith('/api/dispatcher') && body?.action === 'get_events') batches.push(body.data?.after ?? null);
    });
    await page.goto('/admin/events');
    await expect.poll(() => bodyRows(page).count()).toBe(30);
    await bodyRows(page).last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await expect.poll(() => bodyRows(page).count()).toBeGreaterThan(30);
    expect(batches).toHaveLength(2);
    expect(batches[0]).toBeNull();
    expect(typeof batches[1]).toBe('number');
    // Swedish event names, never the raw action keys or '[object Object]'.
    await expect.poll(() => page.getByRole('cell', { name: 'Annons arkiverad eller återaktiverad', exact: true }).count()).toBeGreaterThan(30);
    const table = (await page.locator('table.scr-table').textContent()) ?? '';
    expect(table).not.toMatch(/update_|create_|\[object Object\]/);
    await expectNoAxeViolations(page, 'table.scr-table');
    // The filter offers the events by their Swedish names.
    const filter = page.getByRole('region', { name: 'Filter' }).getByLabel('Händelse');
    // No filter is said as 'Alla', not a blank line.
    expect(await filter.locator('option:checked').textContent()).toBe('Alla');
    await filter.selectOption({ label: 'Nyhet publicerad' });
    await expect.poll(() => page.getByText('Inga händelser', { exact: true }).count()).toBe(1);
    await filter.selectOption({ label: 'Annons arkiverad eller återaktiverad' });
    await expect.poll(() => bodyRows(page).count()).toBeGreaterThan(0);
    expect(await bodyRows(page).allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('Annons arkiverad eller återaktiverad')]));
    await page.context().close();
  });
});

describe('record screens in Chromium', () => {
  it("shows a news post's date beside its label and its body under both, a long word wrapping on a phone", async () => {
    const word = 'Arbetsmiljöutbildningsintroduktionsmaterialetförnyanställdasommarvikarier';
    const post = await call(await token('odin@demo.test'), 'create_blogPost', { title: 'Nytt material', body: `<p>Nu finns ${word} för alla som börjar hos oss i sommar.</p>` });
    const page = await newPage(browser, { baseURL: app.url, viewport: 'phone' });
    await loginAs(page, app, 'writer@demo.test');
    await page.goto(`/admin/news/${post.id}`);
    await page.getByText(word, { exact: false }).waitFor();
    // The body sat in the label column: its word pushed the date past the page's edge, to 468 px at 390.
    expect(await layoutFaults(page)).toEqual([]);
    await page.setViewportSize({ width: 1366, height: 900 });
    const label = (await page.getByText('Publicerad', { exact: true }).boundingBox())!;
    const date = (await page.locator('.scr-record dd .bk-date').boundingBox())!;
    // Beside its label, not across the page where the body's width had put it (1,004 px from the label's start, now 152).
    expect(date.x - label.x).toBeLessThan(250);
    await page.context().close();
  });
});
