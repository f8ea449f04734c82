import nodemailer from 'nodemailer';
import { beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/ferretdb';
import { validAnswers } from '../integration/helpers/domain';
import { callAction, loginAs, newPage } from './helpers/app';
import { useE2e } from './helpers/fixture';

let inboundPort: number;
const { app, browser, smtp } = useE2e({
  smtp: true,
  env: async () => {
    inboundPort = await freePort();
    return { SMTP_INBOUND_PORT: String(inboundPort), SMTP_INBOUND_HOST: '127.0.0.1', SMTP_INBOUND_DOMAIN: 'svar.demo.test' };
  },
});
let writer: string;
let positionId: number;
let positionName: string;
let summerTypeId: number;
const PEOPLE = [
  ['Ida', 'Ask'],
  ['Jon', 'Berg'],
  ['Kim', 'Dahl'],
] as const;
const emailOf = (first: string) => `${first.toLowerCase()}.svar@example.se`;

beforeAll(async () => {
  const res = await fetch(`${app.url}/api/account/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'writer@demo.test', password: app.password }) });
  writer = ((await res.json()) as { token: string }).token;
  const c = (await callAction(app, writer, 'get_container', { id: 1 })).body.data;
  summerTypeId = c.positionTypes.find((t: { name: string }) => t.name === 'Sommarjobb').id;
  const positions = (await callAction(app, writer, 'get_positions', { containerId: 1 })).body.data as { id: number; name: string; isInternal: boolean; positionTypeId: number }[];
  const open = positions.find((p) => !p.isInternal && p.positionTypeId === summerTypeId)!;
  positionId = open.id;
  positionName = open.name;
  for (const [first, last] of PEOPLE) {
    const email = emailOf(first);
    const r = await callAction(app, writer, 'create_jobApplication', { email, positionId, metadata: validAnswers(email, { form_firstname: first, form_surname: last }) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  // The demo organisation confirms each application (its default templates, issue 26).
  await smtp.waitFor(PEOPLE.length, 20_000);
}, 120_000);

describe('mail that reaches applicants and comes back, in the browser', () => {
  it('has the default templates from the start, offers the Ej intressant template after a move, sends it to the three selected from the organisation, and a reply lands in the conversation', async () => {
    const page = await newPage(browser);
    await loginAs(page, app, 'writer@demo.test');
    // The demo organisation starts with the default templates: nothing to accept first.
    await page.goto(`${app.url}/admin/templates/email/${summerTypeId}`);
    await expect.poll(() => page.getByRole('group', { name: 'Mall för Ej intressant' }).getByRole('textbox', { name: 'Ämne' }).inputValue()).toBe('Besked om din ansökan till {position}');
    expect(await page.getByRole('button', { name: 'Lägg till mallarna' }).count()).toBe(0);

    smtp.mails.length = 0;
    await page.goto(`${app.url}/admin/positions/${positionId}`);
    for (const [first, last] of PEOPLE) await page.getByRole('checkbox', { name: `Välj ${first} ${last}` }).check();
    await page.getByLabel('Ny status').selectOption({ label: 'Ej intressant' });
    await page.getByRole('button', { name: 'Flytta till status' }).click();
    const offer = page.getByRole('group', { name: 'Skicka mallen ”Ej intressant” till 3 sökande?' });
    await offer.getByRole('button', { name: 'Skicka', exact: true }).click();
    const mails = await smtp.waitFor(3, 20_000);
    expect(mails.map((m) => (Array.isArray(m.to) ? '' : m.to?.value[0]?.address)).sort()).toEqual(PEOPLE.map(([f]) => emailOf(f)).sort());
    for (const m of mails) {
      expect(Array.isArray(m.from) ? null : m.from?.value[0]?.name).toBe('Demoföretaget AB');
      expect(m.subject).toBe(`Besked om din ansökan till ${positionName}`);
    }
    // The selection survived the move.
    await expect.poll(() => page.getByText('3 valda').count()).toBeGreaterThan(0);

    const toIda = mails.find((m) => !Array.isArray(m.to) && m.to?.value[0]?.address === emailOf('Ida'))!;
    const replyTo = Array.isArray(toIda.replyTo) ? '' : toIda.replyTo!.value[0]!.address!;
    expect(replyTo).toMatch(/^svar\+[a-z2-7]{26}@svar\.demo\.test$/);
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: inboundPort, secure: false, ignoreTLS: true });
    await transport.sendMail({ from: `Ida Ask <${emailOf('Ida')}>`, to: replyTo, subject: `Re: ${toIda.subject}`, text: 'Tack för beskedet, lycka till!' });
    transport.close();

    await page.goto(`${app.url}/admin/chat`);
    const menu = page.getByRole('navigation', { name: 'Huvudmeny' });
    // The reply made one conversation unread: 'Meddelanden' says so (the count is read out, not the badge).
    await menu.getByRole('link', { name: /^Meddelanden\s*, 1 olästa konversationer$/ }).waitFor();
    await page.getByRole('link', { name: /Ida/ }).first().click();
    await expect.poll(() => page.getByText('Tack för beskedet, lycka till!').count()).toBeGreaterThan(0);
    await page.context().close();
  }, 120_000);
});
