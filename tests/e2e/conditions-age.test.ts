import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginAs, newPage } from './helpers/app';
import { personnummer } from '../integration/helpers/domain';
import { useE2e } from './helpers/fixture';

/**
 * Issue 18 item 1's age rule end to end: a writer shows 'Vårdnadshavare' only when the
 * personnummer gives an age of at most 17, without code; an applicant on a phone sees it appear
 * for a 16-year-old's number and go for an adult's.
 */

const { app, browser } = useE2e();

async function editorOf(page: Page, label: string) {
  const edit = page.getByRole('button', { name: `Redigera ${label}`, exact: true });
  if ((await edit.getAttribute('aria-expanded')) !== 'true') await edit.click();
  return page.locator(`#${await edit.getAttribute('aria-controls')}`);
}

/** A personnummer of someone who turned `years` a month ago. */
function aged(years: number): string {
  const d = new Date(Date.now() - 30 * 86_400_000);
  return personnummer(`${d.getUTCFullYear() - years}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`);
}

describe('a condition on the age from the personnummer', () => {
  it('is built without code and shows the field live only to a minor', async () => {
    const writer = await newPage(browser, { viewport: 'desktop', baseURL: app.url });
    await loginAs(writer, app, 'writer@demo.test');
    await writer.goto('/admin/positions/new');
    await writer.getByRole('link', { name: 'Publik annons Sommarjobb' }).click();
    await writer.getByLabel('Rubrik *').fill('Sommarjobb för unga');
    await writer.getByLabel('Ort', { exact: true }).fill('Luleå');
    await writer.getByRole('list', { name: 'Formulärfält' }).waitFor();

    await writer.getByLabel('Fälttyp').selectOption({ label: 'Textfält' });
    await writer.getByRole('button', { name: 'Lägg till fält' }).click();
    const field = await editorOf(writer, 'Textfält');
    await field.getByLabel(/^Rubrik\*?$/).fill('Vårdnadshavare');
    await writer.getByRole('button', { name: 'Redigera Vårdnadshavare', exact: true }).click();
    const editor = await editorOf(writer, 'Vårdnadshavare');
    const rule = editor.getByRole('group', { name: 'Visa fältet bara när ett annat fält har ett visst svar' });
    await rule.getByLabel('Visa fältet bara när ett annat fält har ett visst svar').check();
    await rule.getByLabel('Fält', { exact: true }).selectOption({ label: 'Personnummer' });
    await rule.getByLabel('Regel', { exact: true }).selectOption({ label: 'ger en ålder av högst' });
    await rule.getByLabel('Ålder (år)').fill('17');
    await expect.poll(() => writer.locator('.bld-row-rule', { hasText: 'Visas när Personnummer: högst 17 år' }).count(), { timeout: 15_000 }).toBe(1);

    await writer.getByRole('button', { name: 'Spara annons' }).click();
    await writer.waitForURL(/\/admin\/positions$/);
    const link = writer.getByRole('link', { name: 'Visa ansökningssidan Sommarjobb för unga' });
    const applyUrl = new URL((await link.getAttribute('href')) ?? '', app.url).toString();
    await writer.context().close();

    const phone = await newPage(browser, { viewport: 'phone' });
    await phone.goto(applyUrl);
    const ssn = phone.getByLabel(/^Personnummer/);
    const guardian = phone.getByLabel(/^Vårdnadshavare/);
    await ssn.waitFor();
    expect(await guardian.count()).toBe(0);
    await ssn.fill(aged(16));
    await guardian.waitFor();
    await ssn.fill(aged(30));
    await guardian.waitFor({ state: 'detached' });
    await phone.context().close();
  }, 120_000);
});
