import { beforeAll, describe, expect, it } from 'vitest';
import { callAction, loginAs, newPage } from './helpers/app';
import { outboxTo } from '../integration/helpers/mailbox';
import { linkSession, mailedLink } from './helpers/signin';
import { useE2e } from './helpers/fixture';

const EMAIL = 'clara.kandidat@exempel.se';
const PASSWORD = 'Kandidat-lösen-1';

const { app, browser } = useE2e();

/** A valid personnummer for a birth date (YYYYMMDD) with serial 238. */
function pnr(birth: string): string {
  const nine = birth.slice(2) + '238';
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    let d = Number(nine[i]) * (i % 2 === 0 ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return `${birth}238${(10 - (sum % 10)) % 10}`;
}

const answers = (email: string) => ({
  form_firstname: 'Clara', form_surname: 'Kandidat', form_ssn: pnr('19970707'), form_address: 'Storgatan 1', form_zipcode: '11122',
  form_city: 'Stockholm', form_mobilePhone: '0701234567', form_email: email, form_referer: 'form_referer_2', form_agreement: true, form_agreement_company: true,
});

async function login(email: string, password: string) {
  const res = await fetch(`${app.url}/api/account/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  return ((await res.json()) as { token: string }).token;
}

/** A fresh application to the demo's first position, and a phone page signed in as its applicant (a mailed-link session). */
async function appliedOnPhone(email: string, birth: string) {
  const writer = await login('writer@demo.test', app.password);
  const position = ((await callAction(app, writer, 'get_positions', { containerId: 1 })).body!.data as { id: number; name: string }[])[0]!;
  const res = await fetch(`${app.url}/api/public/positions/apply`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'create_jobApplication', data: { email, positionId: position.id, metadata: { ...answers(email), form_ssn: pnr(birth) } } }),
  });
  expect(res.status).toBe(201);
  const id = ((await res.json()) as { data: { id: number } }).data.id;
  const page = await newPage(browser, { baseURL: app.url, viewport: 'phone' });
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('blankett.token', t), await linkSession(app, email));
  return { writer, position, id, page };
}

beforeAll(async () => {
  const writer = await login('writer@demo.test', app.password);
  const positions = (await callAction(app, writer, 'get_positions', { containerId: 1 })).body!.data as { id: number; isInternal: boolean; positionTypeId: number }[];
  const c = (await callAction(app, writer, 'get_container', { id: 1 })).body!.data as { labels: { id: number; name: string }[] };
  // The confirmation mail after applying (the default Interest label's template) carries 'Se din ansökan'.
  for (const typeId of new Set(positions.slice(0, 2).map((p) => p.positionTypeId))) {
    const t = await callAction(app, writer, 'update_containerTemplate', {
      containerId: 1, positionTypeId: typeId, labelId: c.labels.find((l) => l.name === 'Ej bedömd')!.id, subject: 'Tack för din ansökan, {firstname}', content: '<p>Vi har fått din ansökan till {position}.</p>',
    });
    expect(t.status).toBe(200);
  }
  const ids: number[] = [];
  for (const [i, p] of positions.slice(0, 2).entries()) {
    const res = await fetch(`${app.url}/api/public/positions/apply`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'create_jobApplication', data: { email: EMAIL, positionId: p.id, metadata: answers(EMAIL) } }),
    });
    expect(res.status).toBe(201);
    ids.push(((await res.json()) as { data: { id: number } }).data.id);
    // One confirmation at a time: the newest mail then holds the newest (valid) link.
    await mailedLink(app, EMAIL, i + 1, '/signin-link#', 'Se din ansökan');
  }
  const intervju = c.labels.find((l) => l.name === 'Intervju')!.id;
  expect((await callAction(app, writer, 'update_jobApplicationProcess', { labelId: intervju, ids: [ids[0]] })).status).toBe(200);
});

describe('candidate area', () => {
  it('a stranger who registers with an applicant’s email sees nothing; the applicant opens “Se din ansökan” from the confirmation mail and sees the applications', async () => {
    const stranger = await newPage(browser, { baseURL: app.url });
    await stranger.goto('/admin/recruit');
    await stranger.getByRole('button', { name: 'Använd lösenord i stället' }).click();
    await stranger.getByRole('button', { name: 'Jag har inget konto' }).click();
    await stranger.getByLabel('E-post').fill(EMAIL);
    await stranger.getByLabel('Lösenord', { exact: true }).fill(PASSWORD);
    await stranger.getByLabel('Upprepa lösenordet').fill(PASSWORD);
    await stranger.getByRole('button', { name: 'Skapa konto' }).click();
    await stranger.getByRole('heading', { name: 'Bekräfta din e-postadress' }).waitFor();
    await stranger.getByRole('link', { name: 'Mina sidor' }).click();
    await stranger.getByRole('heading', { name: 'Bekräfta din e-postadress' }).waitFor();
    expect(await stranger.getByRole('list', { name: 'Mina ansökningar' }).count()).toBe(0);
    expect(await stranger.locator('main').textContent()).not.toMatch(/Intervju|Sommarjobb/);
    await stranger.getByRole('link', { name: 'Meddelanden' }).click();
    await stranger.getByRole('heading', { name: 'Bekräfta din e-postadress' }).waitFor();
    expect(await stranger.getByLabel('Nytt meddelande').count()).toBe(0);

    // The applicant's confirmation mail: 'Se din ansökan' opens their applications.
    const link = await mailedLink(app, EMAIL, 2, '/signin-link#', 'Se din ansökan');
    const cand = await newPage(browser, { baseURL: app.url });
    await cand.goto(link);
    await cand.getByRole('button', { name: 'Logga in' }).click();
    // The stranger's password, chosen before the address was proven, is dropped and the page says so.
    await cand.getByText('Kontot hade ett lösenord').waitFor();
    await cand.getByRole('link', { name: 'Till mina ansökningar' }).click();
    const stale = await fetch(`${app.url}/api/account/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
    expect(stale.status).toBe(401);
    const table = cand.getByRole('list', { name: 'Mina ansökningar' });
    await expect.poll(() => table.getByRole('listitem').count()).toBe(2);
    expect(await table.textContent()).toContain('Intervju');
    expect(cand.url()).not.toContain('token=');
    // The same link a second time (another browser) is refused, with a new link one click away.
    const again = await newPage(browser, { baseURL: app.url });
    await again.goto(link);
    await again.getByRole('button', { name: 'Logga in' }).click();
    await again.getByText('Länken gäller inte längre').waitFor();
    const resend = again.getByRole('button', { name: `Skicka en ny länk till ${EMAIL}` });
    // The form's empty message and status paragraphs take no room: the button is at the card's top (an 80 px gap before).
    const gap = await resend.evaluate((b) => b.getBoundingClientRect().top - b.closest('form')!.getBoundingClientRect().top);
    expect(gap).toBeLessThan(40);
    await resend.click();
    await again.getByText('har vi skickat en inloggningslänk').waitFor();
    await Promise.all([stranger.context().close(), cand.context().close(), again.context().close()]);
  });

  it('a candidate signs in with a mailed link, sees two applications with status, writes, and the recruiter sees it live and answers', async () => {
    const cand = await newPage(browser, { baseURL: app.url });
    await cand.goto('/admin/recruit');
    const before = outboxTo(app.dataDir, EMAIL).filter((m) => m.includes('/signin-link#')).length;
    await cand.getByLabel('E-post').fill(EMAIL);
    await cand.getByRole('button', { name: 'Skicka inloggningslänk' }).click();
    await cand.getByText('har vi skickat en inloggningslänk').waitFor();
    await cand.goto(await mailedLink(app, EMAIL, before + 1));
    await cand.getByRole('button', { name: 'Logga in' }).click();
    const table = cand.getByRole('list', { name: 'Mina ansökningar' });
    await expect.poll(() => table.getByRole('listitem').count()).toBe(2);
    expect(await table.textContent()).toContain('Intervju');
    expect(await table.textContent()).toContain('Ny');
    await cand.getByRole('link', { name: 'Meddelanden' }).click();
    await cand.getByLabel('Nytt meddelande').fill('Hej! Jag undrar när intervjun blir.');
    await cand.getByRole('button', { name: 'Skicka' }).click();
    await expect.poll(() => cand.getByRole('list', { name: 'Meddelanden' }).textContent()).toContain('när intervjun blir');

    const writer = await login('writer@demo.test', app.password);
    const channel = ((await callAction(app, writer, 'get_MessagingChannels', { containerId: 1 })).body!.data as { id: number; email: string }[]).find((c) => c.email === EMAIL)!;
    const staff = await newPage(browser, { baseURL: app.url });
    await loginAs(staff, app, 'writer@demo.test');
    await staff.goto(`/admin/chat/${channel.id}`);
    const thread = staff.getByRole('list', { name: 'Meddelanden' });
    await expect.poll(() => thread.textContent()).toContain('när intervjun blir');
    // Give the page's hub connection a moment to join, then a new message must arrive without a reload.
    await staff.waitForTimeout(1500);
    await cand.getByLabel('Nytt meddelande').fill('Jag kan på tisdag.');
    await cand.getByRole('button', { name: 'Skicka' }).click();
    await expect.poll(() => thread.textContent(), { timeout: 10_000 }).toContain('Jag kan på tisdag.');

    await staff.getByLabel('Nytt meddelande').fill('Tisdag kl 10 passar bra.');
    await staff.getByRole('button', { name: 'Skicka' }).click();
    await expect.poll(() => thread.textContent()).toContain('Tisdag kl 10 passar bra.');
    await expect.poll(() => cand.getByRole('list', { name: 'Meddelanden' }).textContent(), { timeout: 15_000 }).toContain('Tisdag kl 10 passar bra.');
    await staff.context().close();
    await cand.context().close();
  });

  it('a candidate gets 403 or 404 for anyone else’s applications and conversations', async () => {
    const other = 'olof.annan@exempel.se';
    const res = await fetch(`${app.url}/api/public/positions/apply`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'create_jobApplication', data: { email: other, positionId: ((await callAction(app, await login('writer@demo.test', app.password), 'get_positions', { containerId: 1 })).body!.data as { id: number }[])[0]!.id, metadata: { ...answers(other), form_ssn: pnr('19980808') } } }),
    });
    const otherId = ((await res.json()) as { data: { id: number } }).data.id;
    const token = await linkSession(app, EMAIL);
    expect((await callAction(app, token, 'get_applicantPositions', { containerId: 1, email: other })).status).toBe(403);
    expect((await callAction(app, token, 'get_applicantPosition', { id: otherId })).status).toBe(404);
    expect((await callAction(app, token, 'delete_myApplication', { id: otherId })).status).toBe(404);
    const olof = await linkSession(app, other);
    const theirs = (await callAction(app, olof, 'send_MessageCommand', { containerId: 1, message: 'Hej från Olof' })).body!.data as { channelId: number };
    expect((await callAction(app, token, 'get_channelMessages', { channelId: theirs.channelId })).status).toBe(404);
    expect((await callAction(app, token, 'send_MessageCommand', { channelId: theirs.channelId, message: 'in i fel tråd' })).status).toBe(404);
    const mine = (await callAction(app, token, 'get_MessagingChannels', { containerId: 1 })).body!.data as { email: string }[];
    expect(mine.map((c) => c.email)).toEqual([EMAIL]);
  });

  it('the sign-in link page opened as the first page of a tab (from a mail) draws its form styled: the label above a field as wide as the form', async () => {
    // The form's styles once came only with the candidate area, so a fresh tab drew the label and a short field on one line.
    const page = await newPage(browser, { viewport: 'phone', baseURL: app.url });
    await page.goto('/signin-link');
    const field = page.getByLabel('E-post');
    await field.waitFor();
    const [label, input, form] = await Promise.all([page.locator('label', { hasText: 'E-post' }).boundingBox(), field.boundingBox(), page.locator('form').filter({ has: field }).boundingBox()]);
    expect(label!.y + label!.height).toBeLessThanOrEqual(input!.y);
    expect(input!.width).toBeGreaterThanOrEqual(form!.width * 0.8);
    await page.context().close();
  });

  it('Mina sidor on a phone: each application is a card under the employer’s name, Återkalla and its confirmation fit at 320 px, and a withdrawal at 390 px says what happened', async () => {
    const { position, page } = await appliedOnPhone('mina.telefon@exempel.se', '19990909');
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto('/admin/minasidor?org=1');
    const card = page.getByRole('list', { name: 'Mina ansökningar' }).getByRole('listitem');
    await card.getByRole('heading', { name: position.name }).waitFor();
    // The employer, not the product, heads the page.
    await expect.poll(() => page.locator('header').innerText()).toBe('Demoföretaget AB');
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
    expect(await fits()).toBe(true);
    const withdraw = card.getByRole('button', { name: `Återkalla ansökan till ${position.name}` });
    const inside = async (box: { x: number; width: number } | null, width: number) => !!box && box.x >= 0 && box.x + box.width <= width;
    expect(await inside(await withdraw.boundingBox(), 320)).toBe(true);
    await withdraw.click();
    const dialog = page.getByRole('alertdialog');
    for (const b of [dialog, dialog.getByRole('button', { name: 'Återkalla' }), dialog.getByRole('button', { name: 'Avbryt' })]) expect(await inside(await b.boundingBox(), 320), await b.innerText()).toBe(true);
    expect(await fits()).toBe(true);
    await dialog.getByRole('button', { name: 'Avbryt' }).click();

    await page.setViewportSize({ width: 390, height: 844 });
    // Who is signed in and Logga ut stay together under the page links, both at the left edge
    // (the address alone used to be pushed right, Logga ut left on the line below).
    const nav = page.getByRole('navigation', { name: 'Mina sidor' });
    const [who, logout, first] = await Promise.all([nav.getByText('Inloggad som mina.telefon@exempel.se').boundingBox(), nav.getByRole('button', { name: 'Logga ut' }).boundingBox(), nav.getByRole('link', { name: 'Välkommen' }).boundingBox()]);
    expect([who!.x, logout!.x]).toEqual([first!.x, first!.x]);
    // The page one is on is the marked link.
    expect(await nav.locator('a[aria-current="page"]').allInnerTexts()).toEqual(['Mina sidor']);
    await withdraw.click();
    await dialog.getByRole('button', { name: 'Återkalla' }).click();
    const said = page.getByRole('status').filter({ hasText: `Din ansökan till ${position.name} är återkallad` });
    await said.waitFor();
    await page.getByText('Du har inga ansökningar hos Demoföretaget AB just nu.').waitFor();
    await expect.poll(() => said.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await card.count()).toBe(0);
    expect(await fits()).toBe(true);
    await page.context().close();
  });

  it("asks for 'Uppgift om meriter' from Mina sidor with a confirmation and a toast; the request is in the application's log", async () => {
    const { writer, position, id, page } = await appliedOnPhone('mina.meriter@exempel.se', '19960606');
    await page.goto('/admin/minasidor?org=1');
    await page.getByRole('button', { name: `Begär uppgift om meriter för ${position.name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Begär uppgift om meriter' }).click();
    await page.getByText(`Din begäran om uppgift om meriter för ${position.name} är skickad till arbetsgivaren.`).waitFor();
    const logs = ((await callAction(app, writer, 'get_applicantPosition', { id })).body!.data as { logs: { what: string }[] }).logs;
    expect(logs.map((l) => l.what)).toContain('meritRequest');
    await page.context().close();
  });
});
