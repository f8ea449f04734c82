import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { summerAnswers } from '../integration/helpers/recruiter';
import { callAction, loginAs, newPage, tokenFor } from './helpers/app';
import { pdfFile } from './helpers/apply';
import { createSummerPosition } from './helpers/positions';
import { linkSession } from './helpers/signin';
import { useE2e } from './helpers/fixture';

/**
 * Anonymous screening in Chromium (issue 24 item 3): an anonymous position's list, board,
 * applicant page, conversations and bell show the applicant as 'Sökande <id>' or 'Anonym
 * sökande (samtal <id>)', never their name or the name in their CV's file name.
 */

const { app, browser } = useE2e();
let positionId: number;
let applicationId: number;
let channelId: number;
const EMAIL = 'anna.hemlund@example.se';
const leaks = /Hemlund|hemlund/;

beforeAll(async () => {
  const writer = await tokenFor(app, 'writer@demo.test');
  positionId = (await createSummerPosition(app, writer, 'Anonymt lager')).id;
  const p = (await callAction(app, writer, 'get_position', { id: positionId })).body.data;
  const anonymous = { untilProcessLabelId: null };
  const set = await callAction(app, writer, 'update_position', { id: positionId, containerId: 1, name: p.name, start: p.start, stop: p.stop, positionTypeId: p.positionTypeId, anonymous });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const cv = pdfFile('CV Anna Hemlund.pdf');
  const form_file = [{ filename: cv.name, type: cv.mimeType, data: `data:${cv.mimeType};base64,${cv.buffer.toString('base64')}` }];
  const metadata = { ...summerAnswers({ first: 'Anna', last: 'Hemlund' }, EMAIL, 3), form_file };
  const applied = await fetch(`${app.url}/api/public/positions/apply`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: 'create_jobApplication', data: { email: EMAIL, positionId, metadata } }),
  });
  expect(applied.status).toBe(201);
  applicationId = ((await applied.json()) as { data: { id: number } }).data.id;
  const sent = await callAction(app, await linkSession(app, EMAIL), 'send_MessageCommand', { containerId: 1, message: 'Hej, en fråga om lagret' });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  channelId = sent.body.data.channelId;
}, 120_000);

const bodyText = (page: Page) => page.locator('body').innerText();

describe('an anonymous position in the admin app', () => {
  it('shows the list, board and applicant page with no name or file name of the person', async () => {
    const page = await newPage(browser);
    await loginAs(page, app, 'writer@demo.test');
    const hidden = `Sökande ${applicationId}`;
    for (const path of [`/admin/positions/${positionId}`, `/admin/positions/${positionId}/board`, `/admin/positions/${positionId}/applicants/${applicationId}`]) {
      await page.goto(`${app.url}${path}`);
      await page.getByText(hidden).first().waitFor();
      expect(await bodyText(page), path).not.toMatch(leaks);
      expect(await page.content(), path).not.toMatch(leaks);
    }
    await page.getByText('Bilaga 1.pdf').first().waitFor();
    await page.context().close();
  });

  it('shows the conversation and the bell under a neutral name, with no link to the application', async () => {
    const page = await newPage(browser);
    await loginAs(page, app, 'writer@demo.test');
    const neutral = `Anonym sökande (samtal ${channelId})`;
    await page.goto(`${app.url}/admin/chat`);
    await page.getByRole('link', { name: new RegExp(neutral.replace(/[()]/g, '\\$&')) }).first().click();
    await page.getByText('Hej, en fråga om lagret').first().waitFor();
    expect(await bodyText(page)).not.toMatch(leaks);
    expect(await page.content()).not.toMatch(leaks);

    await page.getByRole('button', { name: /^Notifikationer, \d+ olästa$/ }).click();
    const list = page.getByRole('list', { name: 'Notifikationer' });
    const item = list.getByRole('listitem').filter({ hasText: neutral });
    await item.first().waitFor();
    expect(await list.innerText()).not.toMatch(leaks);
    expect(await list.locator(`a[href*="/applicants/${applicationId}"]`).count()).toBe(0);
    await page.context().close();
  });
});
