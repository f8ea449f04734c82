import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations, newPage } from './helpers/app';
import { useE2e } from './helpers/fixture';

const { app, browser } = useE2e();

const NEW_PASSWORD = 'nytt-losenord-2026';

/** The decoded text bodies of the .eml files in the outbox, newest first. */
function outbox(): { name: string; headers: string; text: string }[] {
  let names: string[];
  try {
    names = readdirSync(join(app.dataDir, 'outbox')).filter((n) => n.endsWith('.eml'));
  } catch {
    return [];
  }
  return names
    .sort()
    .reverse()
    .map((name) => {
      const raw = readFileSync(join(app.dataDir, 'outbox', name), 'utf8');
      const split = raw.indexOf('\r\n\r\n');
      return { name, headers: raw.slice(0, split), text: Buffer.from(raw.slice(split + 4).replace(/\s+/g, ''), 'base64').toString('utf8') };
    });
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();

async function choosePassword(page: Page, password: string, repeat: string) {
  await page.getByLabel('Nytt lösenord').fill(password);
  await page.getByLabel('Upprepa det nya lösenordet').fill(repeat);
  // Enter in the field submits: the whole form works from the keyboard.
  await page.getByLabel('Upprepa det nya lösenordet').press('Enter');
}

describe('password reset through the mailed link', () => {
  it('mails a link from /forgot, sets a new password on /reset-password, logs in with it, and refuses the link a second time', async () => {
    const page = await newPage(browser, { baseURL: app.url });
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));

    await page.goto('/forgot');
    await page.getByLabel('E-post').fill('writer@demo.test');
    await page.getByRole('button', { name: 'Skicka länk' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Vi har skickat en länk till din e-postadress.');
    await expectNoAxeViolations(page);

    await expect.poll(() => outbox().filter((m) => /^To: writer@demo\.test$/m.test(m.headers)).length).toBe(1);
    const mail = outbox().find((m) => /^To: writer@demo\.test$/m.test(m.headers));
    const match = /(\S+)\/reset-password#token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
    expect(match, 'the mail holds a reset link').not.toBeNull();
    const [, base, token] = match as unknown as [string, string, string];
    // The link's host is PUBLIC_URL (this server unless the environment sets another), so
    // the page is opened on this server with the mailed token.
    expect(base).toMatch(/^https?:\/\/[^/]+$/);

    await page.goto(`/reset-password#token=${token}`);
    await expect.poll(() => h1(page)).toBe('Välj ett nytt lösenord');
    await expect.poll(() => page.url()).toBe(`${app.url}/reset-password`);
    await expectNoAxeViolations(page);

    await choosePassword(page, NEW_PASSWORD, `${NEW_PASSWORD}x`);
    await expect.poll(() => page.locator('#scr-reset_confirmPassword__error').textContent()).toBe('Lösenorden matchar inte');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('scr-reset_confirmPassword');
    await expectNoAxeViolations(page);

    await choosePassword(page, 'kort', 'kort');
    await expect.poll(() => page.locator('#scr-reset_password__error').textContent()).toBe('Lösenordet måste vara minst 10 tecken');

    await choosePassword(page, NEW_PASSWORD, NEW_PASSWORD);
    await expect.poll(() => page.getByText('Ditt lösenord är ändrat. Logga in med ditt nya lösenord.').count()).toBe(1);
    await expectNoAxeViolations(page);
    expect(requested.filter((u) => u.includes(token))).toEqual([]);

    await page.getByRole('link', { name: 'Gå till inloggningen' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByLabel('E-post').fill('writer@demo.test');
    await page.getByLabel('Lösenord').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Logga in' }).click();
    await page.waitForURL(/\/admin(\/.*)?$/);
    await expect.poll(() => h1(page)).toBe('Start');

    const oldPassword = await fetch(`${app.url}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'writer@demo.test', password: app.password }),
    });
    expect(oldPassword.status).toBe(401);
    await page.context().close();

    const again = await newPage(browser, { baseURL: app.url });
    await again.goto(`/reset-password#token=${token}`);
    await choosePassword(again, 'ett-tredje-losenord', 'ett-tredje-losenord');
    await expect.poll(() => again.getByRole('alert').textContent()).toBe('Länken är ogiltig eller har gått ut');
    expect(await again.getByLabel('Nytt lösenord').count()).toBe(0);
    await again.getByRole('link', { name: 'Begär en ny länk' }).click();
    await again.waitForURL(/\/forgot$/);
    await expect.poll(() => h1(again)).toBe('Glömt lösenord');
    await again.context().close();
  });

  it('explains an opened link that lost its token, with a way to ask for a new one', async () => {
    const page = await newPage(browser, { viewport: 'phone', baseURL: app.url });
    await page.goto('/reset-password');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(
      'Länken saknar sin kod. Öppna länken i e-postmeddelandet igen eller begär en ny.',
    );
    expect(await page.getByRole('link', { name: 'Begär en ny länk' }).getAttribute('href')).toBe('/forgot');
    await expectNoAxeViolations(page);
    await page.context().close();
  });
});
