import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** A screen file as the tour reads it (schemas/screens/<id>.json). */
export interface TourScreen {
  id: string;
  route: string;
  title: string;
  access: string;
  nav?: { label: string };
}

const screensDir = join(import.meta.dirname, '../../../schemas/screens');

/** Every screen of the catalogue, ordered by id. */
export const catalogue: TourScreen[] = readdirSync(screensDir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(join(screensDir, f), 'utf8')) as TourScreen);

/** The widths the tour looks at: two phones and a laptop (issue 26 item 12). */
export const TOUR_WIDTHS = [320, 390, 1366] as const;

/** Raw action keys ('update_position') and words of English UI text (whole words, any case) that have no place on a Swedish screen. */
export const ENGLISH =
  /\b[a-z]+_[A-Za-z]+\b|\b(administrator|write|read|save|cancel|delete|edit|loading|error|submit|search|settings|profile|users?|logout|login|password|name|create|new|back|next|previous|yes|close|open|add|remove|update|upload|download|select|the|and|with|dashboard|templates?|skills?|theme|preview|draft|publish|archive|notifications?|message|apply|applicants?|positions?|builder|email|event|undefined|null|NaN|true|false)\b|\[object Object\]/i;
/** What the spec itself quotes, verbatim (and addresses, which are data). */
const SPEC_QUOTES = ['Email är inte giltigt format', 'Superuser', 'Events'];
const ADDRESS = /\S+@\S+/g;

/** Every text a person sees or hears on the page: the visible text and the names, placeholders and titles. */
export async function wordsOn(page: Page): Promise<string> {
  const text = await page.locator('body').innerText();
  const attrs = await page.evaluate(() =>
    [...document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')].flatMap((el) => ['aria-label', 'placeholder', 'title', 'alt'].map((a) => el.getAttribute(a) ?? '')).join('\n'),
  );
  let all = `${text}\n${attrs}`.replace(ADDRESS, ' ');
  for (const q of SPEC_QUOTES) all = all.split(q).join(' ');
  return all;
}

/** The English words and raw keys on the page, each once. */
export async function englishOn(page: Page): Promise<string[]> {
  return [...new Set((await wordsOn(page)).match(new RegExp(ENGLISH.source, 'gi')) ?? [])];
}

/**
 * Goes to `path` inside the running single-page app as a link would (history + popstate, no
 * reload) and resolves once the new screen has its h1 and nothing on it is loading.
 */
export async function goClientSide(page: Page, path: string): Promise<void> {
  const before = await page.evaluate((to) => {
    const h = document.querySelector('main h1, h1');
    h?.setAttribute('data-tour-seen', '');
    const was = location.pathname + location.search;
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
    return { was, text: h?.textContent ?? '' };
  }, path);
  await settled(page, before.was === path ? null : before.text).catch((e: Error) => {
    throw new Error(`${path}: ${e.message}`);
  });
}

/**
 * Resolves when the page has an h1 that is new (another node or another text than `oldText`), no
 * 'Laddar' anywhere and no part marked `aria-busy` (a part whose code is still loading, such as a
 * news post's body before its sanitiser is here: measured before it, the page looked narrower than it is).
 */
export async function settled(page: Page, oldText: string | null = null): Promise<void> {
  await page.waitForFunction(
    (old) => {
      const h = document.querySelector('main h1, h1');
      if (!h) return false;
      if (old !== null && h.hasAttribute('data-tour-seen') && h.textContent === old) return false;
      return !/Laddar/.test(document.body.innerText) && !document.querySelector('[aria-busy="true"]');
    },
    oldText,
    { timeout: 15_000, polling: 50 },
  );
}

/** What is wrong with the page at its current width: sideways scrolling, and native controls drawn without the product's styling. */
export async function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const faults: string[] = [];
    const doc = document.documentElement;
    const width = doc.clientWidth;
    if (doc.scrollWidth > width + 1) {
      // Name the widest things that stick out, so the report says where to look.
      const wide = [...document.body.querySelectorAll<HTMLElement>('*')]
        .filter((el) => el.getBoundingClientRect().right > width + 1 && el.checkVisibility())
        .filter((el) => !(el.parentElement && el.parentElement.getBoundingClientRect().right > width + 1))
        .slice(0, 3)
        .map((el) => `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : ''} (${Math.round(el.getBoundingClientRect().right)} px)`);
      faults.push(`sidled ${doc.scrollWidth} > ${width} px: ${wide.join(', ')}`);
    }
    const skip = new Set(['checkbox', 'radio', 'hidden', 'range', 'color', 'file']);
    for (const el of document.querySelectorAll<HTMLElement>('input, select, textarea, button')) {
      if (el instanceof HTMLInputElement && skip.has(el.type)) continue;
      if (!el.checkVisibility() || el.closest('[contenteditable]')) continue;
      const cs = getComputedStyle(el);
      // Chromium's own look: the 13.33 px system font and inset/outset borders (the UA stylesheet).
      const native = cs.fontSize === '13.3333px' || cs.borderTopStyle === 'inset' || cs.borderTopStyle === 'outset';
      if (native) {
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.getAttribute('name') ?? el.id;
        faults.push(`ostylad ${el.tagName.toLowerCase()}${el instanceof HTMLInputElement ? `[${el.type}]` : ''} '${(name ?? '').slice(0, 40)}'`);
      }
    }
    return faults;
  });
}

/** Where `npm run tour` writes its screenshots (TOUR_SHOTS), or null in a plain test run. */
export function shotsDir(): string | null {
  const dir = process.env.TOUR_SHOTS;
  if (!dir) return null;
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** A screenshot file name for a role, a path and a width. */
export function shotName(role: string, path: string, width: number): string {
  const slug = path.replace(/^\/+|\/+$/g, '').replace(/[^A-Za-z0-9]+/g, '-') || 'start';
  return `${role}_${slug}_${width}.png`;
}
