import { createApp } from './app';
import { loadConfig } from './config';
import { createLogger } from './log';
import { seedIfEmpty } from './seed';

/**
 * `npm start` entry: configuration from the environment, the store (embedded in DATA_DIR or
 * MongoDB at MONGODB_URI), the demo seed outside production, then one HTTP server for API,
 * real-time hub and front end. SIGTERM/SIGINT: stop accepting, finish in-flight requests,
 * close hub and store, exit.
 */
async function main() {
  const log = createLogger();
  const config = loadConfig();
  const app = await createApp(config, { log });
  await seedIfEmpty(app.deps, config);
  await new Promise<void>((res, rej) => {
    app.httpServer.once('error', rej);
    app.httpServer.listen(config.port, () => res());
  });
  log.info('listening', { port: config.port, store: app.deps.store.kind, production: config.isProduction });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal });
    app.close().then(
      () => process.exit(0),
      (err) => {
        log.error('shutdown failed', { error: err });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  // Start-up errors (a registry mismatch, a locked DATA_DIR, a bad env value) hold no user
  // data and may be long; the operator needs the whole message, so it goes to stderr as is.
  process.stderr.write(`Blankett kunde inte starta: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
