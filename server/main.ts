import { createApp } from './app';
import { loadConfig } from './config';
import { deploymentProblems } from './deployment/checks';
import { applyFakeClockOffset } from './deployment/fake-clock';
import { instanceKey, peerAlive, startHeartbeat } from './deployment/peers';
import { createLogger } from './log';
import { seedIfEmpty } from './seed';
import { openStore } from './store';

/**
 * `npm start` entry: configuration from the environment, the store (embedded in DATA_DIR or
 * MongoDB at MONGODB_URI), the demo seed outside production, then one HTTP server for API,
 * real-time hub and front end. SIGTERM/SIGINT: stop accepting, finish in-flight requests,
 * close hub and store, exit.
 */
async function main() {
  const log = createLogger();
  const clockOffsetMs = applyFakeClockOffset(process.env);
  if (clockOffsetMs) log.warn('fake clock offset (tests only)', { ms: clockOffsetMs });
  const config = loadConfig();
  // Before anything else touches the store: an instance that would run wrong beside its peers
  // (deployment/checks.ts) refuses to start and says what to set.
  const store = await openStore({ mongoUri: config.mongoUri, dataDir: config.dataDir, log });
  const self = instanceKey(config.dataDir);
  // With REDIS_URL set the instance is in multi-instance mode anyway and a peer asks nothing
  // more of it, so it does not wait a heartbeat to find out.
  const peer = store.kind === 'mongo' && !process.env.REDIS_URL && (await peerAlive(store, self));
  const problems = deploymentProblems({ env: process.env, storeKind: store.kind, peerAlive: peer });
  if (problems.length > 0) {
    await store.close();
    throw new Error(problems.join('\n'));
  }
  const heartbeat = store.kind === 'mongo' ? startHeartbeat(store, self) : null;
  const app = await createApp(config, { log, store });
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
    app
      .close()
      .then(() => heartbeat?.stop())
      .then(() => store.close())
      .then(
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
