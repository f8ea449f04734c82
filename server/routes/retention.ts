import type Router from '@koa/router';
import type { Config } from '../config';
import type { ServerDeps } from '../dispatcher/types';
import { retentionMonths, runRetention } from '../domain/gdpr';

const DAY_MS = 24 * 60 * 60 * 1000;
const FIRST_RUN_MS = 60_000;

/**
 * No routes: the GDPR retention job's schedule (route modules are the server's discovered
 * start-up hook). A minute after start and then once a day, applications older than
 * RETENTION_MONTHS (default 36) are erased with everything linked to them, and each run is
 * recorded in the event log. Not under NODE_ENV=test (the tests run the job with their own
 * clock). The timers never keep the process alive.
 */
export function mount(_router: Router, deps: ServerDeps, _config: Config): void {
  if (process.env.NODE_ENV === 'test') return;
  const months = retentionMonths();
  const run = () =>
    runRetention(deps, months).then(
      (r) => deps.log.info('retention run', { months, applications: r.applications, containers: r.containers }),
      (err: unknown) => deps.log.error('retention run failed', { error: (err as Error).name }),
    );
  setTimeout(() => {
    void run();
    setInterval(() => void run(), DAY_MS).unref();
  }, FIRST_RUN_MS).unref();
}
