import { describe, expect, it } from 'vitest';
import { downloadedText, loginAs, newPage } from './helpers/app';
import { useE2e } from './helpers/fixture';

const { app, browser } = useE2e();

describe('a form template as a JSON Schema file (issue 18 item 4)', () => {
  it('is exported from the templates screen, imported back as a new template, and a bad file is refused in Swedish', async () => {
    const page = await newPage(browser, { baseURL: app.url });
    await loginAs(page, app, 'writer@demo.test');
    await page.goto('/admin/form-templates');
    // One row header (the template's name) per template.
    const cards = page.getByRole('rowheader');
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const before = await cards.count();

    const exportButton = page.getByRole('button', { name: /^Exportera som JSON Schema / }).first();
    const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
    const text = await downloadedText(download);
    const file = JSON.parse(text) as { schema: { $schema: string }; uiSchema: Record<string, unknown> };
    expect(file.schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(download.suggestedFilename()).toMatch(/\.schema\.json$/);

    const input = page.getByLabel('Importera JSON Schema');
    await input.setInputFiles({ name: 'sommarjobb.schema.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    await expect.poll(() => page.getByRole('rowheader', { name: 'Importerad: sommarjobb' }).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Formulärmallen Importerad: sommarjobb är importerad.' }).count()).toBe(1);
    expect(await cards.count()).toBe(before + 1);

    const remote = { ...file, schema: { ...file.schema, properties: { a: { $ref: 'https://example.com/a.json' } } } };
    await input.setInputFiles({ name: 'fjarr.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(remote)) });
    const alert = page.getByRole('alert').filter({ hasText: 'hänvisar till ett annat dokument' });
    await expect.poll(() => alert.count(), { timeout: 15_000 }).toBe(1);
    expect(await cards.count()).toBe(before + 1);
    await page.context().close();
  }, 120_000);
});
