import { beforeAll, describe, it } from 'vitest';
import { expectNoAxeViolations, firstPublicPosition, newPage } from './helpers/app';
import { useE2e } from './helpers/fixture';

/** WCAG 2.1 A/AA by axe-core in Chromium: the positions lists, a position page and the apply page, phone and desktop. */
describe('public pages pass axe', () => {
  const { app, browser } = useE2e();
  let position = { id: 0, slug: '', name: '' };

  beforeAll(async () => {
    position = await firstPublicPosition(app);
  });

  for (const viewport of ['phone', 'desktop'] as const) {
    it(`finds no violations on the portal's positions list (${viewport})`, async () => {
      const page = await newPage(browser, { viewport });
      await page.goto(`${app.url}/positions`);
      await page.getByRole('link', { name: position.name, exact: true }).waitFor();
      await expectNoAxeViolations(page);
      await page.context().close();
    });

    it(`finds no violations on the organisation's page (${viewport})`, async () => {
      const page = await newPage(browser, { viewport });
      await page.goto(`${app.orgUrl}/`);
      await page.getByRole('link', { name: position.name, exact: true }).waitFor();
      await page.getByText('Läs hur vi behandlar dina personuppgifter').click();
      await expectNoAxeViolations(page);
      await page.context().close();
    });

    it(`finds no violations on a position page (${viewport})`, async () => {
      const page = await newPage(browser, { viewport });
      await page.goto(`${app.orgUrl}/${position.id}_${position.slug}`);
      await page.getByRole('heading', { level: 1, name: position.name }).waitFor();
      await expectNoAxeViolations(page);
      await page.context().close();
    });

    it(`finds no violations on the apply page, also with errors shown and the terms open (${viewport})`, async () => {
      const page = await newPage(browser, { viewport });
      await page.goto(`${app.orgUrl}/${position.id}_${position.slug}/apply`);
      await page.getByLabel(/^Förnamn/).waitFor();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Skicka ansökan' }).click();
      await page.getByLabel(/^Förnamn/).and(page.locator('[aria-invalid="true"]')).waitFor();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Allmänna villkor' }).click();
      await page.getByRole('dialog').waitFor();
      await expectNoAxeViolations(page);
      await page.context().close();
    });

    it(`finds no violations on the not-found page (${viewport})`, async () => {
      const page = await newPage(browser, { viewport });
      await page.goto(`${app.url}/finns/inte`);
      await page.getByRole('heading', { level: 1, name: 'Sidan kunde inte hittas' }).waitFor();
      await expectNoAxeViolations(page);
      await page.context().close();
    });
  }
});
