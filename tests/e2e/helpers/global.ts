import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { APP_POOL_ENV, BROWSER_WS_ENV, chromiumOptions, spawnApp, type PooledApp, type RunningApp } from './app';

/**
 * The e2e run's global setup: one Chromium (the headless shell, see ChromiumKind) for every file
 * (each file connects, and each page has its own context), and a pool that keeps one app started ahead. A file that asks
 * startApp() for no env of its own takes the started app (its own process, DATA_DIR and demo
 * seed, so files stay independent) and the pool starts the next one while the file runs, so a
 * file seldom waits for a server to start (of two files that start together, one does). Files that
 * need their own env (SMTP, limits) start their own app as before.
 */
export default async function setup() {
  const browserServer = await chromium.launchServer(chromiumOptions('shell'));
  const running = new Map<number, RunningApp>();
  let next: Promise<RunningApp> | null = null;
  const startNext = () => {
    const started = spawnApp();
    // A failed start is reported to the file that takes it; unhandled meanwhile, it would end the run.
    started.catch(() => undefined);
    next = started;
  };
  const take = async (): Promise<PooledApp> => {
    const started = next ?? spawnApp();
    next = null;
    const app = await started;
    running.set(app.port, app);
    // Two takes at once (a run with more than one e2e worker): the second started its own, and
    // only one app waits ahead; one started here over another would be lost, never stopped.
    if (!next) startNext();
    const { stop: _stop, ...handed } = app;
    return handed;
  };
  const pool = createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const stopping = /^\/stop\/(\d+)$/.exec(req.url ?? '');
    if (req.method === 'POST' && req.url === '/take') {
      take().then(
        (app) => answer(200, app),
        (e: unknown) => answer(500, { message: e instanceof Error ? e.message : String(e) }),
      );
    } else if (req.method === 'POST' && stopping) {
      const port = Number(stopping[1]);
      const app = running.get(port);
      running.delete(port);
      void (app ? app.stop() : Promise.resolve()).then(() => answer(200, { stopped: Boolean(app) }));
    } else {
      answer(404, { message: 'okänd begäran' });
    }
  });
  await new Promise<void>((ok) => pool.listen(0, '127.0.0.1', ok));
  process.env[APP_POOL_ENV] = `http://127.0.0.1:${(pool.address() as AddressInfo).port}`;
  process.env[BROWSER_WS_ENV] = browserServer.wsEndpoint();
  startNext();

  return async () => {
    delete process.env[APP_POOL_ENV];
    delete process.env[BROWSER_WS_ENV];
    await new Promise((ok) => pool.close(ok));
    const left = [...running.values()];
    const pending: Promise<RunningApp> | null = next;
    if (pending) left.push(await pending.catch(() => null as never));
    await Promise.all(left.filter(Boolean).map((app) => app.stop()));
    await browserServer.close();
  };
}
