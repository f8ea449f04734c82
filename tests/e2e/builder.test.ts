import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectNoAxeViolations, newPage } from './helpers/app';
import { useE2e } from './helpers/fixture';

const { app, browser, login } = useE2e();
let page: Page;

beforeAll(async () => {
  page = await newPage(browser, { viewport: 'desktop', baseURL: app.url });
});

const list = () => page.getByRole('list', { name: 'Formulärfält' });
/** The labels of the top-level fields, in the order the builder shows them. */
async function topLabels(): Promise<string[]> {
  return list().locator(':scope > li .bld-row-label').evaluateAll((els) =>
    els.filter((e) => e.closest('ul')?.getAttribute('aria-label') === 'Formulärfält').map((e) => e.textContent ?? ''),
  );
}

async function addField(typeTitle: string) {
  await page.getByLabel('Fälttyp').selectOption({ label: typeTitle });
  await page.getByRole('button', { name: 'Lägg till fält' }).click();
}

async function setLabel(editorOf: string, value: string) {
  const id = await page.getByRole('button', { name: `Redigera ${editorOf}` }).getAttribute('aria-controls');
  const input = page.locator(`#${id}`).getByLabel(/^Rubrik\*?$/);
  await input.fill(value);
}

/** A real pointer drag: press, move in steps (dnd-kit needs movement past its 4 px threshold), release. */
/** Waits until the page has painted twice, i.e. dnd-kit has measured and handled the last move. */
async function settle() {
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
}

/**
 * A mouse drag the way a person does it: press, move past the activation distance, travel to
 * the target, hover there. Waits on the page's frames rather than fixed sleeps, so a loaded
 * CI machine drops where the pointer really is.
 */
async function dragTo(handle: Locator, target: Locator) {
  // The mouse only reaches what is on screen, and within 20% of an edge dnd-kit scrolls the
  // page under the pointer: bring the target to a third of the way down, as a person would.
  const height = page.viewportSize()?.height ?? 900;
  await target.evaluate((el, y) => {
    el.scrollIntoView({ block: 'start' });
    window.scrollBy(0, el.getBoundingClientRect().top - y);
  }, Math.round(height / 3));
  await settle();
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('no boxes to drag between');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 3 });
  await settle();
  await page.mouse.move(to.x + to.width / 2, to.y + 5, { steps: 15 });
  await settle();
  await page.mouse.move(to.x + to.width / 2, to.y + 6);
  await settle();
  await page.mouse.up();
  await settle();
}

async function waitSaved() {
  await expect.poll(() => page.locator('.bld-status').textContent(), { timeout: 10_000 }).toBe('Sparat');
}

describe('a writer builds a form template and a position from it (issue 4)', () => {
  let templateUrl = '';

  it('logs in as a writer through the login page', async () => {
    await page.goto('/login');
    await page.getByLabel('E-post').fill('writer@demo.test');
    await page.getByLabel('Lösenord').fill(app.password);
    await page.getByRole('button', { name: 'Logga in' }).click();
    await page.waitForURL(/\/admin$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Start');
  });

  it('creates a template with a text field, a checkbox group of three and a summer-period group', async () => {
    await page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: 'Formulärmallar' }).click();
    await page.getByRole('link', { name: 'Ny mall' }).click();
    await page.getByLabel('Namn *', { exact: true }).fill('Sommarmall med meriter');
    await page.getByRole('group', { name: 'Sommarjobb' }).getByLabel('Kan användas').check();
    await expect.poll(() => page.getByText('Här var det tomt. Lägg till minst ett fält för att kunna redigera det.').count()).toBe(1);

    await addField('Textfält');
    await setLabel('Textfält', 'Födelseår');
    await addField('Kryssrutegrupp');
    await setLabel('Kryssrutegrupp', 'Meriter');
    await page.getByRole('button', { name: 'Lägg till kryssruta i Meriter' }).click();
    await page.getByRole('button', { name: 'Lägg till kryssruta i Meriter' }).click();
    await addField('Sommarperioder');
    await setLabel('Sommarperioder', 'Perioder');
    // A position's form needs its one E-post field (create_position refuses one without).
    await addField('E-post');
    expect(await topLabels()).toEqual(['Födelseår', 'Meriter', 'Perioder', 'E-post']);
    const merits = page.getByRole('list', { name: 'Alternativ i Meriter' });
    expect(await merits.getByRole('listitem').count()).toBe(3);
    await waitSaved();
    await page.waitForURL(/\/admin\/form-templates\/edit\/\d+$/);
    templateUrl = page.url();
  });

  it('reorders by mouse and by keyboard', async () => {
    // A tall screen: the summer-period group is dragged past the three-option merit group.
    await page.setViewportSize({ width: 1280, height: 1600 });
    await dragTo(page.getByRole('button', { name: 'Flytta Perioder' }), page.getByRole('button', { name: 'Flytta Födelseår' }).locator('xpath=ancestor::li[1]'));
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(() => topLabels()).toEqual(['Perioder', 'Födelseår', 'Meriter', 'E-post']);

    const handle = page.getByRole('button', { name: 'Flytta Meriter' });
    await handle.focus();
    await page.keyboard.press('Space');
    await settle();
    await page.keyboard.press('ArrowUp');
    await settle();
    await page.keyboard.press('Space');
    await expect.poll(() => topLabels()).toEqual(['Perioder', 'Meriter', 'Födelseår', 'E-post']);
  });

  it('edits a validator, undoes and redoes it', async () => {
    const edit = page.getByRole('button', { name: 'Redigera Födelseår' });
    if ((await edit.getAttribute('aria-expanded')) !== 'true') await edit.click();
    const editor = page.locator(`#${await edit.getAttribute('aria-controls')}`);
    await editor.getByLabel('Tillåtna födelseår').check();
    await expect.poll(() => editor.getByText('Ange minst ett födelseår').count()).toBe(1);
    await editor.locator('input[id*="-years_0"]').fill('2006');
    await expect.poll(() => editor.getByText('Ange minst ett födelseår').count()).toBe(0);

    await page.getByRole('button', { name: 'Ångra' }).click();
    await expect.poll(() => editor.locator('input[id*="-years_0"]').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Gör om' }).click();
    await expect.poll(() => editor.locator('input[id*="-years_0"]').inputValue()).toBe('2006');
    await waitSaved();
  });

  it('finds it all saved after a reload', async () => {
    await page.goto(templateUrl);
    await expect.poll(() => topLabels()).toEqual(['Perioder', 'Meriter', 'Födelseår', 'E-post']);
    expect(await page.getByLabel('Namn *', { exact: true }).inputValue()).toBe('Sommarmall med meriter');
    expect(await page.getByRole('list', { name: 'Alternativ i Meriter' }).getByRole('listitem').count()).toBe(3);
    await page.getByRole('button', { name: 'Redigera Födelseår' }).click();
    const editor = page.locator(`#${await page.getByRole('button', { name: 'Redigera Födelseår' }).getAttribute('aria-controls')}`);
    expect(await editor.getByLabel('Tillåtna födelseår').isChecked()).toBe(true);
    expect(await editor.locator('input[id*="-years_0"]').inputValue()).toBe('2006');
  });

  it('has no axe violations in the builder', async () => {
    await expectNoAxeViolations(page, 'main');
  });

  it('creates a position from that template and shows the applicant view', async () => {
    await page.getByRole('link', { name: 'Skapa annons' }).first().click();
    await page.getByRole('link', { name: 'Publik annons Sommarjobb' }).click();
    await page.getByLabel('Rubrik *').fill('Sommarjobb på lagret');
    await page.getByLabel('Ort', { exact: true }).fill('Göteborg');
    await page.getByLabel('Formulärmall').selectOption({ label: 'Sommarmall med meriter' });
    await expect.poll(() => topLabels()).toEqual(['Perioder', 'Meriter', 'Födelseår', 'E-post']);
    await page.getByRole('button', { name: 'Spara annons' }).click();
    await page.waitForURL(/\/admin\/positions$/);
    const link = page.getByRole('link', { name: 'Visa ansökningssidan Sommarjobb på lagret' });
    // On the organisation's own host, in a new tab (issue 17 item 9): follow it here.
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(new RegExp(`^${app.orgUrl.replace(/\./g, '\\.')}/\\d+_sommarjobb-pa-lagret/apply$`));
    expect(await link.getAttribute('target')).toBe('_blank');
    await page.goto(href);
    await page.waitForURL(/\/apply$/);
    await expect.poll(() => page.getByText('Födelseår').count()).toBeGreaterThan(0);
    expect(await page.getByRole('group', { name: /Meriter/ }).count()).toBeGreaterThan(0);
    expect(await page.getByText('Perioder').count()).toBeGreaterThan(0);
  });
});

describe('the builder on a phone', () => {
  /**
   * At 390 px a row's label and type shared one line with the buttons: 'Kryssrutegrupp' broke
   * as 'Kryssrutegru' / 'pp', and a long label took Redigera up beside it and left Ta bort
   * below. Now the type goes under the label, and the two buttons stay together.
   */
  it('breaks no word of a row label and keeps Redigera and Ta bort on one line', async () => {
    const phone = await newPage(browser, { viewport: 'phone', baseURL: app.url });
    await login(phone, 'writer@demo.test');
    await phone.goto('/admin/form-templates/new');
    for (const type of ['Kryssrutegrupp', 'Radioknappsgrupp', 'Samtycke till villkoren']) {
      await phone.getByLabel('Fälttyp').selectOption({ label: type });
      await phone.getByRole('button', { name: 'Lägg till fält' }).click();
    }
    await phone.getByRole('button', { name: /^Redigera Jag har läst och godkänner företagets/ }).waitFor();
    const rows = await phone.locator('.bld-item').evaluateAll((items) =>
      items.map((item) => {
        const label = item.querySelector('.bld-row-label')!;
        const text = label.firstChild!;
        // Each word of the label on one line (a word split over two has rects on two lines).
        let at = 0;
        const split = (text.textContent ?? '').split(' ').filter((word) => {
          const range = document.createRange();
          range.setStart(text, at);
          range.setEnd(text, at + word.length);
          at += word.length + 1;
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
        });
        // The row's own buttons come before its children's.
        const [edit, remove] = [item.querySelector('.bld-edit')!, item.querySelector('.bld-remove')!].map((b) => b.getBoundingClientRect().top);
        return { label: label.textContent, split, sameLine: edit === remove };
      }),
    );
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(rows.filter((r) => r.split.length > 0 || !r.sameLine)).toEqual([]);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.context().close();
  });
});
