import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { firstPublicPosition, newPage, VIEWPORTS } from './helpers/app';
import { useE2e } from './helpers/fixture';
import type { ActionAnswer, ActionName } from '../../schemas/generated/actions';

/**
 * Issue 18 item 2's "Done when": a three-step form is filled, gone back through (nothing lost),
 * kept across a reload and submitted; each step is judged before moving on and the step's
 * heading takes the focus. The steps are 'Nytt steg' boundaries in the position's form.
 */

const { app, browser } = useE2e();
let applyUrl = '';
let positionId = 0;

async function dispatch<A extends ActionName>(token: string, action: A, data: unknown): Promise<ActionAnswer[A]> {
  const res = await fetch(`${app.url}/api/dispatcher`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ action, data }),
  });
  const body = (await res.json()) as { data: ActionAnswer[A] };
  if (res.status !== 200) throw new Error(`${action}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

type Prop = ActionAnswer['get_position']['metadata'][number];

const boundary = (key: string, label: string): Prop => ({ key, type: 'step', label, placeholder: '', required: false, isHtml: false, order: 0, data: null, validators: [] });

beforeAll(async () => {
  const listed = await firstPublicPosition(app);
  positionId = listed.id;
  applyUrl = `${app.orgUrl}/${listed.id}_${listed.slug}/apply`;
  const login = await fetch(`${app.url}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: app.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const p = await dispatch(token, 'get_position', { id: listed.id });
  const form = [...p.metadata].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  const at = (key: string) => form.findIndex((f) => f.key === key);
  form.splice(at('form_address'), 0, boundary('form_step_1', 'Kontakt'));
  form.splice(at('form_referer'), 0, boundary('form_step_2', 'Till sist'));
  const metadata = form.map((f, i) => ({ ...f, order: i }));
  await dispatch(token, 'update_position', { id: p.id, containerId: p.containerId, name: p.name, start: p.start, stop: p.stop, positionTypeId: p.positionTypeId, metadata });
}, 90_000);

const stepHeading = (page: Page, n: number) => page.getByRole('heading', { level: 2, name: new RegExp(`^Steg ${n} av 3`) });
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

describe('a form in three steps (issue 18 item 2)', () => {
  it('is filled, gone back through without losing anything, kept across a reload and submitted', async () => {
    const page = await newPage(browser, { viewport: 'phone' });
    await page.goto(applyUrl);
    await stepHeading(page, 1).waitFor();
    // Only the first step's fields are on the page.
    expect(await page.getByLabel(/^Adress/).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Skicka ansökan' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Föregående' }).count()).toBe(0);

    // An empty step is refused at its fields and the applicant stays on it.
    await page.getByRole('button', { name: 'Nästa' }).click();
    await expect.poll(() => page.getByLabel(/^Förnamn/).getAttribute('aria-invalid')).toBe('true');
    expect(await stepHeading(page, 1).count()).toBe(1);

    await page.getByLabel(/^Förnamn/).fill('Stina');
    await page.getByLabel(/^Efternamn/).fill('Steg');
    await page.getByLabel(/^Personnummer/).fill('199001011239');
    await page.getByRole('button', { name: 'Nästa' }).click();
    await stepHeading(page, 2).waitFor();
    await expect.poll(() => focusedText(page)).toBe('Steg 2 av 3Kontakt');

    await page.getByLabel(/^Adress/).fill('Storgatan 1');
    await page.getByLabel(/^Postnummer/).fill('11122');
    await page.getByLabel(/^Ort/).fill('Umeå');
    await page.getByLabel(/^Mobiltelefon/).fill('0701234567');
    await page.getByLabel(/^E-post/).fill('stina.steg@example.se');
    await page.getByRole('button', { name: 'Nästa' }).click();
    await stepHeading(page, 3).waitFor();
    await page.getByRole('button', { name: 'Skicka ansökan' }).waitFor();

    // Back through every step: what was typed is still there.
    await page.getByRole('button', { name: 'Föregående' }).click();
    await stepHeading(page, 2).waitFor();
    await expect.poll(() => focusedText(page)).toBe('Steg 2 av 3Kontakt');
    expect(await page.getByLabel(/^Adress/).inputValue()).toBe('Storgatan 1');
    expect(await page.getByLabel(/^E-post/).inputValue()).toBe('stina.steg@example.se');
    await page.getByRole('button', { name: 'Föregående' }).click();
    await stepHeading(page, 1).waitFor();
    expect(await page.getByLabel(/^Förnamn/).inputValue()).toBe('Stina');
    expect(await page.getByLabel(/^Personnummer/).inputValue()).toBe('199001011239');

    // A reload keeps the step and the answers (the draft).
    await page.getByRole('button', { name: 'Nästa' }).click();
    await stepHeading(page, 2).waitFor();
    await page.reload();
    await stepHeading(page, 2).waitFor();
    await expect.poll(() => page.getByLabel(/^Ort/).inputValue()).toBe('Umeå');
    await page.getByRole('button', { name: 'Nästa' }).click();
    await stepHeading(page, 3).waitFor();

    await page.getByRole('checkbox', { name: /tjänsteleverantörens allmänna villkor/ }).check();
    await page.getByRole('checkbox', { name: /företagets allmänna villkor/ }).check();
    await page.getByRole('button', { name: 'Skicka ansökan' }).click();
    await page.getByRole('heading', { name: 'Tack för din ansökan, Stina!' }).waitFor();
    await page.context().close();
  });

  it('works without JavaScript by round trips: a step is judged on the server, back keeps the answers, the last step sends', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: VIEWPORTS.phone, locale: 'sv-SE', timezoneId: 'Europe/Stockholm' });
    const page = await context.newPage();
    await page.goto(applyUrl);
    await stepHeading(page, 1).waitFor();
    await page.getByLabel(/^Förnamn/).fill('Otto');
    await page.getByRole('button', { name: 'Nästa' }).click();
    // Refused on the server at its field, on the same step, the answer kept.
    await expect.poll(() => page.getByLabel(/^Efternamn/).getAttribute('aria-invalid')).toBe('true');
    expect(await stepHeading(page, 1).count()).toBe(1);
    expect(await page.getByLabel(/^Förnamn/).inputValue()).toBe('Otto');
    await page.getByLabel(/^Efternamn/).fill('Utan');
    await page.getByLabel(/^Personnummer/).fill('199001011239');
    await page.getByRole('button', { name: 'Nästa' }).click();
    await stepHeading(page, 2).waitFor();
    await page.getByLabel(/^Adress/).fill('Storgatan 1');
    await page.getByRole('button', { name: 'Föregående' }).click();
    await stepHeading(page, 1).waitFor();
    expect(await page.getByLabel(/^Efternamn/).inputValue()).toBe('Utan');
    await page.getByRole('button', { name: 'Nästa' }).click();
    await stepHeading(page, 2).waitFor();
    await page.getByLabel(/^Adress/).fill('Storgatan 1');
    await page.getByLabel(/^Postnummer/).fill('11122');
    await page.getByLabel(/^Ort/).fill('Kiruna');
    await page.getByLabel(/^Mobiltelefon/).fill('0701234567');
    await page.getByLabel(/^E-post/).fill('otto.utan@example.se');
    await page.getByRole('button', { name: 'Nästa' }).click();
    await stepHeading(page, 3).waitFor();
    await page.getByRole('checkbox', { name: /tjänsteleverantörens allmänna villkor/ }).check();
    await page.getByRole('checkbox', { name: /företagets allmänna villkor/ }).check();
    await page.getByRole('button', { name: 'Skicka ansökan' }).click();
    await page.getByRole('heading', { name: 'Tack för din ansökan!' }).waitFor();
    await context.close();
  });

  it('refuses on the server an application that skipped a step, at the skipped field', async () => {
    const res = await fetch(`${app.url}/api/public/positions/apply`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        action: 'create_jobApplication',
        data: {
          email: 'hoppa@example.se',
          positionId,
          metadata: { form_firstname: 'Hoppa', form_surname: 'Över', form_ssn: '199001011239', form_email: 'hoppa@example.se', form_agreement: true, form_agreement_company: true },
        },
      }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { details: { key: string }[] } };
    expect(body.error.details.map((d) => d.key)).toEqual(expect.arrayContaining(['form_address', 'form_city']));
  });
});
