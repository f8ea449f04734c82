import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { summerAnswers } from '../integration/helpers/recruiter';
import { callAction, expectNoAxeViolations, loginAs, newPage, tokenFor } from './helpers/app';
import { createSummerPosition } from './helpers/positions';
import { useE2e } from './helpers/fixture';

/**
 * Scorecards (issue 17 item 2) in Chromium: a reader rates an applicant by keyboard, cannot
 * see the writer's rating before that and sees it after, also after a reload.
 */

const { app, browser } = useE2e();
let positionId: number;
let applicantId: number;

const WRITER_COMMENT = 'Tydlig och lugn i telefon';

beforeAll(async () => {
  const writer = await tokenFor(app, 'writer@demo.test');
  positionId = (await createSummerPosition(app, writer, 'Bedömning i kassan')).id;
  const email = 'dana.betyg@example.se';
  const applied = await callAction(app, writer, 'create_jobApplication', { email, positionId, metadata: summerAnswers({ first: 'Dana', last: 'Dahl' }, email, 7) });
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  applicantId = applied.body.data.id;
  const criteria = await callAction(app, writer, 'update_positionScoreCriteria', { positionId, criteria: [{ name: 'Bemötande' }, { name: 'Noggrannhet' }] });
  expect(criteria.status, JSON.stringify(criteria.body)).toBe(200);
  const scores = (criteria.body.data.criteria as { id: string }[]).map((x) => ({ criterionId: x.id, score: 5, comment: WRITER_COMMENT }));
  const rated = await callAction(app, writer, 'upsert_applicantScorecard', { id: applicantId, scores, overall: 'yes' });
  expect(rated.status, JSON.stringify(rated.body)).toBe(200);
}, 120_000);

const panel = (page: Page): Locator => page.getByRole('region', { name: 'Bedömning', exact: true });

describe('scorecards', () => {
  it('lets a reader rate by keyboard, hiding the others\u2019 ratings until then and showing them after', async () => {
    const page = await newPage(browser);
    await loginAs(page, app, 'reader@demo.test');
    await page.goto(`${app.url}/admin/positions/${positionId}/applicants/${applicantId}`);
    const p = panel(page);
    await p.getByText('1 i teamet har redan bedömt. Den bedömningen visas när du har sparat din egen.').waitFor();
    // Not on the page at all: the server did not send it.
    expect(await page.getByText(WRITER_COMMENT).count()).toBe(0);
    expect(await p.getByRole('heading', { name: 'Teamets bedömningar' }).count()).toBe(0);
    await expectNoAxeViolations(page);

    // Bemötande: Tab into the group lands on its first option, arrows move to 4.
    const first = p.getByRole('group', { name: 'Bemötande' });
    await first.getByRole('radio', { name: '1 av 5' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await first.getByRole('radio', { name: '4 av 5' }).isChecked()).toBe(true);
    // Saving without everything answered says what is missing, and nothing is sent.
    await p.getByRole('button', { name: 'Spara bedömning' }).press('Enter');
    await p.getByRole('alert').filter({ hasText: 'Välj ett betyg för Noggrannhet.' }).waitFor();
    const second = p.getByRole('group', { name: 'Noggrannhet' });
    await second.getByRole('radio', { name: '2 av 5' }).focus();
    await page.keyboard.press('Space');
    await p.getByLabel('Kommentar om Noggrannhet (valfri)').fill('Missade två fält');
    await p.getByRole('group', { name: 'Helhetsomdöme' }).getByRole('radio', { name: 'Kanske' }).focus();
    await page.keyboard.press('Space');
    await p.getByRole('button', { name: 'Spara bedömning' }).press('Enter');

    await p.getByRole('heading', { name: 'Teamets bedömningar' }).waitFor();
    await p.getByText(WRITER_COMMENT).first().waitFor();
    await p.getByText('Viktor Skribent: snitt 5, Ja').waitFor();
    expect(await p.getByRole('status').filter({ hasText: 'Snitt 4 av 5, 2 har bedömt' }).count()).toBe(1);
    // The log says a rating was saved, without its scores.
    await page.getByText('Bedömning sparad').first().waitFor();

    await page.reload();
    await panel(page).getByRole('heading', { name: 'Min bedömning' }).waitFor();
    await panel(page).getByText('Missade två fält').waitFor();
    await panel(page).getByText(WRITER_COMMENT).first().waitFor();
    await page.context().close();
  });

  it('shows the rating on the list: the count to someone who has not rated, the average to one who has', async () => {
    const page = await newPage(browser);
    await loginAs(page, app, 'admin@demo.test');
    await page.goto(`${app.url}/admin/positions/${positionId}`);
    const row = page.getByRole('list', { name: 'Sökande' }).getByRole('listitem').filter({ hasText: 'Dana Dahl' });
    await row.getByText('2 har bedömt').waitFor();
    expect(await row.getByText(/Betyg \d/).count()).toBe(0);
    await page.context().close();

    const reader = await newPage(browser);
    await loginAs(reader, app, 'reader@demo.test');
    await reader.goto(`${app.url}/admin/positions/${positionId}`);
    await reader.getByRole('list', { name: 'Sökande' }).getByRole('listitem').filter({ hasText: 'Dana Dahl' }).getByText('Betyg 4, 2 har bedömt').waitFor();
    await reader.context().close();
  });

  it('lets a writer add a criterion on the position page, by keyboard focus on the new field', async () => {
    const page = await newPage(browser);
    const writer = await loginAs(page, app, 'writer@demo.test');
    await page.goto(`${app.url}/admin/positions/${positionId}`);
    await page.getByText('Bedömningskriterier', { exact: true }).click();
    await expect.poll(() => page.getByLabel('Kriterium 1', { exact: true }).inputValue()).toBe('Bemötande');
    await page.getByRole('button', { name: 'Lägg till kriterium' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? '')).toBe(await page.getByLabel('Kriterium 3', { exact: true }).getAttribute('id'));
    await page.keyboard.type('Samarbete');
    await page.getByRole('button', { name: 'Spara kriterier' }).click();
    await page.getByText('Kriterierna är sparade.').waitFor();
    const saved = await callAction(app, writer, 'get_positionScoreCriteria', { positionId });
    expect((saved.body.data.criteria as { name: string }[]).map((x) => x.name)).toEqual(['Bemötande', 'Noggrannhet', 'Samarbete']);
    await page.context().close();
  });
});
