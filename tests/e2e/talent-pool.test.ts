import { beforeAll, describe, expect, it } from 'vitest';
import { callAction, loginAs, newPage, tokenFor } from './helpers/app';
import { createSummerPosition } from './helpers/positions';
import { summerAnswers } from '../integration/helpers/recruiter';
import { outboxTo } from '../integration/helpers/mailbox';
import { type Applicant, fillApplyForm, firstApplyUrl } from './helpers/apply';
import { useE2e } from './helpers/fixture';

/**
 * Issue 28 item 2 in the browser at 390 px: the apply page's separate, unticked talent-pool
 * choice with its own text and the organisation's retention period; ticked, the person is in
 * the staff's talent pool page with the consent recorded.
 */
describe('the talent pool on a phone', () => {
  const { app, browser } = useE2e();
  let applyUrl = '';
  const pia: Applicant = { firstname: 'Pia', surname: 'Poolsson', ssn: '199001012385', email: 'pia.pool@example.se', city: 'Kiruna' };

  beforeAll(async () => {
    applyUrl = await firstApplyUrl(app);
  });

  it('offers the pool as its own unticked choice, and a ticked one puts the person on the pool page', async () => {
    const page = await newPage(browser, { viewport: 'phone' });
    await page.goto(applyUrl);
    await page.getByLabel(/^Förnamn/).waitFor();
    const choice = page.getByRole('checkbox', { name: 'Spara mina uppgifter i talangpoolen i 24 månader' });
    expect(await choice.isChecked()).toBe(false);
    expect(await page.getByText('Vi sparar din ansökan i 24 månader efter att rekryteringen avslutats.').count()).toBe(1);
    const box = await choice.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(24);
    await fillApplyForm(page, pia, { consent: true });
    await choice.check();
    await page.getByRole('button', { name: 'Skicka ansökan' }).click();
    await page.getByRole('heading', { name: 'Tack för din ansökan, Pia!' }).waitFor();
    await page.context().close();

    const staff = await newPage(browser, { viewport: 'phone', baseURL: app.url });
    await loginAs(staff, app, 'writer@demo.test');
    await staff.goto('/admin/talangpool');
    await expect.poll(() => staff.getByRole('table').textContent(), { timeout: 15_000 }).toContain('pia.pool@example.se');
    expect(await staff.getByRole('table').textContent()).toContain('Kryssruta vid ansökan');

    // 'Bjud in att söka' asks which open position, by name (it was a position id typed into the filter).
    await staff.getByRole('button', { name: 'Bjud in att söka Pia Poolsson' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Bjud in att söka' });
    const position = dialog.getByLabel('Tjänst *');
    await expect.poll(() => position.locator('option').count()).toBeGreaterThan(1);
    await dialog.getByRole('button', { name: 'Skicka inbjudan' }).click();
    await dialog.getByText('Fältet är obligatoriskt').waitFor();
    const open = (await position.locator('option').nth(1).textContent())!;
    await position.selectOption({ label: open });
    await dialog.getByRole('button', { name: 'Skicka inbjudan' }).click();
    await staff.getByText('Inbjudan skickad').first().waitFor();
    await expect.poll(() => staff.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => outboxTo(app.dataDir, pia.email).filter((m) => m.includes(open)).length).toBe(1);
    await staff.context().close();
  }, 60_000);

  it("invites an applicant from the applicant page: 'Bjud in till talangpoolen', a confirmation, a toast and the mailed link", async () => {
    const admin = await tokenFor(app, 'admin@demo.test');
    const positionId = (await createSummerPosition(app, admin, 'Pooljobbet')).id;
    const email = 'inbjuden.pool@example.se';
    const applied = await callAction(app, admin, 'create_jobApplication', { email, positionId, metadata: summerAnswers({ first: 'Inga', last: 'Inbjuden' }, email, 8) });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const staff = await newPage(browser, { viewport: 'phone', baseURL: app.url });
    await loginAs(staff, app, 'writer@demo.test');
    await staff.goto(`/admin/positions/${positionId}/applicants/${applied.body.data.id}`);
    await staff.getByRole('button', { name: 'Bjud in till talangpoolen' }).click();
    const dialog = staff.getByRole('alertdialog');
    expect(await dialog.textContent()).toContain('Inga Inbjuden');
    await dialog.getByRole('button', { name: 'Bjud in till talangpoolen' }).click();
    await staff.getByText('Inbjudan till talangpoolen skickad').first().waitFor();
    await expect.poll(() => outboxTo(app.dataDir, email).filter((m) => m.includes('/talangpool?token=')).length).toBe(1);
    await staff.context().close();
  }, 60_000);
});
