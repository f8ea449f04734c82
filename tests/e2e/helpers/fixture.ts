import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startSmtp, type TestSmtp } from '../../integration/helpers/smtp';
import { actionData, callAction, launchBrowser, loginAs, newPage, startApp, tokenFor, VIEWPORTS, type ChromiumKind, type RunningApp } from './app';

/** What a browser test file works with: its own app and the run's Chromium, and the calls made on them. */
export interface E2e {
  /** The file's app (its own server, data and demo seed); usable from the first beforeAll after useE2e(). */
  app: RunningApp;
  /** The run's one Chromium, its headless shell (each page has its own context); the file's own full Chromium when asked. */
  browser: Browser;
  /** The test mail server the app sends through; only with `{ smtp: true }`. */
  smtp: TestSmtp;
  /** A fresh context and page (desktop unless told). */
  page(opts?: { viewport?: keyof typeof VIEWPORTS; baseURL?: string }): Promise<Page>;
  /** A demo account's token from the real login API. */
  token(email: string): Promise<string>;
  /** One dispatcher call as the admin app makes it; its status and parsed body. */
  call(token: string | null, action: string, data: unknown): Promise<{ status: number; body: any }>;
  /** One dispatcher call that must succeed; its answer's data. */
  dataOf<T = any>(token: string | null, action: string, data: unknown): Promise<T>;
  /** Logs `page` in as a demo account (the token where the admin app keeps it); the token. */
  login(page: Page, email: string): Promise<string>;
}

export interface E2eOptions {
  /** Env of the app's own (then it does not come from the run's pool); a function runs in the hook, after the SMTP server started. */
  env?: Record<string, string> | ((smtp: TestSmtp | undefined) => Promise<Record<string, string>> | Record<string, string>);
  /** Start a test SMTP server first and send the app's mail through it (SMTP_URL). */
  smtp?: boolean;
  /** The file's own full Chromium instead of the run's headless shell: for what only the browser has (its PDF viewer). */
  browser?: ChromiumKind;
}

/**
 * The set-up every browser test file shares: registers a beforeAll that starts the file's app
 * (and SMTP server when asked) and connects to Chromium, and an afterAll that stops them. Call it
 * at the top of the file or describe block, before the hooks that use it; `app`, `browser` and
 * `smtp` are filled in by that beforeAll, so they can be destructured at once.
 */
export function useE2e(opts: E2eOptions = {}): E2e {
  const app = late<RunningApp>('app');
  const browser = late<Browser>('browser');
  const smtp = late<TestSmtp>('smtp');
  beforeAll(async () => {
    const mail = opts.smtp ? smtp.set(await startSmtp()) : undefined;
    const env = typeof opts.env === 'function' ? await opts.env(mail) : { ...opts.env };
    app.set(await startApp(mail ? { SMTP_URL: mail.url, ...env } : env));
    browser.set(await launchBrowser(opts.browser ?? 'shell'));
  });
  afterAll(async () => {
    await browser.current?.close();
    await app.current?.stop();
    await smtp.current?.stop();
  });
  return {
    app: app.value,
    browser: browser.value,
    smtp: smtp.value,
    page: (o = {}) => newPage(browser.value, o),
    token: (email) => tokenFor(app.value, email),
    call: (token, action, data) => callAction(app.value, token, action, data),
    dataOf: (token, action, data) => actionData(app.value, token, action, data),
    login: (page, email) => loginAs(page, app.value, email),
  };
}

/** An object that stands for one made later (in a hook): reads go to it once set, and fail clearly before. */
function late<T extends object>(name: string): { value: T; current: T | undefined; set(v: T): T } {
  const box: { value: T; current: T | undefined; set(v: T): T } = {
    current: undefined,
    set: (v) => (box.current = v),
    value: undefined as unknown as T,
  };
  const need = (): T => {
    if (!box.current) throw new Error(`${name} finns först när useE2e():s beforeAll har kört`);
    return box.current;
  };
  box.value = new Proxy({} as T, {
    get(_, key) {
      const target = need();
      const v: unknown = Reflect.get(target, key, target);
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
    has: (_, key) => Reflect.has(need(), key),
    ownKeys: () => Reflect.ownKeys(need()),
    getOwnPropertyDescriptor(_, key) {
      const d = Reflect.getOwnPropertyDescriptor(need(), key);
      return d && { ...d, configurable: true };
    },
  });
  return box;
}
