import { describe, expect, it } from 'vitest';
import { newPage } from './helpers/app';
import { useE2e } from './helpers/fixture';

const { app, browser } = useE2e();

describe('an app chunk that does not load', () => {
  it('reloads once, then shows a Swedish error naming the chunk with a retry that loads the page once the chunk is back', async () => {
    const page = await newPage(browser);
    let documents = 0;
    page.on('request', (r) => {
      if (r.isNavigationRequest() && r.frame() === page.mainFrame()) documents++;
    });
    const block = /\/assets\/AdminRoot-[^/]+\.js$/;
    await page.route(block, (route) => route.abort('failed'));
    await page.goto(`${app.url}/login`);
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent(), { timeout: 30_000 }).toContain('(AdminApp) kunde inte hämtas');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Sidan kunde inte laddas');
    // The first failure reloaded the page once (a deploy may have replaced the files); the second showed the error.
    expect(documents).toBe(2);

    await page.unroute(block);
    await page.getByRole('button', { name: 'Försök igen' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Logga in' }).count(), { timeout: 30_000 }).toBe(1);
    await page.context().close();
  }, 90_000);

  it('shows the login card with the loading state while the login\'s screen file is on its way, and the screen\'s retry state if it does not come', async () => {
    // The first chunk carries the route table; the login's file loads with the login (screens/runner/catalogue.ts).
    const file = /\/assets\/screen-login-[^/]+\.js$/;
    const page = await newPage(browser);
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route(file, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${app.url}/login`);
    await expect.poll(() => page.locator('main [role=status]').textContent()).toBe('Laddar...');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Logga in');
    release();
    await expect.poll(() => page.getByRole('button', { name: 'Logga in' }).count()).toBe(1);

    await page.unroute(file);
    await page.route(file, (route) => route.abort('failed'));
    await page.reload();
    await expect.poll(() => page.locator('main [role=alert]').textContent()).toContain('Något gick fel, vänligen försök igen');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Logga in');
    await page.unroute(file);
    await page.getByRole('button', { name: 'Försök igen' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Logga in' }).count()).toBe(1);
    await page.context().close();
  }, 60_000);
});
