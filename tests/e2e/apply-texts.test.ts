import { beforeAll, describe, expect, it } from 'vitest';
import sv from '../../schemas/messages/sv.json';
import { firstPublicPosition, VIEWPORTS } from './helpers/app';
import { takeOverApplyForm } from './helpers/apply';
import { useE2e } from './helpers/fixture';

/**
 * Issue 18 item 3: the apply page ships the Swedish texts it uses, not all of sv.json
 * (scripts/vite/sv-split.ts), and names a samordningsnummer as such while it is typed.
 */

/** The namespaces the apply route reads (public site, engine, widgets, conditions, app shell). */
const APPLY_NAMESPACES = new Set(['public', 'hiringDay', 'engine', 'conditions', 'validators', 'toast', 'app']);

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

const { app, browser } = useE2e();
let applyUrl = '';

beforeAll(async () => {
  const p = await firstPublicPosition(app);
  applyUrl = `${app.orgUrl}/${p.id}_${p.slug}/apply`;
});

describe('the apply page and its Swedish texts (issue 18)', () => {
  it('loads the texts it shows and none of the namespaces only other pages read', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, locale: 'sv-SE', timezoneId: 'Europe/Stockholm' });
    const page = await context.newPage();
    const bodies: Promise<string>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') bodies.push(res.text().catch(() => ''));
    });
    await page.goto(applyUrl);
    await takeOverApplyForm(page);
    const js = (await Promise.all(bodies)).join('\n');
    // Shown by the apply route: the thanks, the samordningsnummer hint, the condition button's text.
    for (const text of [sv.public.successNoName, sv.engine.ssnCoordination, sv.engine.steps.refresh, sv.app.chunkTitle]) expect(js, text).toContain(text);
    // A text of any other namespace (unless a text of an apply namespace holds the same words) is not shipped.
    const applyTexts = Object.entries(sv).filter(([ns]) => APPLY_NAMESPACES.has(ns)).flatMap(([, v]) => strings(v));
    const shipped = Object.entries(sv)
      .filter(([ns]) => !APPLY_NAMESPACES.has(ns))
      .flatMap(([ns, v]) => strings(v).filter((s) => s.length >= 25 && js.includes(s) && !applyTexts.some((a) => a.includes(s))).map((s) => `${ns}: ${s}`));
    expect(shipped).toEqual([]);
    expect(js).not.toContain(sv.builder.empty);
    await context.close();
  });

  it('names a samordningsnummer (day + 60) at the personnummer field while it is typed', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true, locale: 'sv-SE', timezoneId: 'Europe/Stockholm' });
    const page = await context.newPage();
    await page.goto(applyUrl);
    await takeOverApplyForm(page);
    const ssn = page.getByLabel(/^Personnummer/);
    const hint = page.getByText(sv.engine.ssnCoordination);
    const describedBy = async () => {
      const ids = ((await ssn.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
      return (await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()))).join(' ');
    };
    await ssn.pressSequentially('19900161123');
    expect(await hint.count()).toBe(0);
    await ssn.pressSequentially('6');
    await hint.waitFor();
    expect(await hint.getAttribute('aria-live')).toBe('polite');
    expect(await describedBy()).toContain(sv.engine.ssnCoordination);
    // An ordinary personnummer is not named a samordningsnummer.
    await ssn.fill('199001011239');
    await expect.poll(() => hint.count()).toBe(0);
    expect(await describedBy()).not.toContain(sv.engine.ssnCoordination);
    await context.close();
  });
});
