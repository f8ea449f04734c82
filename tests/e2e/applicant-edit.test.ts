import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { summerAnswers, summerForm } from '../integration/helpers/recruiter';
import { callAction, expectNoAxeViolations, loginAs, newPage, tokenFor } from './helpers/app';
import { createSummerPosition } from './helpers/positions';
import { useE2e } from './helpers/fixture';
import { layoutFaults } from './helpers/tour';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

const { app, browser } = useE2e();
let positionId: number;
let anna: number;

beforeAll(async () => {
  const writer = await tokenFor(app, 'writer@demo.test');
  positionId = (await createSummerPosition(app, writer, 'Sommarjobb i kassan')).id;
  const cv = [{ filename: 'cv.pdf', type: 'application/pdf', data: `data:application/pdf;base64,${PDF.toString('base64')}` }];
  const a = await callAction(app, writer, 'create_jobApplication', { email: 'anna.rad@example.se', positionId, metadata: { ...summerAnswers({ first: 'Anna', last: 'Rad' }, 'anna.rad@example.se', 1), form_file: cv } });
  expect(a.status, JSON.stringify(a.body)).toBe(200);
  anna = a.body.data.id;
  const b = await callAction(app, writer, 'create_jobApplication', { email: 'bo.rad@example.se', positionId, metadata: summerAnswers({ first: 'Bo', last: 'Rad' }, 'bo.rad@example.se', 2) });
  expect(b.status).toBe(200);
  for (const note of ['Ring på måndag', 'Bra referenser']) expect((await callAction(app, writer, 'create_JobApplicantNote', { id: anna, note })).status).toBe(200);
}, 120_000);

const row = (page: Page, name: string) => page.getByRole('list', { name: 'Sökande' }).getByRole('listitem').filter({ hasText: name });
const focused = (page: Page) => page.evaluate(() => {
  const el = document.activeElement as HTMLElement | null;
  return { tag: el?.tagName ?? '', text: el?.textContent ?? '' };
});

describe('correcting an application in Chromium', () => {
  it('a writer sees the notes count on the rows, corrects a phone number on the applicant page and sees it after a reload', async () => {
    const page = await newPage(browser, { baseURL: app.url });
    await loginAs(page, app, 'writer@demo.test');
    await page.goto(`/admin/positions/${positionId}`);
    await expect.poll(() => row(page, 'Anna Rad').textContent()).toContain('2 anteckningar');
    expect(await row(page, 'Bo Rad').textContent()).not.toContain('anteckning');

    await row(page, 'Anna Rad').getByRole('link', { name: 'Anna Rad' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Anna Rad');
    const answers = page.getByRole('region', { name: 'Svar' });
    await expect.poll(() => answers.getByText('0701234567').count()).toBe(1);

    // Keyboard: the button opens the form with focus inside it; 'Avbryt' returns focus to the button.
    await answers.getByRole('button', { name: 'Ändra svar' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => answers.getByLabel(/^Mobiltelefon/).first().inputValue()).toBe('0701234567');
    expect((await focused(page)).tag).toMatch(/INPUT|SELECT|TEXTAREA|BUTTON/);
    expect(await answers.getByLabel(/^Förnamn/).first().inputValue()).toBe('Anna');
    await expectNoAxeViolations(page, 'main');
    await answers.getByRole('button', { name: 'Avbryt' }).click();
    await expect.poll(() => focused(page)).toEqual({ tag: 'BUTTON', text: 'Ändra svar' });

    await page.keyboard.press('Enter');
    const phone = answers.getByLabel(/^Mobiltelefon/).first();
    await phone.fill('0739876543');
    // The engine refuses a broken e-mail answer at its field; nothing is sent.
    const email = answers.getByLabel(/^E-post/).first();
    await email.fill('inte-en-adress');
    await answers.getByRole('button', { name: 'Spara' }).click();
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => answers.getByText('Email är inte giltigt format').count()).toBeGreaterThan(0);
    await email.fill('anna.rad@example.se');
    await answers.getByRole('button', { name: 'Spara' }).click();
    await expect.poll(() => page.getByText('Sparad', { exact: true }).count()).toBeGreaterThan(0);
    await expect.poll(() => answers.getByText('0739876543').count()).toBe(1);
    expect(await answers.getByRole('button', { name: 'Ändra svar' }).count()).toBe(1);
    await expect.poll(() => page.getByText('Svaren ändrades').count()).toBe(1);

    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Anna Rad');
    await expect.poll(() => page.getByRole('region', { name: 'Svar' }).getByText('0739876543').count()).toBe(1);
    expect(await page.getByRole('region', { name: 'Svar' }).getByText('0701234567').count()).toBe(0);
    // The CV was kept as it was stored.
    expect(await page.getByRole('button', { name: 'Förhandsgranska cv.pdf' }).count()).toBeGreaterThan(0);
    await page.context().close();
  }, 120_000);

  it('keeps a long e-mail address inside the phone-wide applicant page and its row', async () => {
    const writer = await tokenFor(app, 'writer@demo.test');
    // One unbreakable word, as the demo's addresses are: hyphens alone would let it wrap.
    const email = 'annakarinjohanssonlindqvist.tpdf8h48lo1o@kommunforetaget.se';
    const made = await callAction(app, writer, 'create_jobApplication', { email, positionId, metadata: summerAnswers({ first: 'Annakarin', last: 'Lindqvist' }, email, 3) });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const page = await newPage(browser, { baseURL: app.url, viewport: 'phone' });
    await loginAs(page, app, 'writer@demo.test');
    await page.goto(`/admin/positions/${positionId}`);
    await row(page, 'Annakarin Lindqvist').waitFor();
    expect(await layoutFaults(page)).toEqual([]);
    await page.goto(`/admin/positions/${positionId}/applicants/${made.body.data.id}`);
    await page.getByRole('link', { name: email }).waitFor();
    // The address widened the page to 455 px when its grid column could not be narrower than it.
    expect(await layoutFaults(page)).toEqual([]);
    await page.context().close();
  });

  it('keeps a position named by one long word, and its form labelled by such words, inside its pages, public and staff, at phone and desktop width', async () => {
    const writer = await tokenFor(app, 'writer@demo.test');
    // Swedish compounds run long and have no hyphen to break at.
    const name = 'Mjukvaruutvecklingsingenjörspraktikantsplatsförsommarensanställningsperiod';
    const labels: Record<string, string> = { summerpositionchoicesform: 'Vilkatjänsterinomdetaljhandelnsökerduhososs?', summerpositionchoicesform_1: 'Kassaochbutiksarbeteinklusivevaruplockningochinventering' };
    const { id } = await createSummerPosition(app, writer, name, summerForm().map((f) => ({ ...f, label: labels[f.key] ?? f.label })));
    // A text template of the same name: the editor's list of templates is as wide as its longest choice.
    expect((await callAction(app, writer, 'add_textTemplate', { containerId: 1, title: name, text: '<p>Hej</p>' })).status).toBe(200);
    const made = await callAction(app, writer, 'create_jobApplication', { email: 'lang.ord@example.se', positionId: id, metadata: summerAnswers({ first: 'Lång', last: 'Ord', jobs: ['Kassa'] }, 'lang.ord@example.se', 4) });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const page = await newPage(browser, { baseURL: app.url, viewport: 'phone' });
    await loginAs(page, app, 'writer@demo.test');
    await page.goto(`/admin/positions/${id}`);
    await row(page, 'Lång Ord').waitFor();
    expect(await layoutFaults(page)).toEqual([]);
    await page.goto(`/admin/positions/${id}/applicants/${made.body.data.id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Lång Ord');
    expect(await layoutFaults(page)).toEqual([]);
    await page.goto(`/admin/positions/${id}/edit`);
    await page.getByRole('textbox', { name: 'Namn' }).first().waitFor();
    // The ad's preview drew the name as text running out of its paragraph (1,112 px); the template list was 647 px.
    expect(await layoutFaults(page)).toEqual([]);
    // A legend and a check box's label were as wide as their word: 536 px in the position page's filters, 547 in the
    // editor's form, and the apply page draws the same form.
    await page.goto(`/positions/${id}/apply`);
    await page.getByRole('checkbox', { name: labels.summerpositionchoicesform_1 }).waitFor();
    expect(await layoutFaults(page)).toEqual([]);
    // The public list's grid column could not be narrower than the name: 1,029 px at 390, one wide column at 1366.
    await page.goto('/positions');
    await page.getByRole('link', { name, exact: true }).waitFor();
    expect(await layoutFaults(page)).toEqual([]);
    await page.setViewportSize({ width: 1366, height: 900 });
    const widths = await page.locator('.pub-card').evaluateAll((cards) => [...new Set(cards.map((c) => Math.round(c.getBoundingClientRect().width)))]);
    expect(widths).toHaveLength(1);
    // The staff list's name column was 736 px wide and pushed the table into sideways scrolling.
    await page.goto('/admin/positions');
    await page.getByRole('link', { name, exact: true }).waitFor();
    expect(await page.locator('.adm-table-wrap').evaluate((w) => w.scrollWidth - w.clientWidth)).toBeLessThanOrEqual(1);
    await page.context().close();
  }, 60_000);

  it('shows the least average rating filter with its label above its list, as the other filter fields', async () => {
    const page = await newPage(browser, { baseURL: app.url });
    await loginAs(page, app, 'writer@demo.test');
    await page.goto(`/admin/positions/${positionId}`);
    const select = page.getByLabel('Minst snittbetyg (av dem du har bedömt)');
    await select.waitFor();
    const label = page.locator('label', { hasText: 'Minst snittbetyg' });
    // The list sat on the label's second line, after 'bedömt)'.
    expect(((await label.boundingBox())!.y + (await label.boundingBox())!.height)).toBeLessThanOrEqual((await select.boundingBox())!.y);
    await page.context().close();
  });

  it('a reader has no button to change the answers, and the server refuses it too', async () => {
    const page = await newPage(browser, { baseURL: app.url });
    const readerToken = await loginAs(page, app, 'reader@demo.test');
    await page.goto(`/admin/positions/${positionId}/applicants/${anna}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Anna Rad');
    await expect.poll(() => page.getByRole('region', { name: 'Svar' }).getByText('Stockholm').count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Ändra svar' }).count()).toBe(0);
    const refused = await callAction(app, readerToken, 'update_jobApplicant', { applicant: { id: anna, metadata: {} } });
    expect(refused.status).toBe(403);
    await page.context().close();
  }, 60_000);
});
