import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { canOpen, type AccessRights } from '../../screens/runner/access';
import type { Access } from '../../screens/runner/types';
import { personnummer, validAnswers } from '../integration/helpers/domain';
import { axeViolations, firstPublicPosition, type ListedPosition } from './helpers/app';
import { useE2e } from './helpers/fixture';
import { linkSession } from './helpers/signin';
import { catalogue, englishOn, goClientSide, layoutFaults, settled, shotName, shotsDir, TOUR_WIDTHS } from './helpers/tour';

/**
 * Issue 26 item 12, the guard for the whole class: every route of the screen catalogue (and the
 * public site) as each role that may open it, at 320, 390 and 1366 px: no sideways scrolling, no
 * native control without the product's styling, no English word or raw key, and no axe violation
 * (axe once per route). One page per role, moved client-side and resized in place, so the tour
 * stays cheap. `npm run tour` also writes a screenshot of each route per width (TOUR_SHOTS).
 */

const { app, dataOf, token: tokenOf, page: newPage } = useE2e();

const CANDIDATE = 'tova.turist@exempel.se';
const shots = shotsDir();
/** Routes axe has checked (signed in or not): once each. */
const axed = new Set<string>();
let position: ListedPosition;
let params: Record<string, string> = {};

beforeAll(async () => {
  position = await firstPublicPosition(app);
  const odin = await tokenOf('odin@demo.test');
  const applied = await fetch(`${app.url}/api/public/positions/apply`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'create_jobApplication', data: { email: CANDIDATE, positionId: position.id, metadata: validAnswers(CANDIDATE, { form_firstname: 'Tova', form_surname: 'Turist', form_ssn: personnummer('19950505', '321') }) } }),
  });
  expect(applied.status).toBe(201);
  const applicantId = ((await applied.json()) as { data: { id: number } }).data.id;
  const chat = await dataOf<{ channelId: number }>(await linkSession(app, CANDIDATE), 'send_MessageCommand', { containerId: 1, message: 'Hej, en fråga om tjänsten' });
  const users = await dataOf<{ kind: string; id: number }[]>(odin, 'get_containerUsers', { containerId: 1 });
  const container = await dataOf<{ positionTypes: { id: number }[] }>(odin, 'get_container', { id: 1 });
  // Swedish compounds run long and have no hyphen to break at: every page that shows these must wrap them.
  const long = 'Arbetsmiljöutbildningsintroduktionsmaterialet';
  const news = await dataOf<{ id: number }>(odin, 'create_blogPost', { title: `Välkommen till ${long}`, body: `<p>Nytt i Blankett:</p><p>${long}förnyanställdasommarvikarier</p>` });
  const text = await dataOf<{ id: number }>(odin, 'upsert_ContainerTemplate', { containerId: 1, title: `Hälsning med ${long}`, text: '<p>Hej!</p>' });
  const forms = await dataOf<{ id: number }[]>(odin, 'get_formTemplates', { containerId: 1 });
  const notes = await dataOf<{ items: { id: number }[] }>(odin, 'get_notifications', { containerId: 1 });
  params = {
    '/admin/positions/:id/applicants/:applicantId': `/admin/positions/${position.id}/applicants/${applicantId}`,
    '/admin/positions/:action/:type': `/admin/positions/public/${container.positionTypes[0]!.id}`,
    '/admin/positions/:id': `/admin/positions/${position.id}`,
    '/admin/users/:id': `/admin/users/${users.find((u) => u.kind === 'member')!.id}`,
    '/admin/chat/:id': `/admin/chat/${chat.channelId}`,
    '/admin/news/:id': `/admin/news/${news.id}`,
    '/admin/templates/text/:id': `/admin/templates/text/${text.id}`,
    '/admin/templates/email/:positionTypeId': `/admin/templates/email/${container.positionTypes[0]!.id}`,
    '/admin/form-templates/edit/:id': `/admin/form-templates/edit/${forms[0]!.id}`,
    '/admin/notifications/:id': `/admin/notifications/${notes.items[0]?.id ?? 0}`,
    '/forgot/:email?': '/forgot',
  };
});

/** The route with its parameters filled from the data made above. */
function path(route: string): string {
  for (const [k, v] of Object.entries(params)) if (route.startsWith(k)) return v + route.slice(k.length);
  return route;
}

/** Looks at the page at each width (and runs axe once per route); the faults found, each named with the path and width. */
async function inspect(page: Page, role: string, at: string, signedIn: boolean): Promise<string[]> {
  const found: string[] = [];
  for (const width of TOUR_WIDTHS) {
    await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
    for (const f of await layoutFaults(page)) found.push(`${at} @${width}: ${f}`);
    if (shots) await page.screenshot({ path: join(shots, shotName(role, at, width)), fullPage: true });
    const key = `${signedIn}:${at}`;
    if (width === 390 && !axed.has(key)) {
      axed.add(key);
      for (const v of await axeViolations(page)) found.push(`${at} @${width}: axe ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    }
  }
  const english = await englishOn(page);
  if (english.length) found.push(`${at}: engelska ${english.join(', ')}`);
  // One line per fault and route, whichever widths it shows at.
  return [...new Set(found.map((f) => f.replace(/ @\d+:/, ':')))];
}

const ROLES: { role: string; email: string; rights: AccessRights }[] = [
  { role: 'odin', email: 'odin@demo.test', rights: { odin: true, admin: true, write: true } },
  { role: 'administrator', email: 'admin@demo.test', rights: { odin: false, admin: true, write: true } },
  { role: 'skriva', email: 'writer@demo.test', rights: { odin: false, admin: false, write: true } },
  { role: 'lasa', email: 'reader@demo.test', rights: { odin: false, admin: false, write: false } },
];

describe('the route tour at 320, 390 and 1366 px', () => {
  it('finds what it looks for: a page that scrolls sideways, a control in the browser look, an English word and a raw key', async () => {
    const page = await newPage();
    await page.goto(`${app.url}/login`);
    await settled(page);
    await page.evaluate(() => {
      const probe = Object.assign(document.createElement('div'), { id: 'tour-probe' });
      probe.innerHTML = '<p>Write update_position</p><div style="width: 700px">bred</div><input aria-label="prov" style="all: revert">';
      document.querySelector('main')!.append(probe);
    });
    const found = await inspect(page, 'prov', 'prov', false);
    expect(found.some((f) => /sidled \d+ > 320 px/.test(f))).toBe(true);
    expect(found.some((f) => f.includes("ostylad input[text] 'prov'"))).toBe(true);
    expect(found.some((f) => f.includes('engelska Write, update_position'))).toBe(true);
    await page.context().close();
  });

  for (const { role, email, rights } of ROLES) {
    it(`every staff screen ${role} may open fits, is styled, Swedish and passes axe`, { timeout: 240_000 }, async () => {
      const page = await newPage();
      await page.goto(`${app.url}/login`);
      await page.evaluate((t) => localStorage.setItem('blankett.token', t), await tokenOf(email));
      await page.goto(`${app.url}/admin`);
      await settled(page);
      const routes = catalogue.filter((s) => !['public', 'candidate'].includes(s.access) && s.route !== '/*' && canOpen(s.access as Access, rights));
      const found: string[] = [];
      for (const s of routes) {
        await goClientSide(page, path(s.route));
        found.push(...(await inspect(page, role, path(s.route), true)));
      }
      expect(routes.length).toBeGreaterThan(10);
      expect(found).toEqual([]);
      await page.context().close();
    });
  }

  it('the candidate pages, signed in as the candidate', async () => {
    const page = await newPage();
    await page.goto(`${app.url}/login`);
    await page.evaluate((t) => localStorage.setItem('blankett.token', t), await linkSession(app, CANDIDATE));
    await page.goto(`${app.url}/admin/recruit`);
    await settled(page);
    const found: string[] = [];
    for (const s of catalogue.filter((c) => c.access === 'candidate')) {
      await goClientSide(page, s.route);
      found.push(...(await inspect(page, 'kandidat', s.route, true)));
    }
    expect(found).toEqual([]);
    await page.context().close();
  });

  it('the public site and the session and candidate screens, signed out', { timeout: 240_000 }, async () => {
    const page = await newPage();
    await page.goto(`${app.url}/login`);
    await settled(page);
    const found: string[] = [];
    for (const s of catalogue.filter((c) => c.access === 'public' || c.access === 'candidate')) {
      await goClientSide(page, path(s.route));
      found.push(...(await inspect(page, 'anonym', path(s.route), false)));
    }
    await goClientSide(page, '/finns/inte');
    found.push(...(await inspect(page, 'anonym', '/finns/inte', false)));
    // The public site is its own app on its own hosts: a load per page.
    for (const url of [`${app.url}/positions`, `${app.orgUrl}/`, `${app.orgUrl}/${position.id}_${position.slug}`, `${app.orgUrl}/${position.id}_${position.slug}/apply`]) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(url);
      await settled(page);
      found.push(...(await inspect(page, 'anonym', new URL(url).host.split('.')[0] + new URL(url).pathname, false)));
    }
    expect(found).toEqual([]);
    await page.context().close();
  });
});
