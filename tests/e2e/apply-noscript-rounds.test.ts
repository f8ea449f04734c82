import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sv from '../../schemas/messages/sv.json';
import { defaultApplicationMetadata } from '../../server/domain/demo/demo';
import type { MetadataProperty } from '../../engine/types';
import { callAction, tokenFor } from './helpers/app';
import { fillApplyForm, noScriptPage as noScriptPageOf, pdfFile } from './helpers/apply';
import { useE2e } from './helpers/fixture';

/**
 * Issue 18 item 3, the round trips without script the other browser tests do not take: the
 * condition button ('Visa frågor som hör till mina svar') and a send to a position whose
 * application time ran out after the page was loaded.
 */

const { app, browser } = useE2e();
let token = '';
let applyUrl = '';
let position: Record<string, unknown> = {};
let stepsUrl = '';
let stepsPositionId = 0;

const DAY = 86_400;

/** The default form plus 'Har körkort' (Ja/Nej) and 'Bilmärke', shown only when Ja. */
function withLicence(metadata: MetadataProperty[]): MetadataProperty[] {
  const last = Math.max(...metadata.map((p, i) => p.order ?? i)) + 1;
  return [
    ...metadata,
    { key: 'form_radiogroup_licence', type: 'radioGroup', label: 'Har körkort', order: last, data: ['form_radio_yes', 'form_radio_no'], required: true },
    { key: 'form_radio_yes', type: 'radio', label: 'Ja' },
    { key: 'form_radio_no', type: 'radio', label: 'Nej' },
    { key: 'form_text_car', type: 'text', label: 'Bilmärke', order: last + 1, required: true, visibleWhen: { field: 'form_radiogroup_licence', op: 'equals', value: 'form_radio_yes' } },
  ];
}

/** The default form in two steps, the file on the first: 'Till sist' holds the two consents. */
function withFileFirst(metadata: MetadataProperty[]): MetadataProperty[] {
  const form = [...metadata].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  const at = form.findIndex((p) => p.key === 'form_agreement');
  form.splice(at, 0, { key: 'form_step_1', type: 'step', label: 'Till sist', required: false, isHtml: false, data: null, validators: [] });
  return form.map((p, i) => (p.order === undefined && p.type === 'radio' ? p : { ...p, order: i }));
}

async function applyUrlOf(id: number): Promise<string> {
  const listed = (await (await fetch(`${app.url}/api/public/positions?take=30&page=1`)).json()) as { data: { items: { id: number; slug: string }[] } };
  const mine = listed.data.items.find((p) => p.id === id);
  if (!mine) throw new Error('the new position is not public');
  return `${app.orgUrl}/${mine.id}_${mine.slug}/apply`;
}

beforeAll(async () => {
  token = await tokenFor(app, 'admin@demo.test');
  const container = (await callAction(app, token, 'get_container', { id: 1 })).body.data;
  const now = Math.floor(Date.now() / 1000);
  const base = { containerId: 1, name: 'Sommarbud utan skript', text: '<p>Text</p>', description: 'Sommar', city: 'Luleå', start: now - DAY, stop: now + 31 * DAY, isInternal: false, positionTypeId: container.positionTypes[0].id };
  const created = await callAction(app, token, 'create_position', { ...base, metadata: withLicence(defaultApplicationMetadata()) });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  position = { ...base, id: created.body.data.id, metadata: created.body.data.metadata };
  applyUrl = await applyUrlOf(created.body.data.id);
  const stepped = await callAction(app, token, 'create_position', { ...base, name: 'Sommarbud i två steg', metadata: withFileFirst(defaultApplicationMetadata()) });
  expect(stepped.status, JSON.stringify(stepped.body)).toBe(200);
  stepsPositionId = stepped.body.data.id;
  stepsUrl = await applyUrlOf(stepsPositionId);
}, 90_000);

const noScriptPage = () => noScriptPageOf(browser);

/** Nora Runda from Luleå, with `email`; with `consent` (default) both terms boxes ticked. */
const fillPerson = (page: Page, email: string, consent = true) => fillApplyForm(page, { firstname: 'Nora', surname: 'Runda', ssn: '199001011239', city: 'Luleå', email }, { consent });

async function storedWith(email: string, positionId = position.id): Promise<string[]> {
  const res = await callAction(app, token, 'get_applicantPositionByPosition', { positionId });
  expect(res.status).toBe(200);
  return (res.body.data.items as Record<string, unknown>[]).map((a) => JSON.stringify(a)).filter((a) => a.includes(email));
}

const cv = pdfFile('cv-steg.pdf');

describe('applying without JavaScript: the round trips (issue 18 item 3)', () => {
  it("shows the question a condition opens after 'Visa frågor som hör till mina svar', keeping the answers", async () => {
    const page = await noScriptPage();
    await page.goto(applyUrl);
    const refresh = page.getByRole('button', { name: sv.engine.steps.refresh });
    expect(await refresh.count()).toBe(1);
    expect(await page.getByLabel(/^Bilmärke/).count()).toBe(0);

    await page.getByLabel(/^Förnamn/).fill('Nora');
    await page.getByRole('radio', { name: 'Ja' }).check();
    const [shown] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), refresh.click()]);
    expect(shown.status()).toBe(200);
    await page.getByLabel(/^Bilmärke/).waitFor();
    // A redraw, not a judgement: the answers are kept and nothing is called wrong.
    expect(await page.getByLabel(/^Förnamn/).inputValue()).toBe('Nora');
    expect(await page.getByRole('radio', { name: 'Ja' }).isChecked()).toBe(true);
    expect(await page.getByLabel(/^Efternamn/).getAttribute('aria-invalid')).toBeNull();
    expect(await page.getByText(/Formuläret innehåller/).count()).toBe(0);

    // Nej: the question goes again.
    await page.getByLabel(/^Bilmärke/).fill('Volvo');
    await page.getByRole('radio', { name: 'Nej' }).check();
    await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.getByRole('button', { name: sv.engine.steps.refresh }).click()]);
    await page.waitForLoadState();
    await expect.poll(() => page.getByLabel(/^Bilmärke/).count()).toBe(0);
    expect(await page.getByRole('radio', { name: 'Nej' }).isChecked()).toBe(true);
    await page.context().close();
  });

  it('tells a send to a position whose application time ran out after the page was loaded that it is closed, storing nothing', async () => {
    const page = await noScriptPage();
    await page.goto(applyUrl);
    const email = 'nora.sen@example.se';
    await fillPerson(page, email);
    await page.getByRole('radio', { name: 'Nej' }).check();
    const now = Math.floor(Date.now() / 1000);
    const closed = await callAction(app, token, 'update_position', { ...position, start: now - 2 * 86_400, stop: now - 60 });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);

    const [answer] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.getByRole('button', { name: 'Skicka ansökan' }).click()]);
    // The same page, saying the position is closed and where to go instead (not a bare error).
    expect(answer.status()).toBe(409);
    expect(new URL(page.url()).pathname).toBe(new URL(applyUrl).pathname);
    await page.getByText(sv.public.positionClosed).waitFor();
    expect(await page.getByText(sv.public.positionClosedText).count()).toBe(1);
    expect(await page.getByRole('heading', { name: /Tack för din ansökan/ }).count()).toBe(0);
    expect(await storedWith(email)).toEqual([]);
    await page.context().close();
  });

  it('carries a file chosen on an earlier step to the send (it was dropped on the next step)', async () => {
    const page = await noScriptPage();
    await page.goto(stepsUrl);
    const email = 'nora.fil@example.se';
    await fillPerson(page, email, false);
    await page.locator('input[type=file]').first().setInputFiles(cv);
    await page.getByRole('button', { name: 'Nästa' }).click();
    await page.getByRole('heading', { level: 2, name: /^Steg 2 av 2/ }).waitFor();
    await page.getByRole('checkbox', { name: /tjänsteleverantörens allmänna villkor/ }).check();
    await page.getByRole('checkbox', { name: /företagets allmänna villkor/ }).check();
    await page.getByRole('button', { name: 'Skicka ansökan' }).click();
    await page.getByRole('heading', { name: 'Tack för din ansökan!' }).waitFor();
    const stored = await storedWith(email, stepsPositionId);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toContain('cv-steg.pdf');
    await page.context().close();
  });
});
