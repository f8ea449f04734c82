import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callAction, loginAs, newPage } from './helpers/app';
import { outboxTo } from '../integration/helpers/mailbox';
import { takeOverApplyForm } from './helpers/apply';
import { useE2e } from './helpers/fixture';

/**
 * Issue 17 item 4 in Chromium: a form template built from 'Tomt formulär' with the person
 * fields and the summer-period block; a position from it names its applicants in the list, and
 * the period block's filter picks them, and the confirmation mail greets each by the first
 * name the Förnamn field took.
 */

const { app, browser } = useE2e();
let page: Page;

async function addField(title: string) {
  await page.getByLabel('Fälttyp').selectOption({ label: title });
  await page.getByRole('button', { name: 'Lägg till fält' }).click();
}

const warnings = () => page.locator('.bld-warning').allTextContents();
const rows = () => page.getByRole('list', { name: 'Sökande' }).getByRole('link');

beforeAll(async () => {
  page = await newPage(browser, { baseURL: app.url });
}, 120_000);

describe('forms that know who applied (issue 17)', () => {
  let positionId = 0;
  let token = '';

  it('builds a template from Tomt formulär with the person fields and the summer-period block, warned until it has E-post and a name', async () => {
    token = await loginAs(page, app, 'writer@demo.test');
    await page.goto('/admin/form-templates/new');
    await page.getByLabel('Namn *', { exact: true }).fill('Personmall');
    await page.getByRole('group', { name: 'Sommarjobb' }).getByLabel('Kan användas').check();
    const start = page.getByLabel('Utgå från');
    if (await start.count()) await start.selectOption({ label: 'Tomt formulär' });
    await page.getByRole('list', { name: 'Formulärfält' }).or(page.getByText('Här var det tomt.', { exact: false })).first().waitFor();

    await expect.poll(warnings).toEqual([
      expect.stringContaining('saknar ett fält av typen E-post'),
      expect.stringContaining('saknar Förnamn och Efternamn'),
      expect.stringContaining('saknar samtyckesrutorna'),
    ]);
    await addField('Förnamn');
    await addField('Efternamn');
    await expect.poll(warnings).toEqual([expect.stringContaining('saknar ett fält av typen E-post'), expect.stringContaining('saknar samtyckesrutorna')]);
    await addField('E-post');
    await expect.poll(warnings).toEqual([expect.stringContaining('saknar samtyckesrutorna')]);
    await addField('Samtycke till villkoren');
    await expect.poll(warnings).toEqual([]);
    // A second E-post is refused where it is asked for.
    await addField('E-post');
    await page.getByText('Formuläret har redan fältet E-post. Det kan bara finnas ett.').waitFor();
    await addField('Sommarjobb: perioder');
    await page.getByRole('button', { name: 'Redigera Vilka perioder kan du arbeta?' }).waitFor();
    await expect.poll(() => page.locator('.bld-status').textContent(), { timeout: 10_000 }).toBe('Sparat');
  });

  it('creates a position from it; applicants are named in the list and in the mail, and the period block filters them', async () => {
    // The organisation takes the default templates: the confirmation after applying says 'Hej {firstname}!'.
    expect((await callAction(app, token, 'answer_defaultEmailTemplatesOffer', { containerId: 1, accept: true })).status).toBe(200);
    await page.getByRole('link', { name: 'Skapa annons' }).first().click();
    await page.getByRole('link', { name: 'Publik annons Sommarjobb' }).click();
    await page.getByLabel('Rubrik *').fill('Sommarjobb i parken');
    await page.getByLabel('Ort', { exact: true }).fill('Umeå');
    await page.getByLabel('Formulärmall').selectOption({ label: 'Personmall' });
    await page.getByRole('button', { name: 'Flytta Vilka perioder kan du arbeta?' }).waitFor();
    await page.getByRole('button', { name: 'Spara annons' }).click();
    await page.waitForURL(/\/admin\/positions$/);

    const list = (await callAction(app, token, 'get_positions', { containerId: 1 })).body.data as { id: number; name: string }[];
    positionId = list.find((p) => p.name === 'Sommarjobb i parken')!.id;
    const form = (await callAction(app, token, 'get_position', { id: positionId })).body.data.metadata as { key: string; type: string; data: unknown }[];
    expect(form.map((f) => f.type)).toEqual(expect.arrayContaining(['firstname', 'surname', 'email', 'periodGroup']));
    const period = (key: string) => ({ ...(form.find((f) => f.key === key)!.data as object), checked: true });
    const people = [
      { first: 'Alva', last: 'Strand', periods: ['summerperiodsform_2'] },
      { first: 'Bo', last: 'Vik', periods: ['summerperiodsform_1'] },
      { first: 'Cai', last: 'Ås', periods: ['summerperiodsform_1', 'summerperiodsform_2'] },
    ];
    for (const [i, p] of people.entries()) {
      const email = `${p.first.toLowerCase()}.park${i}@example.se`;
      const metadata: Record<string, unknown> = { form_firstname: p.first, form_surname: p.last, form_email: email, form_agreement: true, form_agreement_company: true };
      for (const k of p.periods) metadata[k] = period(k);
      const res = await fetch(`${app.url}/api/public/positions/apply`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'create_jobApplication', data: { email, positionId, metadata } }),
      });
      expect(res.status, await res.clone().text()).toBe(201);
    }
    for (const [i, p] of people.entries()) {
      const to = `${p.first.toLowerCase()}.park${i}@example.se`;
      await expect.poll(() => outboxTo(app.dataDir, to).some((m) => m.includes(`Hej ${p.first}!`) && m.includes('Sommarjobb i parken'))).toBe(true);
    }

    await page.goto(`/admin/positions/${positionId}`);
    await expect.poll(async () => (await rows().allTextContents()).map((t) => t.trim()).sort()).toEqual(['Alva Strand', 'Bo Vik', 'Cai Ås']);
    const filters = page.getByRole('region', { name: 'Filter' });
    const periods = filters.getByRole('group', { name: 'Perioder' });
    await periods.getByRole('checkbox', { name: 'Period 2' }).check();
    await expect.poll(async () => (await rows().allTextContents()).map((t) => t.trim()).sort()).toEqual(['Alva Strand', 'Cai Ås']);
    await periods.getByRole('checkbox', { name: 'Period 2' }).uncheck();
    await periods.getByRole('checkbox', { name: 'Period 1' }).check();
    await expect.poll(async () => (await rows().allTextContents()).map((t) => t.trim()).sort()).toEqual(['Bo Vik', 'Cai Ås']);
  });
  it('draws the summer-period block on the apply page with its widget loaded on demand, which a form without the block never fetches', async () => {
    const scripts: string[] = [];
    const applicant = await newPage(browser);
    applicant.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    const periodChunk = () => scripts.some((u) => /\/assets\/PeriodGroup-[^/]+\.js$/.test(u));
    const positions = (await (await fetch(`${app.url}/api/public/positions?take=50&page=1`)).json()) as { data: { items: { id: number; slug: string }[] } };
    const own = positions.data.items.find((p) => p.id === positionId)!;
    const other = positions.data.items.find((p) => p.id !== positionId)!;
    // A form without the block: live, and no period code fetched.
    await applicant.goto(`${app.orgUrl}/${other.id}_${other.slug}/apply`);
    await takeOverApplyForm(applicant);
    expect(periodChunk()).toBe(false);
    // This one: the server drew the block, the script fetches its code and takes it over (a
    // checked period reaches the draft only through the form's handler).
    await applicant.goto(`${app.orgUrl}/${own.id}_${own.slug}/apply`);
    const block = applicant.getByRole('group', { name: 'Vilka perioder kan du arbeta?' });
    await takeOverApplyForm(applicant);
    await expect.poll(periodChunk).toBe(true);
    await block.getByRole('checkbox').first().check();
    await expect.poll(() => applicant.evaluate(() => Object.values(sessionStorage).join(' '))).toContain('summerperiodsform_1');
    await applicant.context().close();
  });
});
