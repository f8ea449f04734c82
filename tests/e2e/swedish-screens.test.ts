import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { personnummer, validAnswers } from '../integration/helpers/domain';
import { expectNoAxeViolations, firstPublicPosition, loginAs, newPage } from './helpers/app';
import { useE2e } from './helpers/fixture';

/**
 * Issue 16 item 9 in Chromium: the sidebar at 1366×900 (the active item on screen, its contrast
 * while hovered) and no English word on any admin screen beyond what the spec quotes.
 */

const { app, browser, dataOf: call } = useE2e();

interface Screen {
  id: string;
  route: string;
  access: string;
  layout?: string;
  nav?: { label: string };
}
const screensDir = join(import.meta.dirname, '../../schemas/screens');
const screens: Screen[] = readdirSync(screensDir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(join(screensDir, f), 'utf8')) as Screen);

/** WCAG contrast of two computed css colours ('rgb(r, g, b)'). */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const s = Number(v) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** Resolves when the screen has its h1 and nothing on it is still loading. */
async function settled(page: Page): Promise<void> {
  await page.locator('main h1, h1').first().waitFor();
  await expect.poll(() => page.locator('body').innerText(), { timeout: 15_000 }).not.toMatch(/Laddar/);
}

describe('the sidebar at 1366×900', () => {
  it('shows every active item without scrolling, and the active item keeps its contrast while hovered', async () => {
    const page = await newPage(browser, { baseURL: app.url });
    await page.setViewportSize({ width: 1366, height: 900 });
    await loginAs(page, app, 'odin@demo.test');
    const items = screens.filter((s) => s.nav && !s.route.includes(':'));
    expect(items.length).toBeGreaterThan(15);
    const nav = page.getByRole('navigation', { name: 'Huvudmeny' });
    for (const s of items) {
      await page.goto(s.route);
      const active = nav.locator('[aria-current="page"]');
      await expect.poll(() => active.textContent(), { timeout: 15_000 }).toBe(s.nav!.label);
      const [box, item] = [await nav.boundingBox(), await active.boundingBox()];
      expect(box && item, s.route).toBeTruthy();
      // Wholly inside the menu's visible part and the window: seen without scrolling by hand.
      expect(item!.y, s.route).toBeGreaterThanOrEqual(box!.y - 0.5);
      expect(item!.y + item!.height, s.route).toBeLessThanOrEqual(Math.min(box!.y + box!.height, 900) + 0.5);
    }
    // Odin's menu is taller than its box at this size: the active item is brought into view, not just lucky.
    expect(await nav.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    const active = nav.locator('[aria-current="page"]');
    await active.hover();
    const [fg, bg] = await active.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]);
    expect(contrast(fg, bg)).toBeGreaterThanOrEqual(4.5);
    await expectNoAxeViolations(page, 'nav');
    await page.context().close();
  });
});

describe("the spec's labels", () => {
  it("'Ny Container' opens a screen that speaks of a container: its heading and its button", async () => {
    const page = await newPage(browser, { baseURL: app.url });
    await loginAs(page, app, 'odin@demo.test');
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: 'Ny Container', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Ny Container');
    expect(await page.getByRole('button', { name: 'Skapa container', exact: true }).count()).toBe(1);
    expect(await page.locator('main').innerText()).not.toMatch(/organisation/i);
    await page.context().close();
  });
});

/** Raw action keys ('update_position') and words of English UI text (whole words, any case) that have no place on a Swedish screen. */
const ENGLISH =
  /\b[a-z]+_[A-Za-z]+\b|\b(administrator|write|read|save|cancel|delete|edit|loading|error|submit|search|settings|profile|users?|logout|login|password|name|create|new|back|next|previous|yes|close|open|add|remove|update|upload|download|select|the|and|with|dashboard|templates?|skills?|theme|preview|draft|publish|archive|notifications?|message|apply|applicants?|positions?|builder|email|event|undefined|null|NaN|true|false)\b|\[object Object\]/i;
/** What the spec itself quotes, verbatim (and addresses, which are data). */
const SPEC_QUOTES = ['Email är inte giltigt format', 'Superuser', 'Events'];
const ADDRESS = /\S+@\S+/g;

/** Every text a person sees or hears on the page: the visible text and the names, placeholders and titles. */
async function wordsOn(page: Page): Promise<string> {
  const text = await page.locator('body').innerText();
  const attrs = await page.evaluate(() =>
    [...document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')].flatMap((el) => ['aria-label', 'placeholder', 'title', 'alt'].map((a) => el.getAttribute(a) ?? '')).join('\n'),
  );
  let all = `${text}\n${attrs}`.replace(ADDRESS, ' ');
  for (const q of SPEC_QUOTES) all = all.split(q).join(' ');
  return all;
}

describe('the admin screens in Swedish', () => {
  it('shows no English word on any admin screen an odin user can open, nor on the session and candidate screens signed out, beyond the texts the spec quotes', async () => {
    const page = await newPage(browser, { baseURL: app.url });
    const token = await loginAs(page, app, 'odin@demo.test');
    const position = await firstPublicPosition(app);
    const email = 'engelska.prov@example.se';
    const metadata = validAnswers(email, { form_firstname: 'Eva', form_surname: 'Prov', form_ssn: personnummer('19900101', '321') });
    const applied = await fetch(`${app.url}/api/public/positions/apply`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'create_jobApplication', data: { email, positionId: position.id, metadata } }),
    });
    const applicantId = ((await applied.json()) as { data: { id: number } }).data.id;
    const users = await call<{ kind: string; id: number }[]>(token, 'get_containerUsers', { containerId: 1 });
    const container = await call<{ positionTypes: { id: number }[] }>(token, 'get_container', { id: 1 });
    const params: Record<string, string> = {
      ':id/applicants/:applicantId': `${position.id}/applicants/${applicantId}`,
      '/admin/users/:id': `/admin/users/${users.find((u) => u.kind === 'member')!.id}`,
      '/admin/positions/:id': `/admin/positions/${position.id}`,
      ':positionTypeId': String(container.positionTypes[0]!.id),
    };
    const fill = (route: string) => Object.entries(params).reduce((r, [k, v]) => r.replace(k, v), route);
    const visited: string[] = [];
    const found: string[] = [];
    for (const s of screens) {
      if (s.access === 'public' || s.access === 'candidate' || s.route === '/*') continue;
      const path = fill(s.route);
      if (path.includes(':')) continue;
      await page.goto(path);
      await settled(page);
      if (!visited.length) {
        // The scan itself catches an English word and a raw key shown on a screen.
        await page.evaluate(() => document.querySelector('main')?.append(Object.assign(document.createElement('p'), { id: 'probe', textContent: 'Write update_position' })));
        expect((await wordsOn(page)).match(new RegExp(ENGLISH.source, 'gi'))?.sort()).toEqual(['Write', 'update_position']);
        await page.evaluate(() => document.getElementById('probe')?.remove());
      }
      visited.push(path);
      const hit = (await wordsOn(page)).match(new RegExp(ENGLISH.source, 'gi'));
      if (hit) found.push(`${path}: ${[...new Set(hit)].join(', ')}`);
    }
    // The session and candidate screens, signed out.
    const out = await newPage(browser, { baseURL: app.url });
    for (const s of screens) {
      if ((s.access !== 'public' && s.access !== 'candidate') || s.route.includes(':')) continue;
      await out.goto(s.route);
      await settled(out);
      visited.push(s.route);
      const hit = (await wordsOn(out)).match(new RegExp(ENGLISH.source, 'gi'));
      if (hit) found.push(`${s.route}: ${[...new Set(hit)].join(', ')}`);
    }
    expect(visited.length).toBeGreaterThan(45);
    expect(found).toEqual([]);
    await out.context().close();
    await page.context().close();
  });
});
