import type Router from '@koa/router';
import type { Config } from '../config';
import type { ServerDeps } from '../base/deps';
import { scheduledJobs, startJobs } from '../jobs/schedule';

/**
 * No routes: the scheduled jobs (route modules are the server's discovered start-up hook).
 * A minute after start and then every ten minutes each job is tried, and runs when its
 * period (a day for the GDPR retention job, an hour for the GridFS orphan sweep) has not been
 * claimed by any instance yet (server/jobs/runs.ts). Not under NODE_ENV=test (the tests run
 * the jobs with their own clock). The timers never keep the process alive.
 */
export function mount(_router: Router, deps: ServerDeps, _config: Config): void {
  if (process.env.NODE_ENV === 'test') return;
  startJobs(deps, scheduledJobs(deps));
}
