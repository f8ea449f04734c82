import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Download, type Page } from 'playwright-core';
import { freePort } from '../../../scripts/ferretdb';
import { serverBundle } from '../../../scripts/server-bundle';
import { stopChild } from '../../../scripts/stop-child';
import { loginOverHttp, TEST_TOTP_SECRET } from '../../integration/helpers/totp';

const root = resolve(import.meta.dirname, '../../..');

export const DEMO_PASSWORD = 'demo-pass-123';
const DEMO_ODIN = 'odin@demo.test';

export interface RunningApp {
  /** http://localhost:<port> */
  url: string;
  port: number;
  dataDir: string;
  password: string;
  /** The organisation host of the demo container: http://demo.localhost:<port> */
  orgUrl: string;
  stop(): Promise<void>;
}

/**
 * The real server (`server/main.ts` bundled, scripts/server-bundle.ts; the built front end in dist/) on a free port with a fresh
 * DATA_DIR on the embedded store and the demo seed, for this file alone. `npm run build` must
 * have run (npm test does it before vitest). Under vitest's e2e project (tests/e2e/helpers/
 * global.ts) a file that asks for no env of its own gets one the run started while the file
 * before it ran: still its own server and data, without waiting for it to start.
 */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const pool = process.env[APP_POOL_ENV];
  if (pool && Object.keys(env).length === 0) return takeFromPool(pool);
  return spawnApp(env);
}

/** The env var through which the e2e global setup names its pool of started apps (a loopback URL). */
export const APP_POOL_ENV = 'BLANKETT_E2E_APP_POOL';
/** The env var through which the e2e global setup names its one Chromium (a playwright ws endpoint). */
export const BROWSER_WS_ENV = 'BLANKETT_E2E_BROWSER_WS';

/** What the pool hands a file: an app it started (its stop() goes back through the pool). */
export type PooledApp = Omit<RunningApp, 'stop'>;

async function takeFromPool(pool: string): Promise<RunningApp> {
  const res = await fetch(`${pool}/take`, { method: 'POST' });
  if (!res.ok) throw new Error(`Ingen app från e2e-poolen: ${await res.text()}`);
  const app = (await res.json()) as PooledApp;
  return {
    ...app,
    async stop() {
      await fetch(`${pool}/stop/${app.port}`, { method: 'POST' });
    },
  };
}

/** The built front end the apps serve: DIST_DIR, else the checkout's dist/. */
export const builtDist = (): string => (process.env.DIST_DIR ? resolve(process.env.DIST_DIR) : join(root, 'dist'));

/** Starts one app process (startApp's own path, and the pool's). */
export async function spawnApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const dist = builtDist();
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(`${dist} saknas: kör \`npm run build\` före webbläsartesterna`);
  }
  // A free port can be taken by another process before the server binds it (the pool starts the
  // next app while a file starts its own; integration tests start servers beside): then the
  // server exits with EADDRINUSE and another port is tried. Ready means this child said it
  // listens, so a test never talks to someone else's server on a reused port.
  for (let attempt = 1; ; attempt++) {
    try {
      return await spawnOnce(dist, env);
    } catch (e) {
      if (!(e instanceof PortTaken) || attempt === 5) throw e;
    }
  }
}

class PortTaken extends Error {}

async function spawnOnce(dist: string, env: Record<string, string>): Promise<RunningApp> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'blankett-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [await serverBundle()], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_PASSWORD,
      DEMO_TOTP_SECRET: TEST_TOTP_SECRET,
      NODE_ENV: 'test',
      MONGODB_URI: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let listening = false;
  const keep = (b: Buffer) => {
    output = (output + b.toString()).slice(-8000);
    if (output.includes('"msg":"listening"')) listening = true;
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      rmSync(dataDir, { recursive: true, force: true });
      if (output.includes('EADDRINUSE')) throw new PortTaken(`port ${port} upptagen`);
      throw new Error(`Servern avslutades (${child.exitCode}):\n${output}`);
    }
    if (listening) {
      try {
        const res = await fetch(`${url}/api/public/positions?take=1&page=1`);
        if (res.ok) break;
      } catch {
        // not answering yet
      }
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Servern svarade inte på ${url}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    port,
    dataDir,
    password: DEMO_PASSWORD,
    orgUrl: `http://demo.localhost:${port}`,
    async stop() {
      await stopChild(child, 8000);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ListedPosition {
  id: number;
  slug: string;
  name: string;
}

/** The first position the public list shows (the demo seed's open position). */
export async function firstPublicPosition(app: RunningApp): Promise<ListedPosition> {
  const res = await fetch(`${app.url}/api/public/positions?take=30&page=1`);
  const body = (await res.json()) as { data: { items: ListedPosition[] } };
  const first = body.data.items[0];
  if (!first) throw new Error('ingen publik tjänst i demodatan');
  return first;
}

/**
 * Which of Debian's two Chromium builds: `full` is the browser people use (its headless mode
 * draws as a window would, and it shows a PDF in a frame), `shell` is the headless shell, the
 * same Blink and V8 without the browser around them. The browser tests run in the shell: the
 * whole e2e run took 375 CPU-seconds in it against 607 in the full browser on this 2-core
 * machine, where CI is CPU-bound. A file that needs the full browser (the PDF viewer) asks
 * useE2e for it; the benches measure the full browser, as people get it.
 */
export type ChromiumKind = 'full' | 'shell';

/**
 * Debian's Chromium (installed by scripts/ensure-test-tools.sh), headless, with no outside
 * traffic. Under vitest's e2e project a `shell` connects to the run's one Chromium (global.ts)
 * instead of starting one per file; each page still has its own context (newPage), and close()
 * ends only this file's connection and contexts.
 */
export async function launchBrowser(kind: ChromiumKind = 'full'): Promise<Browser> {
  const shared = process.env[BROWSER_WS_ENV];
  if (shared && kind === 'shell') return chromium.connect(shared);
  return chromium.launch(chromiumOptions(kind));
}

/** How the tests run Chromium: one of Debian's binaries, headless, no outside traffic. */
export function chromiumOptions(kind: ChromiumKind) {
  const executablePath = kind === 'full' ? (process.env.CHROMIUM_PATH ?? '/usr/bin/chromium') : (process.env.CHROMIUM_SHELL_PATH ?? '/usr/bin/chromium-headless-shell');
  if (!existsSync(executablePath)) {
    throw new Error(`Chromium saknas (${executablePath}): kör bash scripts/ensure-test-tools.sh`);
  }
  return {
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-default-apps',
    ],
  };
}

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 900 },
} as const;

/** A fresh context (own storage) and page with a phone or desktop viewport. */
export async function newPage(
  browser: Browser,
  opts: { viewport?: keyof typeof VIEWPORTS; baseURL?: string } = {},
): Promise<Page> {
  const kind = opts.viewport ?? 'desktop';
  const context = await browser.newContext({
    viewport: VIEWPORTS[kind],
    isMobile: kind === 'phone',
    hasTouch: kind === 'phone',
    deviceScaleFactor: 1,
    locale: 'sv-SE',
    timezoneId: 'Europe/Stockholm',
    ...(opts.baseURL ? { baseURL: opts.baseURL } : {}),
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error(`[browser] ${err.message}`));
  return page;
}

/**
 * Odin's token per app. Keyed by the app itself, not its URL: an app started after another
 * closed may get the same port, and a token of the old one is refused by the new (the sso e2e
 * test's own app once met 401 that way).
 */
const odinTokens = new WeakMap<RunningApp, Promise<string>>();

/**
 * A demo account's token from the real login API; odin's second step with a code from the
 * seed's TOTP secret. A code is accepted once per 30 s step, so odin's token is made once per
 * app and handed out again (this process cannot reach the app's store to forget the step).
 */
export function tokenFor(app: RunningApp, email: string): Promise<string> {
  const login = () => loginOverHttp(app.url, email, app.password);
  if (email !== DEMO_ODIN) return login();
  const made = odinTokens.get(app) ?? login();
  odinTokens.set(app, made);
  made.catch(() => odinTokens.delete(app));
  return made;
}

/** One dispatcher call over HTTP as the admin app makes it (no token: as a visitor); its status and parsed body. */
export async function callAction(app: RunningApp, token: string | null, action: string, data: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${app.url}/api/dispatcher`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ action, data }),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** One dispatcher call that must succeed: its answer's data (otherwise it throws with the status and body). */
export async function actionData<T = any>(app: RunningApp, token: string | null, action: string, data: unknown): Promise<T> {
  const { status, body } = await callAction(app, token, action, data);
  if (status !== 200) throw new Error(`${action}: ${status} ${JSON.stringify(body)}`);
  return (body as { data: T }).data;
}

/** Logs in through the real login API and stores the token where the admin app keeps it. */
export async function loginAs(page: Page, app: RunningApp, email: string): Promise<string> {
  const token = await tokenFor(app, email);
  const origin = new URL(page.url().startsWith('http') ? page.url() : app.url).origin;
  if (!page.url().startsWith(origin)) await page.goto(`${app.url}/login`);
  await page.evaluate((t) => localStorage.setItem('blankett.token', t), token);
  return token;
}

const axeSource = readFileSync(join(root, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Runs axe-core (WCAG 2.0/2.1 A and AA) in the page; returns the violations. */
export async function axeViolations(page: Page, context?: string, tags: string[] = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, not a <script> tag, so the page's CSP (no inline
  // scripts) stays as it is in production while axe runs.
  await page.evaluate(axeSource);
  return page.evaluate(async ({ ctx, tags }) => {
    const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(ctx ?? document, {
      runOnly: { type: 'tag', values: tags },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  }, { ctx: context ?? null, tags });
}

/** Fails with a readable list when axe finds anything. */
export async function expectNoAxeViolations(page: Page, context?: string): Promise<void> {
  const violations = await axeViolations(page, context);
  if (violations.length > 0) {
    const text = violations
      .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`)
      .join('\n');
    throw new Error(`axe hittade ${violations.length} brister:\n${text}`);
  }
}

/**
 * A download's content as text, read as a stream: the run's one Chromium is connected remotely
 * (helpers/global.ts), where `download.path()` has no local file to name.
 */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
