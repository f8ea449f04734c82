import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { validAnswers } from '../integration/helpers/domain';
import { callAction, expectNoAxeViolations, loginAs, newPage } from './helpers/app';
import { useE2e } from './helpers/fixture';

const { app, browser, smtp } = useE2e({ smtp: true });
let writer: string;
let positionId: number;
let summerTypeId: number;
const applicantIds = new Map<string, number>();

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();
const section = (page: Page, label: string) => page.getByRole('group', { name: `Mall för ${label}` });

beforeAll(async () => {
  const res = await fetch(`${app.url}/api/account/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'writer@demo.test', password: app.password }) });
  writer = ((await res.json()) as { token: string }).token;
  const c = (await callAction(app, writer, 'get_container', { id: 1 })).body.data;
  summerTypeId = c.positionTypes.find((t: { name: string }) => t.name === 'Sommarjobb').id;
  const positions = (await callAction(app, writer, 'get_positions', { containerId: 1 })).body.data as { id: number; isInternal: boolean; positionTypeId: number }[];
  const open = positions.find((p) => !p.isInternal && p.positionTypeId === summerTypeId)!;
  positionId = open.id;
  for (const [first, last] of [['Örjan', 'Åberg'], ['Elsa', 'Ek']] as const) {
    const email = `${first.toLowerCase().normalize('NFD').replace(/[^a-z]/g, '')}@example.se`;
    const r = await callAction(app, writer, 'create_jobApplication', { email, positionId, metadata: validAnswers(email, { form_firstname: first, form_surname: last }) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    applicantIds.set(first, r.body.data.id);
  }
  // The demo organisation confirms each application (it starts with the default templates, issue 26).
  await smtp.waitFor(2, 20_000);
}, 120_000);

describe('email templates in the browser', () => {
  it('picks a position type, saves one and then two templates with their toasts, and keeps them after a reload', async () => {
    const page = await newPage(browser);
    await loginAs(page, app, 'writer@demo.test');
    await page.goto(`${app.url}/admin/templates/email`);
    await expect.poll(() => h1(page)).toBe('E-postmallar');
    await page.getByRole('link', { name: 'Sommarjobb' }).click();
    await expect.poll(() => h1(page)).toBe('E-postmallar: Sommarjobb');
    expect(new URL(page.url()).pathname).toBe(`/admin/templates/email/${summerTypeId}`);
    await expect.poll(() => page.title()).toBe('E-postmallar: Sommarjobb – Blankett');

    // The demo starts with the default templates: each one written here replaces its text.
    const clear = async (label: string) => {
      await section(page, label).getByRole('textbox', { name: 'Innehåll' }).click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.press('Delete');
    };
    const interesting = section(page, 'Intressant');
    await interesting.getByLabel('Ämne').fill('Hej ');
    await interesting.getByRole('button', { name: 'Förnamn' }).click();
    await clear('Intressant');
    await page.keyboard.type('Vi vill gärna träffa dig, ');
    await interesting.getByRole('button', { name: 'Förnamn' }).click();
    await page.keyboard.type('. Hälsningar ');
    await interesting.getByRole('button', { name: 'Företag' }).click();
    await expect.poll(() => interesting.getByLabel('Ämne').inputValue()).toBe('Hej {firstname}');
    await page.getByRole('button', { name: 'Spara' }).click();
    await expect.poll(() => page.getByText('E-postmall uppdaterad', { exact: true }).count()).toBeGreaterThan(0);

    await section(page, 'Kanske').getByLabel('Ämne').fill('Vi återkommer');
    await clear('Kanske');
    await page.keyboard.type('Tack för ditt tålamod.');
    await section(page, 'Ej bedömd').getByLabel('Ämne').fill('Tack för din ansökan, {firstname}');
    await clear('Ej bedömd');
    await page.keyboard.type('Vi har tagit emot din ansökan.');
    await page.getByRole('button', { name: 'Spara' }).click();
    await expect.poll(() => page.getByText('E-postmallar uppdaterade', { exact: true }).count()).toBeGreaterThan(0);

    await page.reload();
    await expect.poll(() => section(page, 'Intressant').getByLabel('Ämne').inputValue()).toBe('Hej {firstname}');
    // The merge fields read as named chips in the text; stored, they are {key}.
    expect(await section(page, 'Intressant').getByRole('textbox', { name: 'Innehåll' }).textContent()).toBe('Vi vill gärna träffa dig, Förnamn. Hälsningar Företag');
    await expect.poll(() => section(page, 'Intressant').getByTestId('mail-preview').textContent()).toContain('Vi vill gärna träffa dig, Anna. Hälsningar Demoföretaget AB');
    expect(await section(page, 'Kanske').getByLabel('Ämne').inputValue()).toBe('Vi återkommer');
    // The page's own content (the shell's avatar button is checked by the shell's tests).
    await expectNoAxeViolations(page, 'main');

    // A subject is required for a changed template: nothing is saved without one.
    await section(page, 'Ej intressant').getByLabel('Ämne').fill('');
    await section(page, 'Ej intressant').getByRole('textbox', { name: 'Innehåll' }).click();
    await page.keyboard.type('Tyvärr');
    await page.getByRole('button', { name: 'Spara' }).click();
    await expect.poll(() => section(page, 'Ej intressant').getByText('Ange ett ämne.').count()).toBe(1);
    const stored = (await callAction(app, writer, 'get_emailTemplates', { containerId: 1, positionTypeId: summerTypeId })).body.data as { subject: string }[];
    expect(stored.map((t) => t.subject).sort()).toEqual(['Besked om din ansökan till {position}', 'Hej {firstname}', 'Tack för din ansökan, {firstname}', 'Vi återkommer']);
    expect((stored as { subject: string; content: string }[]).find((t) => t.subject === 'Hej {firstname}')!.content).toBe('<p>Vi vill gärna träffa dig, {firstname}. Hälsningar {company}</p>');
    await page.context().close();
  }, 90_000);

  it("draws the editor's toolbar as it will be while the editor's code loads, so the text below it does not jump on a phone", async () => {
    const page = await newPage(browser, { viewport: 'phone' });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/RichText-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await loginAs(page, app, 'writer@demo.test');
    await page.goto(`${app.url}/admin/templates/email/${summerTypeId}`);
    const interesting = section(page, 'Intressant');
    await interesting.getByText('Laddar textredigeraren…').waitFor();
    const waiting = await interesting.locator('.rt-toolbar').boundingBox();
    release();
    const loaded = await interesting.getByRole('toolbar').boundingBox();
    // Six buttons wrap to two rows at 390 px: a frame of one row grew by 36 px when they came.
    expect(loaded!.height, `${waiting!.height} → ${loaded!.height}`).toBeGreaterThan(60);
    expect(Math.abs(loaded!.height - waiting!.height), `${waiting!.height} → ${loaded!.height}`).toBeLessThanOrEqual(1);
    await page.context().close();
  });

  it('offers the label template after a move and mails it, filled, to the moved applicants', async () => {
    smtp.mails.length = 0;
    const page = await newPage(browser);
    await loginAs(page, app, 'writer@demo.test');
    await page.goto(`${app.url}/admin/positions/${positionId}`);
    for (const n of ['Örjan Åberg', 'Elsa Ek']) await page.getByRole('checkbox', { name: `Välj ${n}` }).check();
    await page.getByLabel('Ny status').selectOption({ label: 'Intressant' });
    await page.getByRole('button', { name: 'Flytta till status' }).click();
    await expect.poll(() => page.getByText('Skicka mallen ”Intressant” till 2 sökande?').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Ändra först' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByLabel('Ämne').inputValue()).toBe('Hej {firstname}');
    // The dialog still grows as its parts load (the editor, the merge fields, the preview) and
    // moves Skicka down: a press begun before the last of them and ended after is no press.
    // So it is pressed once all of them show the template.
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Meddelande' }).textContent()).toContain('Vi vill gärna träffa dig');
    await expect.poll(() => dialog.getByRole('group', { name: 'Infoga fält' }).getByRole('button').count()).toBeGreaterThan(0);
    await expect.poll(() => dialog.getByTestId('mail-preview').textContent()).toContain('Vi vill gärna träffa dig');
    await dialog.getByRole('button', { name: 'Skicka', exact: true }).click();
    // The send's answer first: the dialog closes only when every mail went, and otherwise stays
    // open saying why (a failed or refused send), which the failure then names.
    await expect.poll(async () => ((await dialog.count()) === 0 ? 'stängd' : await dialog.innerText()), { timeout: 30_000 }).toBe('stängd');
    const mails = await smtp.waitFor(2, 20_000);
    expect(mails.map((m) => m.subject).sort()).toEqual(['Hej Elsa', 'Hej Örjan']);
    const toOrjan = mails.find((m) => m.subject === 'Hej Örjan')!;
    expect(toOrjan.text).toBe('Vi vill gärna träffa dig, Örjan. Hälsningar Demoföretaget AB');
    await page.context().close();
  }, 90_000);

  it('shows a send that failed while the mail server was down in the log and sends it again from there', async () => {
    smtp.mails.length = 0;
    const page = await newPage(browser);
    await loginAs(page, app, 'writer@demo.test');
    await page.goto(`${app.url}/admin/positions/${positionId}/applicants/${applicantIds.get('Elsa')}`);
    await expect.poll(() => h1(page)).toBe('Elsa Ek');
    await smtp.stop();
    try {
      await page.getByRole('button', { name: 'Skicka e-post' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Ämne').fill('Intervjutid för {firstname}');
      await dialog.getByRole('textbox', { name: 'Meddelande' }).click();
      await page.keyboard.type('Välkommen på tisdag.');
      await dialog.getByRole('button', { name: 'Skicka', exact: true }).click();
      await expect.poll(() => dialog.getByText('Kunde inte skickas till: Elsa Ek', { exact: false }).count(), { timeout: 30_000 }).toBe(1);
      await dialog.getByRole('button', { name: 'Stäng' }).click();
    } finally {
      await smtp.start();
    }
    // The log keeps the template, not the person's values (issue 24: it is read on anonymous applications too).
    await expect.poll(() => page.getByText('E-post kunde inte skickas: Intervjutid för {firstname}').count()).toBe(1);
    await page.getByRole('button', { name: 'Skicka igen' }).click();
    const again = page.getByRole('dialog');
    await expect.poll(() => again.getByLabel('Ämne').inputValue()).toBe('Intervjutid för {firstname}');
    await again.getByRole('button', { name: 'Skicka', exact: true }).click();
    const [mail] = await smtp.waitFor(1, 20_000);
    expect(mail!.subject).toBe('Intervjutid för Elsa');
    expect(mail!.text).toBe('Välkommen på tisdag.');
    await expect.poll(() => page.getByText('E-post skickad: Intervjutid för {firstname}').count()).toBe(1);
    await page.context().close();
  }, 120_000);
});
