import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { solidPng } from '../integration/helpers/png';
import { outboxTo } from '../integration/helpers/mailbox';
import { expectNoAxeViolations, loginAs, newPage } from './helpers/app';
import { useE2e } from './helpers/fixture';

const { app, browser, dataOf, token: tokenOf } = useE2e();

/** Pages here load lazy chunks (the rich-text editor, RJSF) on a busy machine: allow 15 s. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();

/** The error text tied to the field labelled `label` by its aria-describedby (RJSF's `__error`, the image field's `-error`). */
async function errorAt(page: Page, label: string): Promise<string | null> {
  const ids = ((await page.getByLabel(label, { exact: true }).getAttribute('aria-describedby')) ?? '').split(' ');
  const id = ids.find((i) => /(__|-)error$/.test(i));
  return id ? page.locator(`[id="${id}"]`).textContent() : null;
}

/** Decoded text of the newest mail to `to` in DATA_DIR/outbox. */
const lastMailTo = (to: string): string | undefined => outboxTo(app.dataDir, to).at(-1);

function partnerOutbox(): string[] {
  try {
    return readdirSync(join(app.dataDir, 'partner-outbox')).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
}

async function asAdmin(): Promise<Page> {
  const page = await newPage(browser, { baseURL: app.url });
  await loginAs(page, app, 'admin@demo.test');
  return page;
}

async function demoPositionId(): Promise<number> {
  const res = await fetch(`${app.url}/api/public/positions?take=30&page=1`);
  const body = (await res.json()) as { data: { items: { id: number }[] } };
  return body.data.items[0]!.id;
}

describe('the organisation runs itself', () => {
  it('an administrator invites a colleague with Write, who accepts through the invitation link, can create an ad but cannot open /admin/users', async () => {
    const page = await asAdmin();
    await page.goto('/admin/users');
    await poll(() => h1(page)).toBe('Användare');
    await page.getByRole('link', { name: 'Lägg till användare' }).click();
    await poll(() => h1(page)).toBe('Lägg till användare');
    // Each right's meaning stands under its name, the short one too (Läsa's sat beside its name, the others below theirs).
    for (const name of ['Administratör', 'Skriva', 'Läsa']) {
      const hintId = await page.getByLabel(name, { exact: true }).getAttribute('aria-describedby');
      const label = await page.locator('label').filter({ hasText: new RegExp(`^${name}$`) }).boundingBox();
      const hint = await page.locator(`#${hintId}`).boundingBox();
      expect(Math.abs(hint!.x - label!.x), name).toBeLessThan(2);
      expect(hint!.y, name).toBeGreaterThanOrEqual(label!.y + label!.height - 1);
    }
    await page.getByLabel('Förnamn').fill('Nils');
    await page.getByLabel('Efternamn').fill('Kollega');
    await page.getByLabel('E-post').fill('writer@demo.test');
    await page.getByRole('button', { name: 'Lägg till' }).click();
    // The refusal is at the email field: its error, tied to it by aria-describedby, and the focus back on it.
    const email = page.getByLabel('E-post');
    const errorId = async () => ((await email.getAttribute('aria-describedby')) ?? '').split(' ').find((id) => id.endsWith('__error')) ?? 'none';
    await poll(async () => page.locator(`#${await errorId()}`).textContent()).toBe('Användaren finns redan i företaget');
    await poll(() => email.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByLabel('E-post').fill('Ny.Kollega@demo.test');
    await page.getByLabel('Skriva', { exact: true }).check();
    await page.getByRole('button', { name: 'Lägg till' }).click();
    await page.waitForURL(/\/admin\/users$/);
    await poll(() => page.getByText('Inbjudan skickad till ny.kollega@demo.test').count()).toBe(1);
    // Pending: listed with its status, not yet a member one can open.
    const pending = page.getByRole('row').filter({ hasText: 'ny.kollega@demo.test' });
    await poll(() => pending.textContent()).toContain('Inbjudan skickad');
    // The name given is listed while the invitation is pending.
    expect(await pending.textContent()).toMatch(/Nils.*Kollega/);
    expect(await pending.getByRole('link', { name: 'ny.kollega@demo.test' }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await page.context().close();

    await poll(() => lastMailTo('ny.kollega@demo.test')).toBeTruthy();
    const token = /invitation#token=([A-Za-z0-9_-]+)/.exec(lastMailTo('ny.kollega@demo.test')!)![1]!;
    const colleague = await newPage(browser, { baseURL: app.url });
    await colleague.goto(`/invitation#token=${token}`);
    await colleague.getByLabel('Nytt lösenord').fill('kollega-losen-2026');
    await colleague.getByLabel('Upprepa det nya lösenordet').fill('kollega-losen-2026');
    await colleague.getByRole('button', { name: 'Ta emot inbjudan' }).click();
    await colleague.waitForURL(/\/admin(\/positions)?$/);
    // The chosen password works for a later sign-in too.
    await colleague.evaluate(() => localStorage.clear());
    await colleague.goto('/login');
    await colleague.getByLabel('E-post').fill('ny.kollega@demo.test');
    await colleague.getByLabel('Lösenord').fill('kollega-losen-2026');
    await colleague.getByRole('button', { name: 'Logga in' }).click();
    await colleague.waitForURL(/\/admin(\/positions)?$/);

    const types = (await colleague.evaluate(async () => {
      const res = await fetch('/api/dispatcher', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('blankett.token')}` },
        body: JSON.stringify({ action: 'get_container', data: { id: 1 } }),
      });
      return ((await res.json()) as { data: { positionTypes: { id: number }[] } }).data.positionTypes;
    })) as { id: number }[];
    await colleague.goto(`/admin/positions/public/${types[0]!.id}`);
    await colleague.getByLabel(/^Namn|^Tjänstens namn|^Rubrik/).first().fill('Lagerarbetare i Solna');
    await colleague.getByRole('button', { name: /^Spara/ }).first().click();
    await colleague.waitForURL(/\/admin\/positions$/);
    await poll(() => colleague.getByText('Lagerarbetare i Solna').count()).toBeGreaterThan(0);

    await colleague.goto('/admin/users');
    await colleague.waitForURL(/\/access-denied$/);
    await colleague.context().close();
  });

  it("a new organisation's first administrator sees the first steps on the start page, ticked from the organisation's data", async () => {
    // A new customer whose first administrator accepts the invitation 'Ny Container' sent.
    const odin = await tokenOf('odin@demo.test');
    const email = 'forsta@forsta-steg.se';
    const created = await dataOf<{ id: number }>(odin, 'create_container', { name: 'forsta-steg', displayName: 'Första Steg AB', adminEmail: email, adminFirstname: 'Frida', adminLastname: 'Först' });
    await poll(() => lastMailTo(email)).toBeTruthy();
    const invitation = /invitation#token=([A-Za-z0-9_-]+)/.exec(lastMailTo(email)!)![1]!;
    const accepted = await fetch(`${app.url}/api/account/invitation/accept`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: invitation, password: 'forsta-losen-2026', confirmPassword: 'forsta-losen-2026' }),
    });
    const admin = ((await accepted.json()) as { data: { token: string } }).data.token;
    const page = await newPage(browser, { baseURL: app.url });
    await page.goto('/login');
    await page.evaluate((t) => localStorage.setItem('blankett.token', t), admin);
    await page.goto('/admin');
    // The greeting names the administrator (the invitation asked for the name).
    await page.getByText('Välkommen Frida!').waitFor();
    const steps = page.getByRole('region', { name: 'Kom igång' });
    const step = (name: string) => steps.getByRole('listitem').filter({ hasText: name });
    await poll(() => step('Bjud in en kollega').textContent()).toContain('Att göra');
    expect(await step('Skapa er första annons').textContent()).toContain('Att göra');
    expect(await step('Fyll i företagsprofilen').textContent()).toContain('Att göra');
    // Done somewhere else (here through the API), ticked on the next visit: the list reads the data.
    await dataOf(admin, 'create_userContainerPermission', { containerId: created.id, email: 'kollega@forsta-steg.se', firstname: 'Kim', lastname: 'Kollega', permissionIds: [2] });
    await page.reload();
    await poll(() => step('Bjud in en kollega').textContent()).toContain('Klart');
    expect(await step('Skapa er första annons').textContent()).toContain('Att göra');
    await expectNoAxeViolations(page, '.org-first-steps');
    await page.context().close();
  });

  it('the administrator changes display name, logo and button colour, and the public organisation page shows them', async () => {
    const page = await asAdmin();
    await page.goto('/admin/container/profile');
    await poll(() => h1(page)).toBe('Företags Profil');
    await page.getByLabel('Visningsnamn').fill('Solna Lager AB');
    await page.getByLabel('Organisationsnummer').fill('556677-8890');
    await page.getByRole('button', { name: 'Spara företagsprofilen' }).click();
    await poll(() => errorAt(page, 'Organisationsnummer')).toBe('Organisationsnumret är inte giltigt. Skriv det som NNNNNN-NNNN.');
    // The refused field has the focus.
    await poll(() => page.getByLabel('Organisationsnummer', { exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByLabel('Organisationsnummer').fill('556677-8899');
    await page.getByLabel('Logotyp').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng(10, 10) });
    await poll(() => errorAt(page, 'Logotyp')).toBe('Bilden är för liten. Minsta storlek är 32x32');
    await page.getByLabel('Logotyp').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng(120, 60, [200, 30, 30]) });
    await poll(() => page.getByRole('img', { name: 'Nuvarande Logotyp' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Spara företagsprofilen' }).click();
    await poll(() => page.getByText('Sparad').count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page);

    await page.goto('/admin/container/theme');
    await poll(() => h1(page)).toBe('Tema');
    await page.getByLabel('Knappens bakgrund', { exact: true }).fill('blå');
    await page.getByRole('button', { name: 'Spara temat' }).click();
    await poll(() => page.locator('#th-button-backgroundColor-error').textContent()).toBe('Ogiltig färg. Ange en färg som #RRGGBB, till exempel #2522BA.');
    await page.getByLabel('Knappens bakgrund', { exact: true }).fill('#0B6E4F');
    await page.getByRole('button', { name: 'Spara temat' }).click();
    await poll(() => page.getByText('Sparad').count()).toBeGreaterThan(0);
    await page.context().close();

    const pub = await newPage(browser, { baseURL: app.orgUrl });
    await pub.goto('/');
    await poll(() => h1(pub)).toBe('Jobba hos Solna Lager AB');
    await poll(() => pub.getByRole('img', { name: 'Solna Lager AB' }).count()).toBe(1);
    const size = await pub.getByRole('img', { name: 'Solna Lager AB' }).evaluate((img: HTMLImageElement) => img.naturalWidth);
    expect(size).toBe(120);
    const bg = await pub.evaluate(() => getComputedStyle(document.querySelector('.pub-root')!).getPropertyValue('--pub-button-bg').trim());
    expect(bg).toBe('#0B6E4F');
    await pub.context().close();
  });

  it('warns at the field when a text and its background fail WCAG AA contrast', async () => {
    const page = await asAdmin();
    await page.goto('/admin/container/theme');
    await poll(() => h1(page)).toBe('Tema');
    await page.getByLabel('Knappens bakgrund', { exact: true }).fill('#777777');
    await page.getByLabel('Knappens text', { exact: true }).fill('#888888');
    await poll(() => page.locator('#th-button-textColor-warning').textContent()).toMatch(/^Låg kontrast: 1,\d:1 mot knappens bakgrund\. WCAG AA kräver minst 4,5:1\./);
    // White on #777777 is 4.48:1, still too low; black is 4.69:1.
    await page.getByLabel('Knappens text', { exact: true }).fill('#FFFFFF');
    await poll(() => page.locator('#th-button-textColor-warning').count()).toBe(1);
    await page.getByLabel('Knappens text', { exact: true }).fill('#000000');
    await poll(() => page.locator('#th-button-textColor-warning').count()).toBe(0);
    await poll(() => page.getByText('Jobba hos').count()).toBeGreaterThan(0);
    await poll(() => page.getByText('Just nu har vi 2 lediga tjänster').count()).toBe(1);
    await expectNoAxeViolations(page);
    await page.context().close();
  });

  it('a banner uploaded in /admin/banners appears in the ad builder', async () => {
    const page = await asAdmin();
    await page.goto('/admin/banners');
    await poll(() => h1(page)).toBe('Annonsbilder');
    await page.getByLabel('Ladda upp en annonsbild').setInputFiles({ name: 'sommar.png', mimeType: 'image/png', buffer: solidPng(800, 200, [240, 180, 0]) });
    await poll(() => page.getByRole('img', { name: 'sommar.png' }).count()).toBe(1);
    await expectNoAxeViolations(page);
    const id = await demoPositionId();
    await page.goto(`/admin/positions/${id}/edit`);
    await poll(() => page.getByRole('radio', { name: 'sommar.png' }).count()).toBe(1);
    await page.getByRole('radio', { name: 'sommar.png' }).check();
    await poll(() => page.locator('.org-ad-preview img.pub-ad-banner').count()).toBe(1);
    // Back on the list: the server refuses an image below the folder's limits under the input, and a removal asks first.
    await page.goto('/admin/banners');
    await poll(() => page.getByRole('img', { name: 'sommar.png' }).count()).toBe(1);
    await page.getByLabel('Ladda upp en annonsbild').setInputFiles({ name: 'liten.png', mimeType: 'image/png', buffer: solidPng(100, 50, [0, 0, 0]) });
    await poll(() => page.getByRole('alert').filter({ hasText: 'Bilden är för liten. Minsta storlek är 400x100' }).count()).toBe(1);
    expect(await page.getByRole('img', { name: 'liten.png' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Ta bort sommar.png' }).click();
    await poll(() => page.getByRole('alertdialog').textContent()).toContain('Ta bort bilden sommar.png? Annonser som använder den visar den inte längre.');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Ta bort' }).click();
    await poll(() => page.getByText('Inga annonsbilder ännu.').count()).toBe(1);
    await page.context().close();
  });

  it("a user chooses mail instead of the bell for one position's new applications", async () => {
    const page = await asAdmin();
    const id = await demoPositionId();
    await page.goto(`/admin/positions/${id}/notifications`);
    await poll(() => h1(page)).toBe('Notiser för tjänsten');
    await poll(() => page.getByLabel(/i notifikationerna/).isChecked()).toBe(true);
    await page.getByLabel(/i notifikationerna/).uncheck();
    await page.getByLabel(/e-postmeddelande/).check();
    await page.getByRole('button', { name: 'Spara' }).click();
    await poll(() => page.getByText('Sparad').count()).toBeGreaterThan(0);
    const prefs = await page.evaluate(async (positionId) => {
      const res = await fetch('/api/dispatcher', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('blankett.token')}` },
        body: JSON.stringify({ action: 'get_PositionNotificationPreferences', data: { containerId: 1, positionId } }),
      });
      return ((await res.json()) as { data: unknown }).data;
    }, id);
    expect(prefs).toMatchObject({ realtime: false, email: true, inherited: false });
    await expectNoAxeViolations(page);
    // Back to the position, as from its other sub-pages.
    await page.getByRole('link', { name: 'Tillbaka till tjänsten' }).click();
    await page.waitForURL(`**/admin/positions/${id}`);
    await poll(() => page.getByRole('link', { name: 'Mina notiser för tjänsten' }).count()).toBe(1);
    await page.context().close();
  });

  it("a check box's description stands under its words, in line with them, on a phone", async () => {
    const page = await asAdmin();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/container/login');
    for (const name of ['Kräv inloggning med företagets konto', 'Kräv tvåstegsverifiering för personalen']) {
      const box = page.getByRole('checkbox', { name });
      await box.waitFor();
      // Read after the words it explains (RJSF draws it above the box), and still the box's description.
      const place = await box.evaluate((input) => {
        const words = input.nextElementSibling!.getBoundingClientRect();
        const id = input.getAttribute('aria-describedby')!.split(' ').find((d) => d.endsWith('__description'))!;
        const range = document.createRange();
        range.selectNodeContents(document.getElementById(id)!);
        const text = range.getBoundingClientRect();
        return { below: text.top >= words.bottom - 1, inLine: Math.abs(text.left - words.left) <= 1 };
      });
      expect(place, name).toEqual({ below: true, inLine: true });
    }
    await page.context().close();
  });

  it('a writer cannot open the company profile', async () => {
    const page = await newPage(browser, { baseURL: app.url });
    await loginAs(page, app, 'writer@demo.test');
    await page.goto('/admin/container/profile');
    await page.waitForURL(/\/access-denied$/);
    await page.context().close();
  });

  it('integration settings for typeId 3 saved on a position produce an outbox document', async () => {
    const page = await asAdmin();
    const id = await demoPositionId();
    await page.goto(`/admin/positions/${id}/integrations`);
    await poll(() => page.getByLabel('Publicera tjänsten hos Arbetsförmedlingen').count()).toBe(1);
    await expectNoAxeViolations(page);
    await page.getByLabel('Publicera tjänsten hos Arbetsförmedlingen').check();
    // Every label stands above its field, as on the other admin forms: a short one ('Adress', 'Ort',
    // 'Omfattning') sat beside its field, the others above theirs.
    const beside = await page.locator('label[for^="partner-3_"]').evaluateAll((labels) =>
      labels.flatMap((l) => {
        const field = document.getElementById(l.getAttribute('for') ?? '');
        return field && field.getBoundingClientRect().top < l.getBoundingClientRect().bottom ? [l.textContent] : [];
      }),
    );
    expect(beside).toEqual([]);
    await page.getByRole('button', { name: 'Spara integrationer' }).click();
    await poll(() => page.getByText('Fältet är obligatoriskt').count()).toBeGreaterThan(0);
    expect(partnerOutbox()).toEqual([]);
    await page.getByLabel('Avsändar-id').fill('AF-123');
    await page.getByLabel(/^Adress/).first().fill('Lagervägen 1');
    await page.getByLabel(/^Ort/).first().fill('Solna');
    await page.getByLabel(/^Postnummer/).fill('171 48');
    await page.getByLabel(/^Yrkes-id/).fill('9321');
    await page.getByLabel(/^Omfattning/).selectOption('Heltid');
    await page.getByLabel(/^Anställningsform/).selectOption('Sommarjobb');
    await page.getByLabel(/^Landskod/).fill('SE');
    await page.getByRole('button', { name: 'Spara integrationer' }).click();
    await poll(() => partnerOutbox().filter((n) => n.includes(`position-${id}-type-3-publish`)).length).toBe(1);
    const doc = JSON.parse(readFileSync(join(app.dataDir, 'partner-outbox', partnerOutbox()[0]!), 'utf8'));
    expect(doc).toMatchObject({ action: 'publish', typeId: 3, position: { id }, data: { senderId: 'AF-123', city: 'Solna', zipCode: '171 48', occupationId: '9321' } });
    await page.context().close();
  });
});
