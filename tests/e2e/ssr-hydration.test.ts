import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { firstPublicPosition, newPage, type ListedPosition } from './helpers/app';
import { fillApplyForm, takeOverApplyForm } from './helpers/apply';
import { useE2e } from './helpers/fixture';

/**
 * The server-rendered public pages in Chromium: the apply form is there without JavaScript;
 * with it the page hydrates the server's DOM (no client re-render, no console error, no
 * hydration warning), an application goes through, and links navigate on the client.
 */

/** Every console error or warning and uncaught page error, so a test can require none. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning' || /hydrat/i.test(m.text())) problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

/** Remembers the server's h1 element and a page-load marker before any of the page's scripts run. */
async function markServerDom(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __pageLoad: number; __serverH1: Element | null };
    w.__pageLoad = Math.random();
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') w.__serverH1 = document.querySelector('h1');
    });
  });
}

/** True once React has taken over the element (hydrated or rendered it). */
const ownedByReact = (page: Page, selector: string) =>
  page.waitForFunction((sel) => {
    const el = document.querySelector(sel);
    return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
  }, selector);

describe('server-rendered public pages in Chromium', () => {
  const { app, browser } = useE2e();
  let pos: ListedPosition;
  let applyUrl = '';

  beforeAll(async () => {
    pos = await firstPublicPosition(app);
    applyUrl = `${app.orgUrl}/${pos.id}_${pos.slug}/apply`;
  });

  it('shows the apply form with JavaScript turned off', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'sv-SE' });
    const page = await context.newPage();
    const res = await page.goto(applyUrl);
    expect(res?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: `Ansökan: ${pos.name}` }).waitFor();
    for (const label of [/^Förnamn/, /^Efternamn/, /^Personnummer/, /^E-post/]) expect(await page.getByLabel(label).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Skicka ansökan' }).isVisible()).toBe(true);
    // Styled by the route's CSS from the head, not unstyled markup.
    expect(await page.locator('link[rel="stylesheet"]').count()).toBeGreaterThan(0);
    expect(await page.title()).toBe(`Ansökan: ${pos.name} – Blankett`);
    await context.close();
  });

  it('hydrates the server’s form without console errors and sends an application end to end', async () => {
    const page = await newPage(browser, { viewport: 'phone' });
    const problems = collectProblems(page);
    await markServerDom(page);
    await page.goto(applyUrl);
    const first = page.getByLabel(/^Förnamn/);
    // A plain form (it posts without script) until the applicant's first touch takes it over, then live: the page says when.
    expect(await first.isEnabled()).toBe(true);
    await takeOverApplyForm(page);
    await ownedByReact(page, 'h1');
    // Hydrated, not replaced: the h1 the server sent is the one React now owns.
    expect(await page.evaluate(() => (window as unknown as { __serverH1: Element | null }).__serverH1 === document.querySelector('h1'))).toBe(true);

    // The engine's ids are the server's: submitting empty puts focus on the first field by its id.
    await page.getByRole('button', { name: 'Skicka ansökan' }).click();
    await expect.poll(() => first.evaluate((el) => el === document.activeElement)).toBe(true);

    await fillApplyForm(page, { firstname: 'Hedda', surname: 'Hydrén', ssn: '199001012385', email: 'hedda.hydren@example.se' });
    await page.getByRole('button', { name: 'Skicka ansökan' }).click();
    await page.getByRole('heading', { name: 'Tack för din ansökan, Hedda!' }).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('restores a draft from this tab after hydration', async () => {
    const page = await newPage(browser, { viewport: 'desktop' });
    const problems = collectProblems(page);
    await page.goto(applyUrl);
    const first = page.getByLabel(/^Förnamn/);
    await takeOverApplyForm(page);
    await first.fill('Utkast');
    await page.getByLabel(/^Ort/).fill('Malmö');
    await page.reload();
    await expect.poll(() => page.getByLabel(/^Förnamn/).inputValue(), { timeout: 15_000 }).toBe('Utkast');
    expect(await page.getByLabel(/^Ort/).inputValue()).toBe('Malmö');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('keeps what the applicant typed into the server’s form before the script took it over', async () => {
    const page = await newPage(browser, { viewport: 'phone' });
    const problems = collectProblems(page);
    // The apply page's chunk is held back until the field has been typed in: the form is the server's alone meanwhile.
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/assets/ApplyPage-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(applyUrl, { waitUntil: 'domcontentloaded' });
    const first = page.getByLabel(/^Förnamn/);
    await first.fill('Tidig');
    expect(await page.locator('.pub-form-gate[data-live]').count()).toBe(0);
    release();
    await page.locator('.pub-form-gate[data-live]').waitFor({ timeout: 15_000 });
    expect(await first.inputValue()).toBe('Tidig');
    // It is this tab's draft as soon as the form has it: a reload before any other change keeps it.
    await page.reload();
    await page.locator('.pub-form-gate[data-live]').waitFor({ timeout: 15_000 });
    expect(await first.inputValue()).toBe('Tidig');
    // The form's answers hold it, not only the DOM: the next change saves both in this tab's draft.
    await page.getByLabel(/^Efternamn/).fill('Svensson');
    const draft = () => page.evaluate((id) => JSON.parse(sessionStorage.getItem(`blankett.applyDraft.${id}`) ?? '{}') as Record<string, unknown>, pos.id);
    await expect.poll(draft).toMatchObject({ form_firstname: 'Tidig', form_surname: 'Svensson' });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('navigates on the client from the organisation page to a position and to its apply page', async () => {
    const page = await newPage(browser, { viewport: 'desktop' });
    const problems = collectProblems(page);
    await markServerDom(page);
    await page.goto(`${app.orgUrl}/`);
    await page.getByRole('heading', { level: 1, name: 'Jobba hos Demoföretaget AB' }).waitFor();
    await ownedByReact(page, 'h1');
    const load = await page.evaluate(() => (window as unknown as { __pageLoad: number }).__pageLoad);
    await page.getByRole('link', { name: pos.name, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: pos.name }).waitFor();
    expect(await page.title()).toBe(`${pos.name} – Blankett`);
    expect(JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}')).toMatchObject({ '@type': 'JobPosting', title: pos.name });
    await page.getByRole('link', { name: 'Ansök nu' }).first().click();
    await expect.poll(() => page.getByLabel(/^Förnamn/).isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(page.url()).toBe(applyUrl);
    // The same document all along: the links navigated on the client.
    expect(await page.evaluate(() => (window as unknown as { __pageLoad: number }).__pageLoad)).toBe(load);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: pos.name }).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('shows the not-found page with status 404 and hydrates it', async () => {
    const page = await newPage(browser, { viewport: 'desktop' });
    const problems = collectProblems(page);
    const res = await page.goto(`${app.url}/999999_finns-inte`);
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Sidan kunde inte hittas' }).waitFor();
    await ownedByReact(page, 'h1');
    expect(problems.filter((p) => !p.includes('404'))).toEqual([]);
    await page.context().close();
  });
});
