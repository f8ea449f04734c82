import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { summerAnswers, type Person } from '../integration/helpers/recruiter';
import { callAction, expectNoAxeViolations, loginAs, newPage, tokenFor } from './helpers/app';
import { createSummerPosition } from './helpers/positions';
import { useE2e } from './helpers/fixture';
import { wcag22Problems } from './helpers/wcag22';

/** The pipeline board (issue 17 item 1) in Chromium: a writer moves by mouse and keyboard, a reader cannot move. */

const { app, browser } = useE2e();
let positionId: number;

const PEOPLE: Person[] = [
  { first: 'Anna', last: 'Berg' },
  { first: 'Bo', last: 'Ek' },
  { first: 'Cecilia', last: 'Falk' },
];
const ids = new Map<string, number>();
let intervju: number;

beforeAll(async () => {
  const writer = await tokenFor(app, 'writer@demo.test');
  const made = await createSummerPosition(app, writer, 'Tavlan på lagret');
  const c = made.container;
  positionId = made.id;
  intervju = c.labels.find((l: { name: string }) => l.name === 'Intervju').id;
  for (const [i, p] of PEOPLE.entries()) {
    const email = `${p.first.toLowerCase()}.tavla${i}@example.se`;
    const r = await callAction(app, writer, 'create_jobApplication', { email, positionId, metadata: summerAnswers(p, email, i) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    ids.set(p.first, r.body.data.id);
  }
}, 120_000);

const column = (page: Page, name: string): Locator => page.getByRole('region', { name: new RegExp(`^${name} \\d+ sökande$`) });

/** dnd-kit's live region is visually hidden: wait until it holds the announcement. */
const announced = (page: Page, text: string) => page.getByText(text).waitFor({ state: 'attached' });

async function openBoard(page: Page, email: string) {
  await loginAs(page, app, email);
  await page.goto(`${app.url}/admin/positions/${positionId}/board`);
  await column(page, 'Ny').getByRole('link', { name: 'Anna Berg' }).or(column(page, 'Intervju').getByRole('link', { name: 'Anna Berg' })).waitFor();
}

describe('the pipeline board', () => {
  it('is reached from the position page and shows every Process level with its count', async () => {
    const page = await newPage(browser);
    await loginAs(page, app, 'writer@demo.test');
    await page.goto(`${app.url}/admin/positions/${positionId}`);
    await page.getByRole('navigation', { name: 'Visa sökande som' }).getByRole('link', { name: 'Tavla' }).click();
    await page.waitForURL(`**/admin/positions/${positionId}/board`);
    for (const name of ['Ny', 'Intervju', 'Erbjudande', 'Anställd']) await column(page, name).waitFor();
    expect(await column(page, 'Ny').getByRole('heading').textContent()).toBe('Ny 3 sökande');
    expect(await column(page, 'Ny').getByRole('listitem').count()).toBe(3);
    expect(await page.getByText('Ny i steget i dag').count()).toBe(3);
    await expectNoAxeViolations(page);
    await page.context().close();
  });

  it('lets a writer move a card by mouse, and the move stays after a reload', async () => {
    const page = await newPage(browser);
    await openBoard(page, 'writer@demo.test');
    const handle = column(page, 'Ny').getByRole('button', { name: 'Flytta Anna Berg' });
    const from = (await handle.boundingBox())!;
    const to = (await column(page, 'Intervju').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 2 });
    await page.mouse.move(to.x + to.width / 2, to.y + 40, { steps: 8 });
    await page.mouse.up();
    await page.getByRole('status').filter({ hasText: 'Anna Berg flyttades till Intervju.' }).waitFor();
    await page.reload();
    await column(page, 'Intervju').getByRole('link', { name: 'Anna Berg' }).waitFor();
    expect(await column(page, 'Ny').getByRole('link', { name: 'Anna Berg' }).count()).toBe(0);
    expect(await column(page, 'Intervju').getByRole('heading').textContent()).toBe('Intervju 1 sökande');
    await page.context().close();
  });

  it('lets a writer move a card by keyboard with Swedish announcements, and the move stays after a reload', async () => {
    const page = await newPage(browser);
    await openBoard(page, 'writer@demo.test');
    await column(page, 'Ny').getByRole('button', { name: 'Flytta Bo Ek' }).focus();
    await page.keyboard.press('Space');
    await announced(page, 'Du har tagit tag i Bo Ek i steget Ny.');
    await page.keyboard.press('ArrowRight');
    await announced(page, 'Bo Ek är över steget Intervju.');
    await page.keyboard.press('ArrowRight');
    await announced(page, 'Bo Ek är över steget Erbjudande.');
    await page.keyboard.press('Space');
    await page.getByRole('status').filter({ hasText: 'Bo Ek flyttades till Erbjudande.' }).waitFor();
    await page.reload();
    await column(page, 'Erbjudande').getByRole('link', { name: 'Bo Ek' }).waitFor();
    expect(await column(page, 'Ny').getByRole('link', { name: 'Bo Ek' }).count()).toBe(0);
    await page.context().close();
  });

  it("lets a writer move a card with one click each, no drag ('Flytta till …', WCAG 2.2), and the board passes the 2.2 checks", async () => {
    const page = await newPage(browser);
    await openBoard(page, 'writer@demo.test');
    await column(page, 'Erbjudande').getByRole('button', { name: 'Flytta till … (Bo Ek)' }).click();
    await column(page, 'Erbjudande').getByRole('button', { name: 'Flytta till Anställd' }).click();
    await page.getByRole('status').filter({ hasText: 'Bo Ek flyttades till Anställd.' }).waitFor();
    await column(page, 'Anställd').getByRole('link', { name: 'Bo Ek' }).waitFor();
    expect(await wcag22Problems(page, 'main')).toEqual([]);
    await page.context().close();
  });

  it("opens the applicant from a card's name in the app, by click and by Enter, without loading the page again", async () => {
    const page = await newPage(browser);
    await openBoard(page, 'reader@demo.test');
    const applicant = `**/admin/positions/${positionId}/applicants/${ids.get('Bo')}`;
    await page.evaluate(() => Object.assign(window, { stayedInApp: true }));
    await page.getByRole('link', { name: 'Bo Ek' }).click();
    await page.waitForURL(applicant);
    expect(await page.evaluate(() => 'stayedInApp' in window)).toBe(true);
    await page.goBack();
    const name = page.getByRole('link', { name: 'Bo Ek' });
    await name.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(applicant);
    expect(await page.evaluate(() => 'stayedInApp' in window)).toBe(true);
    await page.context().close();
  });

  it('calls nothing when a card is dropped on its own column', async () => {
    const page = await newPage(browser);
    await openBoard(page, 'writer@demo.test');
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/dispatcher') && r.postData()?.includes('update_jobApplicationProcess')) calls++;
    });
    await column(page, 'Ny').getByRole('button', { name: 'Flytta Cecilia Falk' }).focus();
    await page.keyboard.press('Space');
    await announced(page, 'Du har tagit tag i Cecilia Falk i steget Ny.');
    await page.keyboard.press('Space');
    await announced(page, 'Cecilia Falk släpptes i sitt eget steg Ny och flyttades inte.');
    expect(calls).toBe(0);
    await page.context().close();
  });

  it('shows a reader the board without drag handles, and the server refuses a reader move', async () => {
    const page = await newPage(browser);
    await openBoard(page, 'reader@demo.test');
    await column(page, 'Intervju').getByRole('link', { name: 'Anna Berg' }).waitFor();
    expect(await page.getByRole('button', { name: /^Flytta / }).count()).toBe(0);
    const reader = await tokenFor(app, 'reader@demo.test');
    const r = await callAction(app, reader, 'update_jobApplicationProcess', { labelId: intervju, ids: [ids.get('Cecilia')] });
    expect(r.status).toBe(403);
    await page.context().close();
  });

  it('says in Swedish that a card is gone when its application was deleted meanwhile', async () => {
    const page = await newPage(browser);
    await openBoard(page, 'writer@demo.test');
    const writer = await tokenFor(app, 'writer@demo.test');
    expect((await callAction(app, writer, 'delete_jobapplication', { id: ids.get('Cecilia'), positionId })).status).toBe(200);
    await column(page, 'Ny').getByRole('button', { name: 'Flytta Cecilia Falk' }).focus();
    await page.keyboard.press('Space');
    await announced(page, 'Du har tagit tag i Cecilia Falk i steget Ny.');
    await page.keyboard.press('ArrowRight');
    await announced(page, 'Cecilia Falk är över steget Intervju.');
    await page.keyboard.press('Space');
    await page.getByText('Cecilia Falk finns inte längre – ansökan har tagits bort av någon annan. Tavlan är uppdaterad.').waitFor();
    // The board is read again: the card is gone from every column, and no column counts it.
    await page.getByRole('link', { name: 'Cecilia Falk' }).waitFor({ state: 'detached' });
    expect(await column(page, 'Ny').getByRole('heading').textContent()).toBe('Ny 0 sökande');
    expect(await column(page, 'Intervju').getByRole('heading').textContent()).toBe('Intervju 1 sökande');
    await page.context().close();
  });
});

/** Whether the element is inside the window (the offer appears where the eye is, issue 26 item 4). */
const inView = (l: Locator) =>
  l.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
  });
const focusedIn = (l: Locator) => l.evaluate((el) => el.contains(document.activeElement));

describe('one pipeline on the board (issue 26)', () => {
  let pipelineId: number;
  const who = new Map<string, number>();

  beforeAll(async () => {
    const writer = await tokenFor(app, 'writer@demo.test');
    const made = await createSummerPosition(app, writer, 'En pipeline');
    pipelineId = made.id;
    const labelId = (name: string) => made.container.labels.find((l: { name: string }) => l.name === name).id as number;
    const people = [{ first: 'Dora', last: 'Lind' }, { first: 'Erik', last: 'Nej' }, { first: 'Fia', last: 'Sten' }, { first: 'Gun', last: 'Ahl' }];
    for (const [i, p] of people.entries()) {
      const email = `${p.first.toLowerCase()}.pipeline${i}@example.se`;
      const r = await callAction(app, writer, 'create_jobApplication', { email, positionId: pipelineId, metadata: summerAnswers(p, email, i) });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      who.set(p.first, r.body.data.id);
    }
    expect((await callAction(app, writer, 'update_jobApplicationStatus', { labelId: labelId('Ej intressant'), ids: [who.get('Erik')] })).status).toBe(200);
    expect((await callAction(app, writer, 'update_jobApplicationProcess', { labelId: labelId('Intervju'), ids: [who.get('Dora')] })).status).toBe(200);
    const template = { containerId: 1, positionTypeId: made.container.positionTypes[0].id, labelId: labelId('Intervju'), subject: 'Intervju, {firstname}', content: '<p>Välkommen.</p>' };
    expect((await callAction(app, writer, 'update_containerTemplate', template)).status).toBe(200);
  }, 60_000);

  it("marks the 'Ej intressant' applicant, hides them with the switch, and offers the level's template after a move, in view and focused", async () => {
    const page = await newPage(browser, { viewport: 'phone' });
    await loginAs(page, app, 'writer@demo.test');
    await page.goto(`${app.url}/admin/positions/${pipelineId}/board`);
    const ny = page.getByRole('region', { name: /^Ny / });
    const erik = ny.locator(`[data-card="${who.get('Erik')}"]`);
    await erik.waitFor();
    expect(await erik.getAttribute('class')).toContain('brd-card-rejected');
    expect(await erik.getByText('Ej intressant').count()).toBe(1);
    expect(await ny.getByRole('heading').textContent()).toBe('Ny 3 sökande, varav 1 ej intressanta');

    await page.getByRole('switch', { name: 'Visa ej intressanta' }).uncheck();
    await erik.waitFor({ state: 'detached' });
    expect(await ny.getByRole('heading').textContent()).toBe('Ny 2 sökande (1 ej intressanta dolda)');

    // Scrolled down to the card, so the place the offer is drawn is out of view until it scrolls there.
    const handle = ny.getByRole('button', { name: 'Flytta Fia Sten' });
    await handle.evaluate((el) => {
      document.documentElement.style.paddingBottom = '2000px';
      window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 40);
    });
    await handle.focus();
    await page.keyboard.press('Space');
    await announced(page, 'Du har tagit tag i Fia Sten i steget Ny.');
    await page.keyboard.press('ArrowRight');
    await announced(page, 'Fia Sten är över steget Intervju.');
    await page.keyboard.press('Space');
    const offer = page.getByRole('group', { name: 'Skicka mallen ”Intervju” till Fia Sten?' });
    await offer.waitFor();
    await expect.poll(() => focusedIn(offer)).toBe(true);
    await expect.poll(() => inView(offer)).toBe(true);
    await expectNoAxeViolations(page);
    // One word for declining; the focus goes back to the moved card.
    await offer.getByRole('button', { name: 'Skicka inte' }).click();
    await offer.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Flytta Fia Sten');
    await page.context().close();
  }, 60_000);

  it('leaves a column with one Tab from any card and walks a column with the arrows', async () => {
    const page = await newPage(browser);
    await loginAs(page, app, 'writer@demo.test');
    await page.goto(`${app.url}/admin/positions/${pipelineId}/board`);
    const ny = page.getByRole('region', { name: /^Ny / });
    const first = ny.getByRole('button', { name: 'Flytta Gun Ahl' });
    await first.waitFor();
    await first.focus();
    const at = () => page.evaluate(() => {
      const el = document.activeElement;
      return { column: el?.closest('[data-column]')?.querySelector('.brd-col-name')?.textContent, card: el?.closest('[data-card]')?.getAttribute('data-card') };
    });
    await page.keyboard.press('ArrowDown');
    const second = await at();
    expect(second.column).toBe('Ny');
    expect(second.card).not.toBe(String(who.get('Gun')));
    // The card's handle, its name, its 'Flytta till …', then the next column (Dora is in Intervju): not the rest of Ny's cards.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect((await at()).column).toBe('Intervju');
    await page.context().close();
  });
  it("offers the level's template after 'Spara status' on the applicant page, in view and focused", async () => {
    const page = await newPage(browser, { viewport: 'phone' });
    await loginAs(page, app, 'writer@demo.test');
    await page.goto(`${app.url}/admin/positions/${pipelineId}/applicants/${who.get('Gun')}`);
    await page.getByRole('combobox', { name: 'Processnivå', exact: true }).selectOption({ label: 'Intervju' });
    await page.getByRole('button', { name: 'Spara status' }).click();
    const offer = page.getByRole('group', { name: 'Skicka mallen ”Intervju” till Gun Ahl?' });
    await offer.waitFor();
    await expect.poll(() => focusedIn(offer)).toBe(true);
    await expect.poll(() => inView(offer)).toBe(true);
    await page.context().close();
  }, 60_000);
});
