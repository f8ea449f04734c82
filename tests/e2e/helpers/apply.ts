import type { Browser, Page } from 'playwright-core';
import { firstPublicPosition, VIEWPORTS, type RunningApp } from './app';

/** Who applies: the default form's fields (address, post code and phone have the usual test values unless given). */
export interface Applicant {
  firstname: string;
  surname: string;
  ssn: string;
  email: string;
  address?: string;
  postcode?: string;
  city?: string;
  phone?: string;
}

/**
 * Fills the default apply form (the demo seed's, and every form made from it) as a person
 * would, field by field through the labels; with `consent` ticks both terms boxes.
 */
export async function fillApplyForm(page: Page, p: Applicant, opts: { consent: boolean } = { consent: true }): Promise<void> {
  await page.getByLabel(/^Förnamn/).fill(p.firstname);
  await page.getByLabel(/^Efternamn/).fill(p.surname);
  await page.getByLabel(/^Personnummer/).fill(p.ssn);
  await page.getByLabel(/^Adress/).fill(p.address ?? 'Storgatan 1');
  await page.getByLabel(/^Postnummer/).fill(p.postcode ?? '11122');
  await page.getByLabel(/^Ort/).fill(p.city ?? 'Stockholm');
  await page.getByLabel(/^Mobiltelefon/).fill(p.phone ?? '0701234567');
  await page.getByLabel(/^E-post/).fill(p.email);
  if (opts.consent) {
    await page.getByRole('checkbox', { name: /tjänsteleverantörens allmänna villkor/ }).check();
    await page.getByRole('checkbox', { name: /företagets allmänna villkor/ }).check();
  }
}

/**
 * The script takes the server-rendered apply form over at the first touch, key press or focus
 * (screens/public/takeOver.ts): presses Shift, which moves neither focus nor anything else, and
 * waits until it has.
 */
export async function takeOverApplyForm(page: Page): Promise<void> {
  await page.getByLabel(/^Förnamn/).waitFor();
  await page.keyboard.press('Shift');
  await page.locator('.pub-form-gate[data-live]').waitFor();
}

/** The apply page of the first position the public list shows (the demo seed's open position), on the organisation's host. */
export async function firstApplyUrl(app: RunningApp): Promise<string> {
  const p = await firstPublicPosition(app);
  return `${app.orgUrl}/${p.id}_${p.slug}/apply`;
}

/** A phone-sized page with JavaScript disabled (the no-script apply tests); close it with `page.context().close()`. */
export async function noScriptPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true, locale: 'sv-SE', timezoneId: 'Europe/Stockholm' });
  context.setDefaultTimeout(15_000);
  return context.newPage();
}

/** A small valid PDF to attach as the applicant's file, under `name`. */
export function pdfFile(name: string): { name: string; mimeType: string; buffer: Buffer } {
  return { name, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1') };
}
