import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { summerAnswers } from '../integration/helpers/recruiter';
import { builtDist, callAction, firstPublicPosition } from './helpers/app';
import { createSummerPosition } from './helpers/positions';
import { useE2e } from './helpers/fixture';
import { ADMIN_JS_GOAL_KB, routeWeight, type RouteWeight } from './helpers/js-weight';

const { app, browser, token, page, login } = useE2e();

/**
 * Issue 27 item 1: what a recruiter's first page loads, weighed in Chromium against the build
 * (tests/e2e/helpers/js-weight.ts). The goals are 120 KB gzip for the login and 200 KB for
 * the applicant list (npm run bench -- admin-js reports every route against them). The test
 * holds the figure the split reached, below the goal too, so the weight can only go down: lower a
 * ceiling when the build gets lighter, never raise it above its goal once the goal is met.
 */
// Raised once, login 280 → 286 and list 256 → 258: issue 28's three screens (GDPR settings, talent pool, accessibility)
// added 4.2 KB of screen, entity and action schemas that every admin page still bundles; the cut
// is to load a screen's schema files with that screen (named in the issue 27 note).
// Issue 29 item 1 (SSO): login 286 → 288 for the login's 'Logga in med {organisation}' view and the
// Inloggning and /login/sso screen files (287.3 KB measured); the same cut applies.
// Issue 29 (MFA, SCIM, API keys, webhooks, interviews, references, Analys): login 288 → 292 and list 258 → 262.
// The second step's code (LoginSecondStep, TOTP enrolment, @simplewebauthn/browser: 5.6 KB) now loads when
// the login is sent (FormScreen's followUp), not with the form; what stays is the lazy maps of AdminRoot
// (+2.4 KB: every new screen's and view's chunk names and preload lists) and the runner's followUp and
// SSO parts (+2.3 KB), and the list cell of API key scopes, which every first page carries (291.6 and 261.0 KB measured). The same cut applies.
// Issue 30's staff screens (calendar link, interviewer picker, bulk offer): the browser build leaves out the views' `uses`
// and the notes of the action data schemas (scripts/vite/screen-notes.ts), login 292 → 291 and list 262 → 261 (290.3 and 260.7 KB measured).
// Issue 27 item 1 (shell): the shell's search, bell and user menu and the list's export menu load react-aria when first used, the sanitiser loads where HTML is drawn: list 261 → 185 (184.3 KB measured).
// Issue 27 item 1 (light session forms): the login's form is drawn without RJSF, the widget registry and ajv (screens/runner/LightForm.tsx),
// and the mailed-link alternative loads when its button is pointed at or focused, login 291 → 145 (144.0 KB measured).
// Issue 27 item 1 (route table): the first chunk carries each screen's route table entry, not its file (screens/runner/catalogue.ts);
// the action types and the action buttons load with the first screen that sends actions: login 145 → 120 and list 185 → 174 (118.7 and 173.2 KB measured).
// Issue 27 item 2 (apply page hydrated at the first touch): React DOM is a chunk of its own, not part of the entry; the split's
// overhead and the app namespace's frame texts (the login no longer loads the admin namespace) leave the login at 119.6 KB
// and the list 174 → 176 (175.9 KB measured), within its goal.
// Texts per key (scripts/vite/sv-split.ts): a text no browser module reads (a mail's body, a server's detail) is left out of the build,
// login 119.6 → 118.4, /signin-link 122.6 → 119.9 and the list 176 → 174.
const CEILING_KB = { login: 120, applicantList: 174 } as const;
if (CEILING_KB.login < ADMIN_JS_GOAL_KB.session) throw new Error('a ceiling below its goal: hold the goal');
if (CEILING_KB.applicantList > ADMIN_JS_GOAL_KB.admin) throw new Error('the list met its goal: its ceiling may not rise above it');

const listing = (w: RouteWeight) => w.scripts.map((s) => `  ${s.kb.toFixed(1)} KB ${s.path}`).join('\n');

const screensDir = join(import.meta.dirname, '../../schemas/screens');
/** What a screen file says beyond its route table entry (screens/runner/routeTable.ts): the texts of its forms, columns, actions and blocks. */
const ENTRY_KEYS = new Set(['$schema', 'id', 'route', 'aliases', 'title', 'access', 'layout', 'nav', 'kind', 'view', 'to', 'description', 'uses']);
const BLOCK_ENTRY_KEYS = new Set(['kind', 'view', 'uses']);
function ownTexts(value: unknown, out: Set<string>, top = false): Set<string> {
  // Texts the bundle keeps verbatim (no quote, backslash, newline or template character to escape), long enough to be the file's own.
  if (typeof value === 'string' && value.length >= 8 && !/[`$\\\n"']/.test(value)) out.add(value);
  else if (Array.isArray(value)) for (const v of value) ownTexts(v, out);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) if (!(top ? ENTRY_KEYS : BLOCK_ENTRY_KEYS).has(k)) ownTexts(v, out);
  return out;
}
const screenTexts = readdirSync(screensDir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(join(screensDir, f), 'utf8')) as { id: string })
  .map((s) => ({ id: s.id, texts: [...ownTexts(s, new Set(), true)] }))
  // A screen of fewer than three such texts (a redirect, a page of one view) could be matched by chance.
  .filter((s) => s.texts.length >= 3);

/** The screens whose whole file a route's scripts carry: every text of the file is in them. */
function carriedScreens(w: RouteWeight): string[] {
  const code = w.scripts.map((s) => readFileSync(join(builtDist(), s.path), 'utf8')).join('\n');
  return screenTexts.filter((s) => s.texts.every((t) => code.includes(t))).map((s) => s.id);
}

describe('the admin app loads only what its first screen needs', () => {
  it('keeps the login and the applicant list within their JavaScript budgets', async () => {
    const login = await routeWeight(browser, `${app.url}/login`, builtDist());
    expect(login.kb, `inloggningen laddar ${login.kb.toFixed(1)} KB gzip (mål ${ADMIN_JS_GOAL_KB.session} KB):\n${listing(login)}`).toBeLessThanOrEqual(CEILING_KB.login);
    // The login draws no form runner's editor, drag and drop or shell, and its form is the light one: no RJSF, widget registry (ajv) or RJSF form runner;
    // the mailed-link alternative (LinkRequest) waits until its button is pointed at.
    expect(login.scripts.map((s) => s.path).filter((p) => /\/(RichText|Shell|core\.esm|rjsf|default-registry|FormScreen|LinkRequest)-/.test(p))).toEqual([]);
    // The first chunk carries the route table, not the screen files: the login loads its own file and no other
    // (each file is its chunk screen-<id>-*.js, and no script holds all of another file's texts).
    expect(login.scripts.map((s) => s.path).filter((p) => p.includes('/screen-'))).toEqual([expect.stringMatching(/\/screen-login-[^/]+\.js$/)]);
    expect(carriedScreens(login)).toEqual(['login']);
    // The other pages a person meets signed out, from a mail's link, hold the login's goal too.
    for (const path of ['/reset-password', '/signin-link']) {
      const w = await routeWeight(browser, `${app.url}${path}`, builtDist());
      expect(w.kb, `${path} laddar ${w.kb.toFixed(1)} KB gzip (mål ${ADMIN_JS_GOAL_KB.session} KB):\n${listing(w)}`).toBeLessThanOrEqual(ADMIN_JS_GOAL_KB.session);
    }

    const position = await firstPublicPosition(app);
    const list = await routeWeight(browser, `${app.url}/admin/positions/${position.id}`, builtDist(), await token('writer@demo.test'));
    expect(list.kb, `sökandelistan laddar ${list.kb.toFixed(1)} KB gzip (mål ${ADMIN_JS_GOAL_KB.admin} KB):\n${listing(list)}`).toBeLessThanOrEqual(CEILING_KB.applicantList);
    // The list has no form: RJSF, the widget registry's compiler (ajv) and tiptap stay on the server;
    // react-aria (vite.config.ts names its chunk) and the sanitiser load when a part needing them is used.
    expect(list.scripts.map((s) => s.path).filter((p) => /\/(RichText|rjsf|default-registry|FormScreen|react-aria|sanitize)-/.test(p))).toEqual([]);
    // Its own screen file only (the position's head is also other position pages' head, so their texts are in it too).
    expect(list.scripts.map((s) => s.path).filter((p) => p.includes('/screen-'))).toEqual([expect.stringMatching(/\/screen-position-[^/]+\.js$/)]);
  });

  // Issue 27 item 1: the admin forms of plain fields (sections, descriptions, text areas, e-mail) are drawn by the light form
  // too, a form screen chooses as a page's form block does: 279–291 KB with RJSF, 136–149 KB measured without. GDPR's
  // four forms (whole numbers, radio buttons, check boxes) and Generera data's: 290 and 287 KB with RJSF, 149 and 141 without;
  // Inloggning (lines, a read-only address) 283 → 139, Profilinställningar (allOrSome) 284 → 138.
  it('keeps the plain admin forms within the goal, drawn without RJSF', async () => {
    const odin = await token('odin@demo.test');
    for (const path of ['/admin/change-password', '/admin/container/new', '/admin/container/messages', '/admin/gdpr/delete', '/admin/gdpr', '/admin/generate-data', '/admin/container/login', '/admin/profile']) {
      const w = await routeWeight(browser, `${app.url}${path}`, builtDist(), odin);
      expect(w.kb, `${path} laddar ${w.kb.toFixed(1)} KB gzip (mål ${ADMIN_JS_GOAL_KB.admin} KB):\n${listing(w)}`).toBeLessThanOrEqual(ADMIN_JS_GOAL_KB.admin);
      expect(w.scripts.map((s) => s.path).filter((p) => /\/(RichText|rjsf|default-registry|FormScreen)-/.test(p)), path).toEqual([]);
    }
  });

  // Issue 27 item 1: the applicant page draws the answers with the form the server compiled (get_applicantPosition's
  // shownForm), so it loads no compiler (ajv), sanitiser or widget registry: 254 KB before, 183 KB measured after.
  it('keeps the applicant page within the goal, its answers drawn without compiling in the browser', async () => {
    const writer = await token('writer@demo.test');
    const position = await createSummerPosition(app, writer, 'Sommarjobb i lagret');
    const made = await callAction(app, writer, 'create_jobApplication', { email: 'vikt@example.se', positionId: position.id, metadata: summerAnswers({ first: 'Vera', last: 'Vikt' }, 'vikt@example.se', 1) });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const w = await routeWeight(browser, `${app.url}/admin/positions/${position.id}/applicants/${made.body.data.id}`, builtDist(), writer);
    expect(w.kb, `sökandesidan laddar ${w.kb.toFixed(1)} KB gzip (mål ${ADMIN_JS_GOAL_KB.admin} KB):\n${listing(w)}`).toBeLessThanOrEqual(ADMIN_JS_GOAL_KB.admin);
    expect(w.scripts.map((s) => s.path).filter((p) => /\/(RichText|rjsf|default-registry|FormScreen|sanitize|CompilingForm)-/.test(p))).toEqual([]);
  });

  it("starts loading a linked screen's file when its link is pointed at, before it is followed", async () => {
    const position = await firstPublicPosition(app);
    const tab = await page();
    const isPositionFile = (url: string) => /\/screen-position-[^/]+\.js$/.test(new URL(url).pathname);
    const asked: string[] = [];
    tab.on('request', (r) => void (isPositionFile(r.url()) && asked.push(r.url())));
    await login(tab, 'writer@demo.test');
    await tab.goto(`${app.url}/admin/positions`);
    const link = tab.getByRole('link', { name: position.name, exact: true }).first();
    await link.waitFor();
    expect(asked).toEqual([]);
    const fetched = tab.waitForRequest((r) => isPositionFile(r.url()));
    await link.hover();
    await fetched;
    await link.click();
    await tab.getByRole('heading', { level: 1, name: position.name }).waitFor();
    expect(asked).toHaveLength(1);
    await tab.context().close();
  });
});
