import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import Router from '@koa/router';
import Koa from 'koa';
import type { Config } from './config';
import { createLogger, requestContext } from './log';
import { createMailer } from './mail/choose';
import { createStoreMailer } from './mail/store-outbox';
import { startInboundSmtp, type InboundServer } from './mail/inbound';
import { replyHandlers } from './domain/mail/inbound-replies';
import { bindAuth, createAuth, type Auth } from './auth/middleware';
import { stillVouched } from './domain/sso/settings';
import { onSessionsRevoked } from './auth/revocations';
import { openBlobs } from './blobs';
import { mountDispatcher } from './dispatcher/route';
import { ensureFrameworkIndexes } from './dispatcher/indexes';
import { resumeLabelMoves } from './domain/applicants/label-moves';
import { ensureDomainIndexes } from './domain/core/indexes';
import { hasAccess } from './domain/accounts/access';
import { useCatalogue } from './catalogue';
import { loadRegistry, type Registry } from './dispatcher/registry';
import type { ServerDeps } from './base/deps';
import { isFullCost } from './base/password-cost';
import sv from '../schemas/messages/sv.json' with { type: 'json' };
import { errors } from './errors';
import { errorHandler } from './http/error-handler';
import { closeUnreadBodies } from './http/body';
import { compressResponses } from './http/compress';
import { httpsRedirect, securityHeaders } from './http/security';
import { serveSpa } from './http/static';
import { applyFormHandler } from './http/apply-form';
import { attachHub } from './realtime/hub';
import { sharedHub, sharedRevocations } from './realtime/fanout';
import { memoryCoordination, type Coordination } from './coord/port';
import { openApiDocument } from './openapi';
import { mountRoutes } from './routes';
import { openStore } from './store';
import { foregroundRequest } from './store/slices';
import { cursorKeyOf } from './domain/core/list-cursor';
import { startWebhookWorker } from './jobs/webhooks';

export interface App {
  koa: Koa;
  httpServer: Server;
  deps: ServerDeps;
  auth: Auth;
  registry: Registry;
  /** The inbound SMTP endpoint for replies, when SMTP_INBOUND_PORT is set (its actual port). */
  inbound?: InboundServer;
  /** Stops accepting, lets in-flight requests finish (up to `graceMs`), closes the hub and what createApp opened. */
  close(graceMs?: number): Promise<void>;
}

/** What a caller may hand in instead of createApp opening it (tests pass their own store). */
export type GivenDeps = Partial<Omit<ServerDeps, 'hub'>>;

/**
 * REDIS_URL set: Redis (server/coord/redis.ts, loaded only then: the client library costs a
 * start without it half a second); otherwise everything stays in this process.
 */
async function openCoordination(config: Config, log: ServerDeps['log']): Promise<Coordination> {
  if (!config.redisUrl) return memoryCoordination();
  const { redisCoordination } = await import('./coord/redis');
  return redisCoordination(config.redisUrl, log);
}

/** The largest reply mail the inbound endpoint takes (552 above): a text reply is a few kB. */
const INBOUND_MAX_BYTES = 1024 * 1024;

/**
 * Builds the whole server on one HTTP server: API routes (discovered in server/routes/),
 * the dispatcher, the real-time hub at /notifications and the built front end. Does not
 * listen; the caller does (`app.httpServer.listen(port)`).
 */
export async function createApp(config: Config, given: GivenDeps = {}): Promise<App> {
  // A lower scrypt cost is for tests only: production never starts with one.
  if (config.isProduction && !isFullCost(config.passwordCost)) throw new Error(sv.deployment.passwordCost);
  // First of all: a catalogue with a problem stops the start before anything is opened.
  useCatalogue(config.catalogueDirs);
  const log = given.log ?? createLogger();
  const store = given.store ?? (await openStore({ mongoUri: config.mongoUri, dataDir: config.dataDir, log }));
  const ownsStore = !given.store;
  const blobs = given.blobs ?? (await openBlobs({ store, dataDir: config.dataDir, log }));
  const now = given.now ?? (() => Math.floor(Date.now() / 1000));
  // Every index exists before the first request: the unique (positionId, email) index is what
  // refuses a second application, so it must not wait for the first write to create it.
  await ensureFrameworkIndexes(store);
  await ensureDomainIndexes(store);
  // A bulk label move a stopped process left half-applied is finished before anyone reads.
  const resumed = await resumeLabelMoves(store);
  if (resumed > 0) log.info('label moves resumed', { count: resumed });
  const registry = await loadRegistry();

  // Behind a proxy only its own hop is trusted: the last X-Forwarded-For entry is the address
  // the proxy saw; entries before it are whatever the client wrote.
  const koa = new Koa({ proxy: config.trustProxy, maxIpsCount: 1 });
  // koa.callback() composes the middleware present when it is called, so the server gets a
  // handler that is filled in once everything below is mounted.
  let handle: ReturnType<Koa['callback']> | undefined;
  const httpServer = createServer((req, res) => handle!(req, res));
  // A session opened through an organisation's own sign-in lasts while that organisation alone answers for the account.
  const auth = createAuth({ store, now }, config.jwtSecret, config.jwtSecretPrevious, (user, containerId) => stillVouched(store, containerId, user));
  bindAuth(koa, auth);
  // Several instances share one MongoDB but not a DATA_DIR: in Mongo mode the outbox is a
  // collection, so an erasure through any instance reaches every copy (mail/store-outbox.ts).
  const mail = given.mail ?? createMailer(config, store.kind === 'mongo' ? (from) => createStoreMailer(store, from) : undefined);
  const coord = given.coord ?? (await openCoordination(config, log));
  const ownsCoord = !given.coord;
  const revocations = coord.bus ? sharedRevocations(store, coord.bus) : undefined;
  // Reported by GET /api/health beside the store, and decisive only on /api/health/dependencies.
  const dependencyChecks = { ...(coord.ping ? { redis: coord.ping } : {}), ...(mail.ping ? { smtp: () => mail.ping!() } : {}) };
  const healthChecks = Object.keys(dependencyChecks).length ? dependencyChecks : undefined;
  const inboundOn = config.smtpInboundPort !== undefined;
  const base = {
    store,
    blobs,
    log,
    now,
    mail,
    publicUrl: config.publicUrl,
    dataDir: config.dataDir,
    coord,
    cursorKey: cursorKeyOf(config.jwtSecret),
    passwordCost: config.passwordCost,
    allowPrivateAddresses: config.allowPrivateAddresses,
    webhooks: config.webhooks,
    ...(inboundOn ? { replyDomain: config.smtpInboundDomain } : {}),
    ...(healthChecks ? { healthChecks } : {}),
  };
  const localHub = attachHub(httpServer, {
    verifyToken: (token: string) => auth.verifyToken(token),
    canJoin: (principal, containerId) => hasAccess(base, principal, 'read', 'container', { containerId }),
    log,
    // The same address rule as koa's ctx.ip: behind a trusted proxy its own (last) hop.
    clientIp: (req) => {
      const hops = config.trustProxy ? String(req.headers['x-forwarded-for'] ?? '').split(',').map((h) => h.trim()).filter(Boolean) : [];
      return hops.at(-1) ?? req.socket.remoteAddress ?? '';
    },
    subscribeRevocations: revocations?.subscribe ?? ((listener) => onSessionsRevoked(store, listener)),
    slots: coord.sockets,
  });
  const hub = coord.bus ? sharedHub(localHub, coord.bus, () => deps, log) : localHub;
  const deps: ServerDeps = { ...base, hub };

  const router = new Router();
  mountDispatcher(router, deps, registry);
  router.get('/api/openapi.json', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = openApiDocument(registry);
  });
  await mountRoutes(router, deps, config);

  // Every request gets an id (X-Request-Id in the answer) that every log line of it carries,
  // so a 500 a user reports can be found in the log without logging anything personal.
  koa.use((ctx, next) => {
    const requestId = randomUUID();
    ctx.set('X-Request-Id', requestId);
    // Counted as foreground work: heavy work in slices pauses for it (store/slices.ts).
    return requestContext.run({ requestId }, () => foregroundRequest(next));
  });
  koa.use(closeUnreadBodies());
  koa.use(errorHandler(log));
  koa.use(async (ctx, next) => {
    const started = performance.now();
    await next();
    // Path only: query strings may carry search text or other personal data. A route whose path
    // holds a secret (a calendar feed's token) names the path to log instead (ctx.state.logPath).
    const path = typeof ctx.state.logPath === 'string' ? ctx.state.logPath : ctx.path.slice(0, 200);
    log.info('http', { method: ctx.method, path, status: ctx.status, ms: Math.round(performance.now() - started) });
  });
  koa.use(securityHeaders());
  koa.use(compressResponses());
  koa.use(httpsRedirect(config.isProduction));
  // Whatever nobody answered ends as a 404 in the error shape; this sits above the router so
  // allowedMethods (below) can still turn a known path with a wrong method into 405 first.
  koa.use(async (ctx, next) => {
    await next();
    if (ctx.status === 404 && ctx.body == null) throw errors.notFound();
  });
  koa.use(router.routes());
  koa.use(router.allowedMethods({ throw: true }));
  koa.use(serveSpa(config.distDir, deps, { previousDistDirs: config.previousDistDirs, applyForm: applyFormHandler(deps, config) }));
  handle = koa.callback();
  // Replies to mail sent to applicants (server/mail/inbound.ts), only when configured.
  const inbound = inboundOn
    ? await startInboundSmtp({ port: config.smtpInboundPort!, host: config.smtpInboundHost, maxBytes: INBOUND_MAX_BYTES, handlers: replyHandlers(deps, config.smtpInboundDomain, { trustAuthResults: config.smtpInboundTrustAuthResults }) })
    : undefined;
  if (inbound) log.info('inbound smtp listening', { port: inbound.port });
  // The webhook outbox's sender (jobs/webhooks.ts): one per instance, a delivery claimed by one.
  const webhooks = startWebhookWorker(deps);

  let closing: Promise<void> | undefined;
  const close = (graceMs = 10_000) =>
    (closing ??= (async () => {
      const stopped = new Promise<void>((res) => httpServer.close(() => res()));
      // Keep-alive connections would hold the process for their idle timeout (a browser keeps
      // one open for minutes): a request that still arrives on one is answered with
      // `Connection: close`, and a connection is closed as soon as it is idle, including one
      // whose in-flight request was answered after close began.
      httpServer.prependListener('request', (_req, res) => {
        if (!res.headersSent) res.setHeader('Connection', 'close');
      });
      httpServer.closeIdleConnections();
      const sweep = setInterval(() => httpServer.closeIdleConnections(), 50);
      await hub.close();
      await inbound?.close();
      await webhooks.stop();
      const timer = setTimeout(() => httpServer.closeAllConnections(), graceMs);
      timer.unref();
      await stopped;
      clearInterval(sweep);
      clearTimeout(timer);
      revocations?.close();
      if (ownsCoord) await coord.close();
      if (ownsStore) await store.close();
    })());

  return { koa, httpServer, deps, auth, registry, ...(inbound ? { inbound } : {}), close };
}
