import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage } from './helpers/app';
import { fillApplyForm, firstApplyUrl, takeOverApplyForm } from './helpers/apply';
import { useE2e } from './helpers/fixture';

/** What must never lose an application: reloads, a dropped network, double clicks; and the terms by keyboard. */
describe('the apply page under pressure', () => {
  const { app, browser } = useE2e();
  let applyUrl = '';

  beforeAll(async () => {
    applyUrl = await firstApplyUrl(app);
  });

  const fillAll = (page: Page, email: string) =>
    fillApplyForm(page, { firstname: 'Cecilia', surname: 'Berg', ssn: '199001012385', address: 'Ringvägen 2', postcode: '11860', phone: '0709876543', email });

  it('keeps the answers in progress through a reload of the tab', async () => {
    const page = await newPage(browser, { viewport: 'phone' });
    await page.goto(applyUrl);
    await page.getByLabel(/^Förnamn/).fill('Cecilia');
    await page.getByLabel(/^Övrigt/).fill('Jag har jobbat i butik förut.');
    await page.getByRole('checkbox', { name: /tjänsteleverantörens allmänna villkor/ }).check();
    // The tab keeps the answers once the script has the form (the first touch hands it over);
    // what a reload does to a plain form before that is the browser's own matter.
    await page.locator('.pub-form-gate[data-live]').waitFor();
    await page.reload();
    // The server-rendered form shows at once; the draft comes back when the page goes live (hydrated).
    await expect.poll(() => page.getByLabel(/^Förnamn/).inputValue(), { timeout: 15_000 }).toBe('Cecilia');
    expect(await page.getByLabel(/^Övrigt/).inputValue()).toBe('Jag har jobbat i butik förut.');
    expect(await page.getByRole('checkbox', { name: /tjänsteleverantörens allmänna villkor/ }).isChecked()).toBe(true);
    await page.context().close();
  });

  it('says in Swedish that the network is down and keeps every answer', async () => {
    const page = await newPage(browser, { viewport: 'phone' });
    await page.goto(applyUrl);
    await fillAll(page, 'natet.nere@example.se');
    await page.route('**/api/public/positions/apply', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Skicka ansökan' }).click();
    await page.getByText(/det inte gick att nå servern/).waitFor();
    expect(await page.getByLabel(/^E-post/).inputValue()).toBe('natet.nere@example.se');
    expect(await page.getByLabel(/^Förnamn/).inputValue()).toBe('Cecilia');

    // Back online: the same answers go through, and the draft is gone afterwards.
    await page.unroute('**/api/public/positions/apply');
    await page.getByRole('button', { name: 'Skicka ansökan' }).click();
    await page.getByRole('heading', { name: 'Tack för din ansökan, Cecilia!' }).waitFor();
    await page.reload();
    await page.getByLabel(/^Förnamn/).waitFor();
    expect(await page.getByLabel(/^Förnamn/).inputValue()).toBe('');
    await page.context().close();
  });

  it('sends one application however many times submit is clicked', async () => {
    const page = await newPage(browser, { viewport: 'desktop' });
    await page.goto(applyUrl);
    await fillAll(page, 'dubbelklick@example.se');
    let calls = 0;
    await page.route('**/api/public/positions/apply', async (route) => {
      calls += 1;
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    const submit = page.getByRole('button', { name: 'Skicka ansökan' });
    await submit.dblclick();
    await page.keyboard.press('Enter').catch(() => undefined);
    await page.getByRole('heading', { name: 'Tack för din ansökan, Cecilia!' }).waitFor();
    expect(calls).toBe(1);
    await page.context().close();
  });

  it('refuses a file over 5 MB with a Swedish message and sends nothing', async () => {
    const page = await newPage(browser, { viewport: 'phone' });
    await page.goto(applyUrl);
    await takeOverApplyForm(page);
    await page.locator('input[type=file]').first().setInputFiles({ name: 'stor.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(5_000_001, 0x20) });
    await page.getByText(/Filen är för stor/).first().waitFor();
    await page.context().close();
  });

  it('refuses a file type the form does not allow at the file field and stores nothing', async () => {
    const page = await newPage(browser, { viewport: 'phone' });
    await page.goto(applyUrl);
    await takeOverApplyForm(page);
    await fillAll(page, 'fel.filtyp@example.se');
    await page.locator('input[type=file]').first().setInputFiles({ name: 'program.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ\x90\x00binary') });
    await page.getByText('program.exe').first().waitFor();
    await page.getByRole('button', { name: 'Skicka ansökan' }).click();
    await page.getByText(/Filtypen stöds inte/).first().waitFor();
    expect(await page.getByRole('heading', { name: /Tack för din ansökan/ }).count()).toBe(0);
    const again = await fetch(`${app.url}/api/public/positions/apply`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        action: 'create_jobApplication',
        data: {
          email: 'fel.filtyp@example.se',
          positionId: Number(/\/(\d+)_/.exec(new URL(applyUrl).pathname)![1]),
          metadata: {
            form_firstname: 'Cecilia',
            form_surname: 'Berg',
            form_ssn: '199001012385',
            form_address: 'Ringvägen 2',
            form_zipcode: '11860',
            form_city: 'Stockholm',
            form_mobilePhone: '0709876543',
            form_email: 'fel.filtyp@example.se',
            form_agreement: true,
            form_agreement_company: true,
          },
        },
      }),
    });
    // Accepted now, not 409: the refused attempt left no application behind.
    expect(again.status).toBe(201);
    await page.context().close();
  });

  it('opens Allmänna villkor by keyboard, keeps focus inside, closes on Escape and returns focus', async () => {
    const page = await newPage(browser, { viewport: 'desktop' });
    await page.goto(applyUrl);
    // The server-rendered button opens the dialog once the page is live (hydrated); the page says when.
    await takeOverApplyForm(page);
    const opener = page.getByRole('button', { name: 'Allmänna villkor' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Allmänna villkor' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Villkor för rekryteringsportalen Blankett');
    expect(await dialog.textContent()).toContain('Villkor från Demoföretaget AB');
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() => {
        const active = document.activeElement;
        // Tab may leave the document for the browser's own UI; it must never land on the page behind.
        return active === document.body || !!active?.closest('dialog');
      });
      expect(inside).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it('shows field errors the server returns at their fields, focuses the first and announces it', async () => {
    const page = await newPage(browser, { viewport: 'phone' });
    await page.goto(applyUrl);
    await fillAll(page, 'serverfel@example.se');
    // Fault injection: a server-side-only refusal (e.g. a validator message the container changed).
    await page.route('**/api/public/positions/apply', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'invalid', message: 'Uppgifterna är inte giltiga', details: [{ key: 'form_city', validator: 'minLength', message: 'Orten måste anges' }] } }),
      }),
    );
    await page.getByRole('button', { name: 'Skicka ansökan' }).click();
    const city = page.getByLabel(/^Ort/);
    await expect.poll(() => city.getAttribute('aria-invalid')).toBe('true');
    expect(await city.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByText('Orten måste anges').first().waitFor();
    expect(await page.getByRole('alert').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/\S/)]));
    expect(await page.getByLabel(/^E-post/).inputValue()).toBe('serverfel@example.se');
    await page.context().close();
  });

  it('can be filled in and sent with the keyboard alone', async () => {
    const page = await newPage(browser, { viewport: 'desktop' });
    await page.goto(applyUrl);
    await page.getByLabel(/^Förnamn/).waitFor();
    const typed: Record<string, string> = {
      form_firstname: 'Tangent',
      form_surname: 'Bordsson',
      form_ssn: '199001012385',
      form_address: 'Tangentvägen 3',
      form_zipcode: '12345',
      form_city: 'Uppsala',
      form_mobilePhone: '0701112233',
      form_email: 'tangent@example.se',
    };
    const seen = new Set<string>();
    let sent = false;
    for (let i = 0; i < 80 && !sent; i += 1) {
      await page.keyboard.press('Tab');
      const el = await page.evaluate(() => {
        const a = document.activeElement as HTMLInputElement | null;
        return { tag: a?.tagName ?? '', type: a?.type ?? '', name: a?.name ?? '', text: a?.textContent?.trim() ?? '' };
      });
      if (el.tag === 'INPUT' && typed[el.name] !== undefined && !seen.has(el.name)) {
        seen.add(el.name);
        await page.keyboard.type(typed[el.name]!);
      } else if (el.type === 'checkbox' && el.name.startsWith('form_agreement') && !seen.has(el.name)) {
        seen.add(el.name);
        await page.keyboard.press('Space');
      } else if (el.tag === 'BUTTON' && el.text === 'Skicka ansökan') {
        await page.keyboard.press('Enter');
        sent = true;
      }
    }
    expect(sent).toBe(true);
    expect([...seen].sort()).toEqual([...Object.keys(typed), 'form_agreement', 'form_agreement_company'].sort());
    await page.getByRole('heading', { name: 'Tack för din ansökan, Tangent!' }).waitFor();
    await page.context().close();
  });

  it('starts with a skip link that takes the keyboard to the main content', async () => {
    const page = await newPage(browser, { viewport: 'desktop' });
    await page.goto(applyUrl);
    await page.getByLabel(/^Förnamn/).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Hoppa till innehållet' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('pub-main');
    await page.context().close();
  });

  // Last: it archives the demo position.
  it('shows the closed state when the position closes while the applicant is filling in the form', async () => {
    const page = await newPage(browser, { viewport: 'phone' });
    await page.goto(applyUrl);
    await fillAll(page, 'for.sent@example.se');
    const login = await fetch(`${app.url}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: app.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const positionId = Number(/\/(\d+)_/.exec(new URL(applyUrl).pathname)![1]);
    const archived = await fetch(`${app.url}/api/dispatcher`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ action: 'update_PositionArchivedStatus', data: { positionId, isArchived: true } }),
    });
    expect(archived.status).toBe(200);
    await page.getByRole('button', { name: 'Skicka ansökan' }).click();
    await page.getByRole('heading', { name: 'Tjänsten är stängd för ansökningar' }).waitFor();
    expect(await page.getByRole('heading', { name: /Tack för din ansökan/ }).count()).toBe(0);
    await page.context().close();
  });
});
