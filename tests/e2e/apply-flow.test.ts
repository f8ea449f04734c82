import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { firstPublicPosition, newPage } from './helpers/app';
import { type Applicant, fillApplyForm, firstApplyUrl } from './helpers/apply';
import { useE2e } from './helpers/fixture';

/**
 * The "Done when": an applicant on a phone opens the demo organisation's page, a
 * position, applies with the default form and a PDF, and sees the thanks with their first
 * name; bad answers are refused at the fields; a second application is refused with the
 * spec's message; staff find the application through the API.
 */

/** A tiny but valid PDF (correct xref offsets), built here so the test needs no fixture file. */
function tinyPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 44 >>\nstream\nBT /F1 18 Tf 20 100 Td (CV Anna) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** The text of the elements an input's aria-describedby points at: what a screen reader reads with it. */
async function descriptionOf(page: Page, label: RegExp): Promise<string> {
  return page.getByLabel(label).first().evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

describe('applying on a phone', () => {
  const { app, browser } = useE2e();
  let applyUrl = '';
  const anna: Applicant = { firstname: 'Anna', surname: 'Svensson', ssn: '199001012385', email: 'anna.svensson@example.se' };

  beforeAll(async () => {
    applyUrl = await firstApplyUrl(app);
  });

  it('finds the demo organisation’s position and applies with the default form and a PDF', async () => {
    const page = await newPage(browser, { viewport: 'phone' });
    await page.goto(`${app.orgUrl}/`);
    await page.getByRole('heading', { level: 1, name: 'Jobba hos Demoföretaget AB' }).waitFor();
    await page.getByRole('link', { name: 'Sommarjobbare till vår butik i Stockholm', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Sommarjobbare till vår butik i Stockholm' }).waitFor();
    expect(await page.title()).toContain('Sommarjobbare till vår butik i Stockholm');

    await page.getByRole('link', { name: 'Ansök nu' }).first().click();
    await page.getByLabel(/^Förnamn/).waitFor();
    expect(page.url()).toBe(applyUrl);

    await fillApplyForm(page, anna, { consent: true });
    await page.locator('input[type=file]').first().setInputFiles({ name: 'cv-anna.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
    await page.getByText('cv-anna.pdf').first().waitFor();
    await page.getByRole('button', { name: 'Skicka ansökan' }).click();

    const thanks = page.getByRole('heading', { name: 'Tack för din ansökan, Anna!' });
    await thanks.waitFor();
    expect(await thanks.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it('refuses an invalid personnummer and a missing consent at their fields', async () => {
    const page = await newPage(browser, { viewport: 'phone' });
    await page.goto(applyUrl);
    await page.getByLabel(/^Förnamn/).waitFor();
    await fillApplyForm(page, { ...anna, ssn: '199001012384', email: 'bertil@example.se', firstname: 'Bertil' }, { consent: false });
    await page.getByRole('button', { name: 'Skicka ansökan' }).click();

    const ssn = page.getByLabel(/^Personnummer/);
    await expect.poll(() => ssn.getAttribute('aria-invalid')).toBe('true');
    expect(await descriptionOf(page, /^Personnummer/)).toMatch(/Personnumret/);
    // The first invalid field takes focus so the applicant lands on it.
    expect(await ssn.evaluate((el) => el === document.activeElement)).toBe(true);
    const consent = page.getByRole('checkbox', { name: /tjänsteleverantörens allmänna villkor/ });
    expect(await consent.getAttribute('aria-invalid')).toBe('true');
    expect(await descriptionOf(page, /tjänsteleverantörens allmänna villkor/)).toContain('Du måste godkänna villkoren');
    expect(await page.getByRole('alert').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/\S/)]));
    expect(await page.getByRole('heading', { name: /Tack för din ansökan/ }).count()).toBe(0);
    await page.context().close();
  });

  it('refuses the same bad answers on the server, with the Swedish messages per field', async () => {
    const positionId = (await firstPublicPosition(app)).id;
    const res = await fetch(`${app.url}/api/public/positions/apply`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        action: 'create_jobApplication',
        data: { email: 'c@example.se', positionId, metadata: { form_firstname: 'C', form_surname: 'D', form_ssn: '199001012384', form_email: 'c@example.se' } },
      }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; details: { key: string; message: string }[] } };
    expect(body.error.code).toBe('invalid');
    const keys = body.error.details.map((d) => d.key);
    expect(keys).toEqual(expect.arrayContaining(['form_ssn', 'form_agreement']));
  });

  it('refuses a second application to the position with the spec’s message', async () => {
    const page = await newPage(browser, { viewport: 'phone' });
    await page.goto(applyUrl);
    await page.getByLabel(/^Förnamn/).waitFor();
    await fillApplyForm(page, anna, { consent: true });
    await page.getByRole('button', { name: 'Skicka ansökan' }).click();
    await page.getByText('Enligt våra noteringar har du redan gjort en ansökan till tjänsten.').waitFor();
    expect(await page.getByRole('heading', { name: /Tack för din ansökan/ }).count()).toBe(0);
    // The answers stay so a mistyped email can be corrected.
    expect(await page.getByLabel(/^Förnamn/).inputValue()).toBe('Anna');
    await page.context().close();
  });

  it('lets staff find the application through the API', async () => {
    const login = await fetch(`${app.url}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: app.password }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const call = (action: string, data: unknown) =>
      fetch(`${app.url}/api/dispatcher`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ action, data }),
      });
    const positionId = Number(/\/(\d+)_/.exec(new URL(applyUrl).pathname)![1]);
    const res = await call('get_applicantPositionByPosition', { positionId });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { items: Record<string, unknown>[] } };
    const found = data.items.filter((a) => JSON.stringify(a).includes(anna.email));
    expect(found).toHaveLength(1);
    expect(JSON.stringify(found[0])).toContain('cv-anna.pdf');
    expect(JSON.stringify(data.items)).not.toContain('bertil@example.se');
  });
});
