import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { summerAnswers } from '../integration/helpers/recruiter';
import { createSummerPosition } from './helpers/positions';
import { mailedLink } from './helpers/signin';
import { useE2e } from './helpers/fixture';

/**
 * References through the form engine (issue 30 item 3) in Chromium: a writer asks a referee
 * from the applicant page, the referee fills the reference form on a 390 px phone from the
 * mailed link, without an account, the link then says it is answered, and the staff member
 * sees the answer on the applicant page.
 */

const { app, page, token, call, login } = useE2e();
let positionId: number;
let applicantId: number;
const REFEREE = 'referent.kalle@example.se';

beforeAll(async () => {
  const writer = await token('writer@demo.test');
  positionId = (await createSummerPosition(app, writer, 'Referenser i butiken')).id;
  const email = 'erik.referens@example.se';
  const applied = await call(writer, 'create_jobApplication', { email, positionId, metadata: summerAnswers({ first: 'Erik', last: 'Ek' }, email, 11) });
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  applicantId = applied.body.data.id;
}, 120_000);

const references = (p: Page) => p.getByRole('region', { name: 'Referenser', exact: true });

describe('references', () => {
  it('a referee fills the reference form on a phone from the mailed link and staff see the answer on the applicant page', async () => {
    const staff = await page();
    await login(staff, 'writer@demo.test');
    await staff.goto(`${app.url}/admin/positions/${positionId}/applicants/${applicantId}`);
    const card = references(staff);
    await card.getByText('Inga referenser är begärda ännu.').waitFor();
    await card.getByLabel('Referentens namn').fill('Kalle Chef');
    await card.getByLabel('Referentens e-post').fill(REFEREE);
    await card.getByLabel('Relation till den sökande (valfri)').fill('Tidigare chef');
    await card.getByRole('button', { name: 'Skicka förfrågan', exact: true }).click();
    await card.getByRole('heading', { name: 'Kalle Chef Skickad' }).waitFor();

    const referee = await page({ viewport: 'phone' });
    await referee.goto(await mailedLink(app, REFEREE, 1, '/referens#'));
    await referee.getByRole('heading', { name: 'Referens för Erik Ek' }).waitFor();
    await referee.getByLabel('Hur känner du den sökande? (till exempel chef, kollega eller kund)').fill('Jag var hans chef');
    await referee.getByLabel('Hur länge har ni arbetat tillsammans?').fill('Två somrar');
    await referee.getByLabel('Vilka är personens främsta styrkor?').fill('Snabb i kassan<script>window.pwned=1</script>');
    await referee.getByRole('radio', { name: 'Ja' }).check();
    // Nothing on the page is wider than the phone.
    expect(await referee.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await referee.getByRole('button', { name: 'Skicka referensen' }).click();
    await referee.getByRole('heading', { name: 'Tack för din referens!' }).waitFor();
    // The link is used up: opened again, it says so.
    await referee.reload();
    await referee.getByText('Referensen är redan besvarad. Tack för din hjälp!').waitFor();
    await referee.context().close();

    await staff.reload();
    await references(staff).getByRole('heading', { name: 'Kalle Chef Besvarad' }).waitFor();
    await references(staff).getByText('Snabb i kassan').waitFor();
    expect(await staff.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    await staff.getByText('Referens besvarad av Kalle Chef').first().waitFor();
    await staff.context().close();
  });
});
