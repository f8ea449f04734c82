import type Router from '@koa/router';
import type { Config } from '../config';
import type { ServerDeps } from '../dispatcher/types';
import { errors } from '../errors';
import { withinMs } from '../timeout';

const TIMEOUT_MS = 2_000;

/**
 * GET /api/health for the load balancer: 200 `{data:{store:'ok', …}}` when the store (and
 * each of `deps.healthChecks`, such as Redis when it is configured) answers within 2 s,
 * otherwise 503 `unavailable` with which part did not (`details`: name → 'ok' | 'unavailable').
 * It names components only, never an address or an error text, and is never cached.
 */
export function mount(router: Router, deps: ServerDeps, _config: Config): void {
  router.get('/api/health', async (ctx) => {
    const checks: Record<string, () => Promise<unknown>> = {
      store: () => deps.store.collection('containers').findOne({}, { projection: { id: 1 } }),
      ...deps.healthChecks,
    };
    const names = Object.keys(checks);
    const outcomes = await Promise.allSettled(names.map((n) => withinMs(Promise.resolve().then(checks[n]!), TIMEOUT_MS)));
    const report = Object.fromEntries(names.map((n, i) => [n, outcomes[i]!.status === 'fulfilled' ? 'ok' : 'unavailable']));
    ctx.set('Cache-Control', 'no-store');
    if (outcomes.some((o) => o.status === 'rejected')) {
      deps.log.warn('health check failed', report);
      throw errors.unavailable(report);
    }
    ctx.body = { data: report };
  });
}
