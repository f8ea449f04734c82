import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { newPage } from './helpers/app';
import { fillApplyForm, firstApplyUrl } from './helpers/apply';
import { useE2e } from './helpers/fixture';

/**
 * Issue 17 item 6 (open since the first release): on a phone, a duplicate application or a
 * server refusal rendered about 1,200 px above the screen, at the top of the form, with the
 * focus left on the page body; the applicant saw nothing happen. Now the message sits where
 * they pressed, on screen and focused; the thanks say what happens next.
 */
const mona = (email: string) => ({ firstname: 'Mona', surname: 'Mobil', ssn: '199001012385', email });
const DUPLICATE = 'Enligt våra noteringar har du redan gjort en ansökan till tjänsten.';

/** Wholly inside the viewport, and the focused element. */
async function inViewAndFocused(el: Locator) {
  return el.evaluate((node) => {
    const r = node.getBoundingClientRect();
    return { inView: r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0, focused: node === document.activeElement };
  });
}

describe('a refused application on a phone', () => {
  const { app, browser } = useE2e();
  let applyUrl = '';

  beforeAll(async () => {
    applyUrl = await firstApplyUrl(app);
  });
  it('thanks the applicant, says what happens next and links to Mina sidor', async () => {
    const page = await newPage(browser, { viewport: 'phone' });
    await page.goto(applyUrl);
    await fillApplyForm(page, mona('mona.mobil@example.se'));
    await page.getByRole('button', { name: 'Skicka ansökan' }).click();
    const thanks = page.getByRole('heading', { name: 'Tack för din ansökan, Mona!' });
    await thanks.waitFor();
    expect(await inViewAndFocused(thanks)).toEqual({ inView: true, focused: true });
    await page.getByRole('heading', { name: 'Vad händer nu?' }).waitFor();
    const mine = page.getByRole('link', { name: 'Gå till Mina sidor' });
    expect(await mine.getAttribute('href')).toMatch(/^\/admin\/minasidor\?org=\d+$/);
    await page.context().close();
  });

  it('shows a duplicate application on screen and focused', async () => {
    const page = await newPage(browser, { viewport: 'phone' });
    await page.goto(applyUrl);
    await fillApplyForm(page, mona('mona.mobil@example.se'));
    await page.getByRole('button', { name: 'Skicka ansökan' }).click();
    const message = page.getByText(DUPLICATE);
    await message.waitFor();
    expect(await inViewAndFocused(message)).toEqual({ inView: true, focused: true });
    // The answers stay, so a mistyped address can be corrected and sent again.
    expect(await page.getByLabel(/^E-post/).inputValue()).toBe('mona.mobil@example.se');
    await page.context().close();
  });

  it('shows a server failure on screen and focused', async () => {
    const page = await newPage(browser, { viewport: 'phone' });
    await page.route('**/api/public/positions/apply', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"x"}}' }));
    await page.goto(applyUrl);
    await fillApplyForm(page, mona('mona.fel@example.se'));
    await page.getByRole('button', { name: 'Skicka ansökan' }).click();
    const message = page.locator('.pub-problem p');
    await message.waitFor();
    expect(await message.textContent()).toMatch(/\S/);
    expect(await inViewAndFocused(message)).toEqual({ inView: true, focused: true });
    await page.context().close();
  });
});
