import { beforeAll, describe, expect, it } from 'vitest';
import type { ActionAnswer, ActionData, ActionName } from '../../schemas/generated/actions';
import type { Page } from 'playwright-core';
import { loginAs, newPage } from './helpers/app';
import { fillApplyForm } from './helpers/apply';
import { useE2e } from './helpers/fixture';

/**
 * Issue 18's "Done when" for conditional fields: a writer adds a condition in the builder
 * without code, an applicant on a phone sees the field appear and disappear as they answer,
 * and an answer typed into a field that was hidden again is not stored.
 */

const { app, browser } = useE2e();
let writer: Page;
let applyUrl = '';

beforeAll(async () => {
  writer = await newPage(browser, { viewport: 'desktop', baseURL: app.url });
});

/** The editor region of a field, opened. */
async function editorOf(page: Page, label: string) {
  const edit = page.getByRole('button', { name: `Redigera ${label}`, exact: true });
  if ((await edit.getAttribute('aria-expanded')) !== 'true') await edit.click();
  return page.locator(`#${await edit.getAttribute('aria-controls')}`);
}

async function relabel(page: Page, label: string, value: string) {
  const editor = await editorOf(page, label);
  await editor.getByLabel(/^Rubrik\*?$/).fill(value);
  await page.getByRole('button', { name: `Redigera ${value}`, exact: true }).click();
}

async function addField(page: Page, typeTitle: string) {
  await page.getByLabel('Fälttyp').selectOption({ label: typeTitle });
  await page.getByRole('button', { name: 'Lägg till fält' }).click();
}

describe('a writer adds a condition and an applicant on a phone sees it work (issue 18)', () => {
  it('builds a position whose Bilmärke is shown only when Har körkort = Ja', async () => {
    await loginAs(writer, app, 'writer@demo.test');
    await writer.goto('/admin/positions/new');
    await writer.getByRole('link', { name: 'Publik annons Sommarjobb' }).click();
    await writer.getByLabel('Rubrik *').fill('Sommarchaufför');
    await writer.getByLabel('Ort', { exact: true }).fill('Umeå');
    await writer.getByRole('list', { name: 'Formulärfält' }).waitFor();

    await addField(writer, 'Radioknappsgrupp');
    await relabel(writer, 'Radioknappsgrupp', 'Har körkort');
    await writer.getByRole('button', { name: 'Lägg till radioknapp i Har körkort' }).click();
    await relabel(writer, 'Alternativ 1', 'Ja');
    await relabel(writer, 'Alternativ 2', 'Nej');

    await addField(writer, 'Textfält');
    await relabel(writer, 'Textfält', 'Bilmärke');
    const editor = await editorOf(writer, 'Bilmärke');
    const rule = editor.getByRole('group', { name: 'Visa fältet bara när ett annat fält har ett visst svar' });
    await rule.getByLabel('Visa fältet bara när ett annat fält har ett visst svar').check();
    await rule.getByLabel('Fält', { exact: true }).selectOption({ label: 'Har körkort' });
    await rule.getByLabel('Svar', { exact: true }).selectOption({ label: 'Ja' });
    await expect.poll(() => writer.locator('.bld-row-rule', { hasText: 'Visas när Har körkort = Ja' }).count()).toBe(1);

    // The field a condition reads cannot be deleted from under it.
    await writer.getByRole('button', { name: 'Ta bort Har körkort', exact: true }).click();
    await writer.getByText('Fältet används i ett villkor på Bilmärke. Ta bort villkoret först.').waitFor();
    expect(await writer.getByRole('button', { name: 'Redigera Har körkort', exact: true }).count()).toBe(1);

    await writer.getByRole('button', { name: 'Spara annons' }).click();
    await writer.waitForURL(/\/admin\/positions$/);
    const link = writer.getByRole('link', { name: 'Visa ansökningssidan Sommarchaufför' });
    applyUrl = new URL((await link.getAttribute('href')) ?? '', app.url).toString();
    expect(applyUrl).toMatch(/\/apply$/);
  });

  it('shows and hides Bilmärke live on a phone and does not store a hidden answer', async () => {
    const phone = await newPage(browser, { viewport: 'phone' });
    await phone.goto(applyUrl);
    const car = phone.getByLabel(/^Bilmärke/);
    await phone.getByRole('radio', { name: 'Nej' }).waitFor();
    expect(await car.count()).toBe(0);

    await phone.getByRole('radio', { name: 'Ja' }).check();
    await car.waitFor();
    await car.fill('Volvo');
    await phone.getByRole('radio', { name: 'Nej' }).check();
    await car.waitFor({ state: 'detached' });
    await phone.getByRole('radio', { name: 'Ja' }).check();
    await car.waitFor();
    expect(await car.inputValue()).toBe('Volvo');
    await phone.getByRole('radio', { name: 'Nej' }).check();
    await car.waitFor({ state: 'detached' });

    await fillApplyForm(phone, { firstname: 'Nora', surname: 'Nilsson', ssn: '199001011239', city: 'Umeå', email: 'nora@example.se' });
    await phone.getByRole('button', { name: 'Skicka ansökan' }).click();
    await phone.getByRole('heading', { name: /Tack för din ansökan/ }).waitFor();
    await phone.context().close();

    const token = await loginAs(writer, app, 'admin@demo.test');
    const call = async <N extends ActionName>(action: N, data: ActionData[N]): Promise<ActionAnswer[N]> => {
      const res = await fetch(`${app.url}/api/dispatcher`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ action, data }),
      });
      return ((await res.json()) as { data: ActionAnswer[N] }).data;
    };
    const positions = await call('get_positions', { containerId: 1 });
    const positionId = positions.find((p) => p.name === 'Sommarchaufför')!.id;
    const data = await call('get_applicantPositionByPosition', { positionId });
    const nora = data.items.filter((a) => JSON.stringify(a).includes('nora@example.se'));
    expect(nora).toHaveLength(1);
    const stored = Object.values(nora[0]!.metadata as Record<string, unknown>);
    // The licence answer (a radio key) is there; the car typed while it was Ja is not.
    expect(stored.some((v) => typeof v === 'string' && v.startsWith('form_radio'))).toBe(true);
    expect(stored).toContain('Nora');
    expect(stored).not.toContain('Volvo');
  });
});
