import type { GridFsBlobStore } from '../blobs/gridfs';
import { sweepGridFs } from '../blobs/gridfs-sweep';
import type { ServerDeps } from '../base/deps';
import { runRetention } from '../domain/gdpr/retention';
import { runTalentPool } from '../domain/gdpr/talent-pool';
import { runIfDue, type Job } from './runs';
import { pruneReadLog } from '../domain/gdpr/read-log';
import { runInterviews } from '../domain/interviews/reminders';
import { announceDates } from '../domain/positions/position-events';
import { sweepExpiredLinks } from '../auth/signin';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The GDPR retention job: once a UTC day across every instance (server/domain/gdpr/retention.ts).
 * Each organisation's own period rules; `months` overrides them all (tests). The talent pool's
 * renewal mails and expiry (server/domain/gdpr/talent-pool.ts) run with it.
 */
export function retentionJob(months?: number): Job {
  return {
    name: 'retention',
    periodMs: DAY_MS,
    run: async (deps) => ({ ...(months !== undefined ? { months } : {}), ...(await runRetention(deps, months)), ...(await runTalentPool(deps)) }),
  };
}

/** The read log's entries older than 12 months: once a UTC day (server/domain/gdpr/read-log.ts). */
function readLogJob(): Job {
  return { name: 'read-log', periodMs: DAY_MS, run: (deps) => pruneReadLog(deps) };
}

/**
 * Interview reminders 24 hours ahead, expiry of times never booked, times freed by removed
 * applications (server/domain/interviews/reminders.ts): every 10 minutes.
 */
export function interviewsJob(): Job {
  return { name: 'interviews', periodMs: 10 * 60 * 1000, run: (deps) => runInterviews(deps) };
}

/** position.published and position.closed when a start or stop date passes (server/domain/positions/position-events.ts): every 10 minutes. */
export function positionDatesJob(): Job {
  return { name: 'position-dates', periodMs: 10 * 60 * 1000, run: (deps) => announceDates(deps) };
}

/** Expired sign-in links, 'Se din ansökan' and page-requested (server/auth/signin.ts): once an hour. */
export function linksJob(): Job {
  return { name: 'expired-links', periodMs: HOUR_MS, run: (deps) => sweepExpiredLinks(deps) };
}

/** Attachments in GridFS no application points at, older than an hour: once an hour. */
export function gridFsSweepJob(graceMs = HOUR_MS): Job {
  return {
    name: 'gridfs-sweep',
    periodMs: HOUR_MS,
    run: (deps) => (deps.blobs.kind === 'gridfs' ? sweepGridFs(deps.blobs as GridFsBlobStore, deps.store, { graceMs, nowMs: deps.now() * 1000 }) : Promise.resolve({ orphans: 0 })),
  };
}

/** The jobs this store needs (the file store sweeps its blobs at start instead, under its lock). */
export function scheduledJobs(deps: Pick<ServerDeps, 'blobs'>): Job[] {
  const jobs = [retentionJob(), readLogJob(), interviewsJob(), positionDatesJob(), linksJob()];
  return deps.blobs.kind === 'gridfs' ? [...jobs, gridFsSweepJob()] : jobs;
}

interface Schedule {
  /** Settles when the first round has been tried (each job ran or found its period taken). */
  first: Promise<void>;
  stop(): void;
}

/**
 * Tries every job `firstRunMs` after start and then every `checkMs`; each runs only when this
 * instance wins its period's claim (runs.ts), so N instances and any number of restarts run it
 * once per period. The timers never keep the process alive.
 */
export function startJobs(deps: ServerDeps, jobs: Job[], opts: { firstRunMs?: number; checkMs?: number } = {}): Schedule {
  const round = async () => {
    for (const job of jobs) {
      await runIfDue(deps, job).catch((err: unknown) => deps.log.error('job run failed', { job: job.name, error: (err as Error).name }));
    }
  };
  let timer: NodeJS.Timeout | undefined;
  let settle!: () => void;
  const first = new Promise<void>((res) => (settle = res));
  const start = setTimeout(() => {
    void round().then(settle);
    timer = setInterval(() => void round(), opts.checkMs ?? 10 * 60 * 1000);
    timer.unref();
  }, opts.firstRunMs ?? 60_000);
  start.unref();
  return {
    first,
    stop() {
      clearTimeout(start);
      if (timer) clearInterval(timer);
      settle();
    },
  };
}
