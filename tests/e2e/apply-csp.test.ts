import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage } from './helpers/app';
import { fillApplyForm, firstApplyUrl, takeOverApplyForm } from './helpers/apply';
import { useE2e } from './helpers/fixture';

/**
 * The apply page under the server's real CSP, which on public pages has no 'unsafe-eval': the
 * form arrives compiled and validates with its precompiled validator module, so nothing in the
 * page evaluates code. Bad answers get the Swedish messages at their fields, good ones are
 * accepted, and the browser reports no CSP violation and no console error.
 */

interface Watch {
  violations(): Promise<string[]>;
  errors: string[];
  validatorRequests: string[];
}

async function watch(page: Page): Promise<Watch> {
  await page.addInitScript(() => {
    const list: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = list;
    document.addEventListener('securitypolicyviolation', (e) => list.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const errors: string[] = [];
  const validatorRequests: string[] = [];
  // The browser's own favicon request is not the page's doing (public/favicon.ico is served; the public-images test checks it).
  page.on('console', (m) => m.type() === 'error' && !m.location().url.endsWith('/favicon.ico') && errors.push(`${m.text()} ${m.location().url}`));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()} ${new URL(r.url()).pathname}`));
  page.on('request', (r) => r.url().includes('/api/public/validators/') && validatorRequests.push(new URL(r.url()).pathname));
  return { violations: () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp), errors, validatorRequests };
}

const CECILIA_EK = (ssn: string) => ({ firstname: 'Cecilia', surname: 'Ek', ssn, email: 'cecilia.ek@example.se' });

describe("the apply page under the public CSP (no 'unsafe-eval')", () => {
  const { app, browser } = useE2e();
  let applyUrl = '';

  beforeAll(async () => {
    applyUrl = await firstApplyUrl(app);
  });

  it('shows the Swedish messages for bad answers, then accepts good ones, with no CSP violation or console error', async () => {
    const page = await newPage(browser, { viewport: 'phone' });
    const seen = await watch(page);
    const response = await page.goto(applyUrl);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('unsafe-eval');
    await page.getByLabel(/^Förnamn/).waitFor();

    await fillApplyForm(page, CECILIA_EK('199001012384'), { consent: false });
    await page.getByRole('button', { name: 'Skicka ansökan' }).click();
    const ssn = page.getByLabel(/^Personnummer/);
    await expect.poll(() => ssn.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Personnumret eller samordningsnumret måste skrivas med 12 siffror (ÅÅÅÅMMDDNNNN) och vara giltigt').first().waitFor();
    await page.getByText('Du måste godkänna villkoren').first().waitFor();
    expect(await page.getByRole('heading', { name: /Tack för din ansökan/ }).count()).toBe(0);

    await ssn.fill('199001012385');
    await page.getByRole('checkbox', { name: /tjänsteleverantörens allmänna villkor/ }).check();
    await page.getByRole('checkbox', { name: /företagets allmänna villkor/ }).check();
    await page.getByRole('button', { name: 'Skicka ansökan' }).click();
    await page.getByRole('heading', { name: 'Tack för din ansökan, Cecilia!' }).waitFor();

    expect(seen.validatorRequests).toHaveLength(1);
    expect(seen.validatorRequests[0]).toMatch(/^\/api\/public\/validators\/[0-9a-f]{32}-\d+\.js$/);
    expect(await seen.violations()).toEqual([]);
    expect(seen.errors).toEqual([]);
    await page.context().close();
  });

  it("loads an admin path reached from a public page as a new document, under the admin CSP", async () => {
    const page = await newPage(browser);
    await page.goto(applyUrl);
    await takeOverApplyForm(page);
    const next = page.waitForResponse((r) => new URL(r.url()).pathname === '/login' && r.request().resourceType() === 'document');
    // A client-side move, as a link inside the app would make.
    await page.evaluate(() => {
      history.pushState({}, '', '/login');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    const response = await next;
    expect(response.headers()['content-security-policy']).toContain("'unsafe-eval'");
    await page.context().close();
  });

  it('shows the error state when the validator cannot load, never sends unjudged answers, and recovers on retry', async () => {
    const page = await newPage(browser, { viewport: 'phone' });
    const seen = await watch(page);
    const applies: string[] = [];
    page.on('request', (r) => r.url().endsWith('/api/public/positions/apply') && applies.push(r.method()));
    await page.route('**/api/public/validators/**', (route) => route.fulfill({ status: 503, body: 'nej' }));
    await page.goto(applyUrl);
    await takeOverApplyForm(page);
    await page.getByText('Något gick fel, vänligen försök igen').waitFor();
    await fillApplyForm(page, CECILIA_EK('199001012385'));
    await page.getByRole('button', { name: 'Skicka ansökan' }).click();
    await page.waitForTimeout(300);
    expect(applies).toEqual([]);

    await page.unroute('**/api/public/validators/**');
    await page.getByRole('button', { name: 'Försök igen' }).click();
    await expect.poll(() => page.getByText('Något gick fel, vänligen försök igen').count()).toBe(0);
    await page.getByLabel(/^E-post/).fill('cecilia.retry@example.se');
    await page.getByLabel(/^Personnummer/).fill('199001012393');
    await page.getByRole('button', { name: 'Skicka ansökan' }).click();
    await page.getByRole('heading', { name: 'Tack för din ansökan, Cecilia!' }).waitFor();
    expect(applies).toEqual(['POST']);
    expect(await seen.violations()).toEqual([]);
    await page.context().close();
  });
});
