import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callAction, firstPublicPosition, tokenFor, VIEWPORTS } from './helpers/app';
import { fillApplyForm, noScriptPage as noScriptPageOf, pdfFile } from './helpers/apply';
import { useE2e } from './helpers/fixture';

/**
 * Issue 18 item 3's "Done when": with JavaScript disabled an applicant submits the form with a
 * file, sees a wrong personnummer at its field (linked to it like the scripted error, with a
 * summary, every answer kept and the file asked for again), corrects it and gets the thanks.
 */

const { app, browser } = useE2e();
let applyUrl = '';
let positionId = 0;

beforeAll(async () => {
  const p = await firstPublicPosition(app);
  positionId = p.id;
  applyUrl = `${app.orgUrl}/${p.id}_${p.slug}/apply`;
});

const noScriptPage = () => noScriptPageOf(browser);

/** The text of the elements an input's aria-describedby points at: what a screen reader reads with it. */
async function descriptionOf(page: Page, label: RegExp): Promise<string> {
  const ids = ((await page.getByLabel(label).first().getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.join(' ');
}

const cv = pdfFile('cv-nora.pdf');
const nora = { firstname: 'Nora', surname: 'Utanskript', city: 'Luleå', email: 'nora.utanskript@example.se' };

describe('applying with JavaScript disabled (issue 18 item 3)', () => {
  it('shows a wrong personnummer at its field, keeps the answers, and takes the corrected form with its file', async () => {
    const page = await noScriptPage();
    const first = await page.goto(applyUrl);
    expect(first?.status()).toBe(200);
    expect(await page.locator('form.blk-form').getAttribute('method')).toBe('post');
    expect(await page.locator('form.blk-form').getAttribute('enctype')).toBe('multipart/form-data');

    await fillApplyForm(page, { ...nora, ssn: '199001012384' });
    await page.locator('input[type=file]').first().setInputFiles(cv);
    const [refused] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.getByRole('button', { name: 'Skicka ansökan' }).click()]);
    expect(refused.status()).toBe(400);
    await page.waitForLoadState();

    const ssn = page.getByLabel(/^Personnummer/);
    expect(await ssn.getAttribute('aria-invalid')).toBe('true');
    expect(await descriptionOf(page, /^Personnummer/)).toMatch(/Personnumret/);
    expect(await page.getByText(/Formuläret innehåller 1 fel/).count()).toBe(1);
    // Every typed answer is kept; the file is asked for again.
    expect(await ssn.inputValue()).toBe('199001012384');
    expect(await page.getByLabel(/^Förnamn/).inputValue()).toBe('Nora');
    expect(await page.getByLabel(/^Ort/).inputValue()).toBe('Luleå');
    expect(await page.getByRole('checkbox', { name: /företagets allmänna villkor/ }).isChecked()).toBe(true);
    expect(await page.locator('input[type=file]').first().evaluate((el) => (el as HTMLInputElement).files?.length ?? 0)).toBe(0);

    await ssn.fill('199001011239');
    await page.locator('input[type=file]').first().setInputFiles(cv);
    await page.getByRole('button', { name: 'Skicka ansökan' }).click();
    await page.getByRole('heading', { name: 'Tack för din ansökan!' }).waitFor();
    expect(new URL(page.url()).searchParams.get('skickad')).toBe('1');
    await page.context().close();

    // Stored once, with its file.
    const res = await callAction(app, await tokenFor(app, 'admin@demo.test'), 'get_applicantPositionByPosition', { positionId });
    expect(res.status).toBe(200);
    const items = (res.body.data.items as Record<string, unknown>[]).filter((a) => JSON.stringify(a).includes('nora.utanskript@example.se'));
    expect(items).toHaveLength(1);
    expect(JSON.stringify(items[0])).toContain('cv-nora.pdf');
  });

  it('refuses a second application with the same email at the email field', async () => {
    const page = await noScriptPage();
    await page.goto(applyUrl);
    await fillApplyForm(page, { ...nora, ssn: '199001011239' });
    await page.getByRole('button', { name: 'Skicka ansökan' }).click();
    await page.waitForLoadState();
    await expect.poll(() => page.getByLabel(/^E-post/).getAttribute('aria-invalid')).toBe('true');
    expect(await descriptionOf(page, /^E-post/)).toContain('Enligt våra noteringar har du redan gjort en ansökan till tjänsten.');
    await page.context().close();
  });

  it('refuses an oversize file at its field with the Swedish message and keeps the other answers', async () => {
    const form = new FormData();
    const answers: Record<string, string> = {
      form_firstname: 'Stor', form_surname: 'Fil', form_ssn: '199001011239', form_address: 'Storgatan 1', form_zipcode: '11122',
      form_city: 'Gävle', form_mobilePhone: '0701234567', form_email: 'stor.fil@example.se', form_agreement: 'on', form_agreement_company: 'on',
    };
    for (const [k, v] of Object.entries(answers)) form.set(k, v);
    form.append('form_file', new File([Buffer.alloc(5_200_000, 1)], 'stor.pdf', { type: 'application/pdf' }));
    // Node does not resolve *.localhost: the loopback address acting as the organisation's host.
    const url = new URL(applyUrl);
    const res = await fetch(`${app.url}${url.pathname}?host=${url.hostname}`, { method: 'POST', body: form, redirect: 'manual' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Filen är för stor');
    expect(html).toMatch(/name="form_file"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="form_file"/);
    expect(html).toContain('value="Gävle"');
    expect(html).not.toContain('stor.pdf');
  });

  it('keeps what was typed before the script arrived once the script takes the form over', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, locale: 'sv-SE', timezoneId: 'Europe/Stockholm' });
    const page = await context.newPage();
    const held: (() => Promise<void>)[] = [];
    let holding = true;
    await page.route(/\.js(\?|$)/, (route) => (holding ? held.push(() => route.continue()) : route.continue()));
    await page.goto(applyUrl, { waitUntil: 'commit' });
    await page.getByLabel(/^Förnamn/).waitFor();
    await page.getByLabel(/^Förnamn/).fill('Tidig');
    await page.getByRole('checkbox', { name: /företagets allmänna villkor/ }).check();
    holding = false;
    await Promise.all(held.map((go) => go()));
    await page.locator('.pub-form-gate[data-live]').waitFor();
    // Judged by the script now: the early answers count, the empty fields do not.
    await page.getByRole('button', { name: 'Skicka ansökan' }).click();
    await expect.poll(() => page.getByLabel(/^Efternamn/).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel(/^Förnamn/).getAttribute('aria-invalid')).toBeNull();
    expect(await page.getByLabel(/^Förnamn/).inputValue()).toBe('Tidig');
    expect(await page.getByRole('checkbox', { name: /företagets allmänna villkor/ }).getAttribute('aria-invalid')).toBeNull();
    expect(page.url()).toBe(applyUrl);
    await context.close();
  });
});
