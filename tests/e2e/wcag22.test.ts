import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import product from '../../schemas/accessibility-checks.json' with { type: 'json' };
import { firstPublicPosition, loginAs, newPage } from './helpers/app';
import { noScriptPage } from './helpers/apply';
import { useE2e } from './helpers/fixture';
import { wcag22Problems } from './helpers/wcag22';

/**
 * WCAG 2.2 AA and the accessibility statement (issue 28 item 7). The pages and checks are the ones
 * schemas/accessibility-checks.json lists, the file /tillganglighet shows as the product's part:
 * a page listed there without a check here fails the last test.
 */
const { app, browser } = useE2e();
const tested = new Set<string>();
const ELSEWHERE: Record<string, string> = { board: './board.test.ts' };
let position = { id: 0, slug: '', name: '' };
let page: Page;

beforeAll(async () => {
  position = await firstPublicPosition(app);
  page = await newPage(browser, { viewport: 'phone' });
});
afterAll(async () => {
  await page?.context().close();
});

/** The footer's link to the statement, followed by a single click. */
async function statementFromFooter() {
  const link = page.getByRole('contentinfo').getByRole('link', { name: 'Tillgänglighet' });
  expect(await link.getAttribute('href')).toBe('/tillganglighet');
}

describe('public pages: WCAG 2.2 AA and a way to the accessibility statement', () => {
  const pages: [string, () => string, () => Promise<unknown>][] = [
    ['positions', () => `${app.url}/positions`, () => page.getByRole('link', { name: position.name, exact: true }).waitFor()],
    ['organisation', () => `${app.orgUrl}/`, () => page.getByRole('link', { name: position.name, exact: true }).waitFor()],
    ['position', () => `${app.orgUrl}/${position.id}_${position.slug}`, () => page.getByRole('heading', { level: 1, name: position.name }).waitFor()],
    ['apply', () => `${app.orgUrl}/${position.id}_${position.slug}/apply`, () => page.getByLabel(/^Förnamn/).waitFor()],
  ];
  for (const [id, url, ready] of pages) {
    it(`${id}: links the statement from its footer and passes axe (2.2) with targets of 24 px and focus in view`, async () => {
      await page.goto(url());
      await ready();
      await statementFromFooter();
      expect(await wcag22Problems(page)).toEqual([]);
      tested.add(id);
    });
  }

  it('statement: reached from the footer by one click, DIGG\'s parts shown, a report sent, and the page passes too', async () => {
    await page.goto(`${app.orgUrl}/${position.id}_${position.slug}/apply`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Tillgänglighet' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tillgänglighetsredogörelse' }).waitFor();
    expect(page.url()).toBe(`${app.orgUrl}/tillganglighet`);
    for (const h of ['Hur tillgänglig är webbplatsen?', 'Innehåll som inte är tillgängligt', 'Rapportera brister i tillgängligheten', 'Tillsyn', 'Hur vi testat webbplatsen']) {
      await page.getByRole('heading', { name: h }).waitFor();
    }
    expect(await page.getByRole('link', { name: 'Anmäl till DIGG' }).getAttribute('href')).toContain('digg.se');
    // 'Last updated' is a date of this product's time, not seconds read as milliseconds (year 58880).
    const updated = /Redogörelsen uppdaterades senast (\d{4})-\d{2}-\d{2}\./.exec(await page.getByText(/^Redogörelsen uppdaterades senast/).textContent() ?? '');
    expect(Number(updated?.[1])).toBeGreaterThanOrEqual(2026);
    expect(Number(updated?.[1])).toBeLessThanOrEqual(new Date().getFullYear() + 1);
    await statementFromFooter();
    expect(await wcag22Problems(page)).toEqual([]);
    await page.getByLabel('Beskriv problemet').fill('Knappen <b>Skicka</b> går inte att nå med tangentbordet.');
    await page.getByRole('button', { name: 'Skicka rapporten' }).click();
    await page.getByRole('status').filter({ hasText: 'Tack! Din rapport har skickats' }).waitFor();
    // Server-rendered: the statement is there without any script.
    const bare = await noScriptPage(browser);
    await bare.goto(`${app.orgUrl}/tillganglighet`);
    await bare.getByRole('heading', { level: 1, name: 'Tillgänglighetsredogörelse' }).waitFor();
    await bare.getByRole('heading', { name: 'Tillsyn' }).waitFor();
    await bare.context().close();
    tested.add('statement');
  });
});

describe('the form builder: WCAG 2.2 AA and a move without dragging', () => {
  it('builder: moves a field down with one click of a single pointer and passes the checks', async () => {
    const desk = await newPage(browser, { viewport: 'desktop', baseURL: app.url });
    await loginAs(desk, app, 'writer@demo.test');
    await desk.goto(`${app.url}/admin`);
    await desk.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: 'Formulärmallar' }).click();
    await desk.getByRole('link', { name: 'Ny mall' }).click();
    for (const type of ['Textfält', 'E-post']) {
      await desk.getByLabel('Fälttyp').selectOption({ label: type });
      await desk.getByRole('button', { name: 'Lägg till fält' }).click();
    }
    const labels = () => desk.getByRole('list', { name: 'Formulärfält' }).locator(':scope > li .bld-row-label').allTextContents();
    await expect.poll(labels).toEqual(['Textfält', 'E-post']);
    expect(await desk.getByRole('button', { name: 'Flytta upp Textfält' }).isDisabled()).toBe(true);
    // A plain click: one pointer, one press, no path to follow.
    await desk.getByRole('button', { name: 'Flytta ner Textfält' }).click();
    await expect.poll(labels).toEqual(['E-post', 'Textfält']);
    await desk.getByRole('button', { name: 'Flytta upp Textfält' }).press('Enter');
    await expect.poll(labels).toEqual(['Textfält', 'E-post']);
    expect(await wcag22Problems(desk, '.bld-list')).toEqual([]);
    tested.add('builder');
    await desk.context().close();
  });
});

describe('sign-in without a cognitive test (WCAG 2.2, 3.3.8)', () => {
  it('lets a password manager or the clipboard fill the sign-in: pasting is not blocked and there is no puzzle', async () => {
    await page.goto(`${app.url}/login`);
    const password = page.getByLabel('Lösenord');
    await password.waitFor();
    const blocked = await password.evaluate((el) => {
      const e = new ClipboardEvent('paste', { bubbles: true, cancelable: true, clipboardData: new DataTransfer() });
      return !el.dispatchEvent(e);
    });
    expect(blocked).toBe(false);
    expect(await password.getAttribute('autocomplete')).toBe('current-password');
    expect(await page.locator('iframe, canvas, [class*="captcha" i]').count()).toBe(0);
  });
});

describe('the statement says what the tests hold', () => {
  it('has a test for every page the product\'s part lists', () => {
    // The board's check lives with the board's other tests (its applicants are made there).
    for (const [id, file] of Object.entries(ELSEWHERE)) if (readFileSync(new URL(file, import.meta.url), 'utf8').includes('wcag22Problems(')) tested.add(id);
    expect(product.pages.map((p) => p.id).filter((id) => !tested.has(id))).toEqual([]);
  });
});
