import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { takeOverApplyForm } from './helpers/apply';
import { useE2e } from './helpers/fixture';

/**
 * Issue 26 item 1 in Chromium: a form built from scratch cannot lose its applicant. The builder
 * adds E-post required and locked (and says the consent boxes are missing); an applicant who
 * skips E-post on the first step of a from-scratch form (stored with E-post optional, as the
 * old builder saved it) is stopped there, at the field, with 'Fältet är obligatoriskt'.
 */
const e2e = useE2e();
let token = '';

beforeAll(async () => {
  token = await e2e.token('admin@demo.test');
}, 60_000);

const prop = (key: string, type: string, label: string, order: number, required = false) => ({ key, type, label, placeholder: '', required, isHtml: false, order, data: null, validators: [] });

describe('a from-scratch form keeps its applicant (issue 26)', () => {
  it('adds E-post required, the tick locked, and warns while the consent boxes are missing', async () => {
    const page = await e2e.page({ baseURL: e2e.app.url });
    await e2e.login(page, 'writer@demo.test');
    await page.goto('/admin/form-templates/new');
    const start = page.getByLabel('Utgå från');
    if (await start.count()) await start.selectOption({ label: 'Tomt formulär' });
    await page.getByLabel('Fälttyp').selectOption({ label: 'E-post' });
    await page.getByRole('button', { name: 'Lägg till fält' }).click();
    const editor = page.locator('.bld-editor');
    if (!(await editor.count())) await page.getByRole('button', { name: /^Redigera E-post/ }).click();
    const required = editor.getByRole('checkbox', { name: /^Obligatorisk/ });
    expect(await required.isChecked()).toBe(true);
    expect(await required.isDisabled()).toBe(true);
    await expect.poll(() => page.locator('.bld-warning').allTextContents()).toContainEqual(expect.stringContaining('saknar samtyckesrutorna'));
    await page.context().close();
  });

  it('stops an applicant who skips E-post at the field on its step, focused, with the message', async () => {
    const container = (await e2e.call(token, 'get_container', { id: 1 })).body.data;
    const now = Math.floor(Date.now() / 1000);
    const metadata = [
      prop('form_email', 'email', 'E-post', 0), // optional, as the old builder stored it
      prop('form_firstname', 'firstname', 'Förnamn', 1),
      prop('form_step_1', 'step', 'Om dig', 2),
      prop('form_textarea_1000', 'textarea', 'Berätta om dig', 3),
    ];
    const created = await e2e.call(token, 'create_position', {
      containerId: 1, name: 'Från noll', text: '<p>Text</p>', description: 'Test', city: 'Umeå',
      start: now - 3600, stop: now + 86400, isInternal: false, positionTypeId: container.positionTypes[0].id, metadata,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id as number;
    const page: Page = await e2e.page({ viewport: 'phone' });
    const listed = (await (await fetch(`${e2e.app.url}/api/public/positions?take=50&page=1`)).json()) as { data: { items: { id: number; slug: string }[] } };
    const slug = listed.data.items.find((p) => p.id === id)!.slug;
    await page.goto(`${e2e.app.orgUrl}/${id}_${slug}/apply`);
    await takeOverApplyForm(page);
    const email = page.getByLabel(/^E-post/);
    await page.getByLabel(/^Förnamn/).fill('Li');
    await page.getByRole('button', { name: 'Nästa' }).click();
    // Still on step 1, at E-post: focused, its message beside it, and the count matching it.
    await expect.poll(() => email.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await email.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy.split(' ')[0]}"]`).textContent()).toBe('Fältet är obligatoriskt');
    expect(await page.getByText('Formuläret innehåller 1 fel.').count()).toBe(1);
    expect(await page.getByLabel(/^Berätta om dig/).count()).toBe(0);
    await page.context().close();
  });
});
