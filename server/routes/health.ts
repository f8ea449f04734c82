import type Router from '@koa/router';
import type { Config } from '../config';
import type { ServerDeps } from '../base/deps';
import { errors } from '../errors';
import { withinMs } from '../timeout';

const TIMEOUT_MS = 2_000;

type Report = Record<string, 'ok' | 'unavailable'>;

/** Asks the store and each of `deps.healthChecks` (Redis, SMTP when configured), each within 2 s. */
async function probe(deps: ServerDeps): Promise<Report> {
  const checks: Record<string, () => Promise<unknown>> = {
    store: () => deps.store.collection('containers').findOne({}, { projection: { id: 1 } }),
    ...deps.healthChecks,
  };
  const names = Object.keys(checks);
  const outcomes = await Promise.allSettled(names.map((n) => withinMs(Promise.resolve().then(checks[n]!), TIMEOUT_MS)));
  return Object.fromEntries(names.map((n, i) => [n, outcomes[i]!.status === 'fulfilled' ? 'ok' : 'unavailable']));
}

/**
 * Two probes, never cached, naming components only (never an address or an error text):
 *
 * - GET /api/health, the load balancer's: 200 `{data:{store:'ok', redis?, smtp?}}` while this
 *   instance's store answers, whatever Redis and SMTP do — without them an instance still
 *   serves (limits counted by itself, mail retried), and a Redis restart must not take every
 *   instance out of the pool at once. 503 `unavailable` only when the store does not answer.
 *   Redis and SMTP are reported as their own fields ('ok' | 'unavailable').
 * - GET /api/health/dependencies, for monitoring: 200 when the store and every configured
 *   dependency answer, otherwise 503 naming which do not.
 */
export function mount(router: Router, deps: ServerDeps, _config: Config): void {
  router.get('/api/health', async (ctx) => {
    const report = await probe(deps);
    ctx.set('Cache-Control', 'no-store');
    if (report.store !== 'ok') {
      deps.log.warn('health check failed', report);
      throw errors.unavailable(report);
    }
    ctx.body = { data: report };
  });

  router.get('/api/health/dependencies', async (ctx) => {
    const report = await probe(deps);
    ctx.set('Cache-Control', 'no-store');
    if (Object.values(report).includes('unavailable')) throw errors.unavailable(report);
    ctx.body = { data: report };
  });
}
