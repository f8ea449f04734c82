import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, loginAs, newPage } from './helpers/app';
import { useE2e } from './helpers/fixture';
import { catalogue as screens } from './helpers/tour';

/**
 * Issue 16 item 9 in Chromium: the sidebar at 1366×900 (the active item on screen, its contrast
 * while hovered) and the spec's labels. No English word on any screen is the route tour's
 * (tour.test.ts), for every role.
 */

const { app, browser } = useE2e();

/** WCAG contrast of two computed css colours ('rgb(r, g, b)'). */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const s = Number(v) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('the sidebar at 1366×900', () => {
  it('shows every active item without scrolling, and the active item keeps its contrast while hovered', async () => {
    const page = await newPage(browser, { baseURL: app.url });
    await page.setViewportSize({ width: 1366, height: 900 });
    await loginAs(page, app, 'odin@demo.test');
    const items = screens.filter((s) => s.nav && !s.route.includes(':'));
    expect(items.length).toBeGreaterThan(15);
    const nav = page.getByRole('navigation', { name: 'Huvudmeny' });
    for (const s of items) {
      await page.goto(s.route);
      const active = nav.locator('[aria-current="page"]');
      await expect.poll(() => active.textContent(), { timeout: 15_000 }).toBe(s.nav!.label);
      const [box, item] = [await nav.boundingBox(), await active.boundingBox()];
      expect(box && item, s.route).toBeTruthy();
      // Wholly inside the menu's visible part and the window: seen without scrolling by hand.
      expect(item!.y, s.route).toBeGreaterThanOrEqual(box!.y - 0.5);
      expect(item!.y + item!.height, s.route).toBeLessThanOrEqual(Math.min(box!.y + box!.height, 900) + 0.5);
    }
    // Odin's menu is taller than its box at this size: the active item is brought into view, not just lucky.
    expect(await nav.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    const active = nav.locator('[aria-current="page"]');
    await active.hover();
    const [fg, bg] = await active.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]);
    expect(contrast(fg, bg)).toBeGreaterThanOrEqual(4.5);
    await expectNoAxeViolations(page, 'nav');
    await page.context().close();
  });
});

describe("the spec's labels", () => {
  it("'Ny Container' opens a screen that speaks of a container: its heading and its button", async () => {
    const page = await newPage(browser, { baseURL: app.url });
    await loginAs(page, app, 'odin@demo.test');
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: 'Ny Container', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Ny Container');
    // The heading is the screen's title, drawn before the form's code has loaded: wait for the button.
    await expect.poll(() => page.getByRole('button', { name: 'Skapa container', exact: true }).count()).toBe(1);
    expect(await page.locator('main').innerText()).not.toMatch(/organisation/i);
    await page.context().close();
  });
});
