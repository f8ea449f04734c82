import { describe, expect, it } from 'vitest';
import { firstPublicPosition } from './helpers/app';
import { validAnswers } from '../integration/helpers/domain';
import { useE2e } from './helpers/fixture';

/**
 * Issue 30 item 4 in the browser at 390 px: a position's Analys page draws its first chart
 * (chart.js, loaded with this page only) and shows the same figures as a table, which scrolls
 * inside its own box rather than the page.
 */
describe('the analysis page on a phone', () => {
  const { app, page, login } = useE2e();

  it('shows a chart and its table of applications over time', async () => {
    const position = await firstPublicPosition(app);
    const email = 'analys.e2e@example.se';
    const applied = await fetch(`${app.url}/api/public/positions/apply`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'create_jobApplication', data: { email, positionId: position.id, metadata: validAnswers(email), source: 'e2e' } }),
    });
    expect(applied.status).toBe(201);
    const staff = await page({ viewport: 'phone', baseURL: app.url });
    await login(staff, 'reader@demo.test');
    await staff.goto(`/admin/positions/${position.id}/analys`);
    const chart = staff.getByRole('img', { name: 'Ansökningar över tid' });
    await chart.and(staff.locator('[data-drawn="true"]')).waitFor({ timeout: 20_000 });
    const table = staff.getByRole('table', { name: 'Ansökningar över tid' });
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await table.locator('th[scope="col"]').allTextContents()).toEqual(['Period', 'Antal']);
    expect(await staff.getByRole('table', { name: 'Källa från delade länkar' }).textContent()).toContain('e2e');
    // The page itself never scrolls sideways at 390 px; a wide table scrolls in its own box.
    expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Its headings wrap between words: the three-column table fits whole, and of the five-column
    // one only the last column lies outside its box (before: 53 px of the one, 567 px of the other).
    const past = (name: string) =>
      staff.getByRole('table', { name }).evaluate((t) => {
        const box = t.parentElement!.getBoundingClientRect();
        return Math.max(...[...t.querySelectorAll('thead th')].map((th) => th.getBoundingClientRect().right - box.right));
      });
    expect(await past('Tid till anställning och avslag')).toBeLessThanOrEqual(1);
    expect(await past('Konvertering och tid per processnivå')).toBeLessThanOrEqual(150);
    // Back to the position, as from its other sub-pages.
    await staff.getByRole('link', { name: 'Tillbaka till tjänsten' }).click();
    await staff.waitForURL(`**/admin/positions/${position.id}`);
    await staff.context().close();
  }, 60_000);
});
