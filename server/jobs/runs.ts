import { hostname } from 'node:os';
import type { ServerDeps } from '../base/deps';
import { DuplicateKeyError, type Store } from '../store/port';

/**
 * Scheduled work that must happen once per period across every instance (the GDPR retention
 * job, the GridFS orphan sweep) and not again after a restart. Each run is claimed first by
 * inserting `{ key: '<job>:<period number>' }` into `jobRuns`, whose unique index on `key`
 * lets exactly one insert win — on MongoDB, on FerretDB and on the embedded store alike; the
 * losers skip the period. The claim is durable: a restart in the same period finds it.
 *
 * A claim is taken before the work: an instance that dies mid-run leaves the period claimed
 * and the work half done. Every job here is idempotent and catches up in its next period
 * (retention erases whatever is older than the cut-off; the sweep removes whatever is
 * unreferenced), so a missed run delays, it never loses or doubles anything.
 */

export interface Job {
  name: string;
  /** Runs at most once per this many milliseconds, counted from the Unix epoch (UTC). */
  periodMs: number;
  run(deps: ServerDeps): Promise<Record<string, number>>;
}

type JobRunDoc = {
  key: string;
  job: string;
  period: number;
  /** Which instance ran it (host and process), for the operator. */
  by: string;
  started: number;
  finished?: number;
  result?: Record<string, number>;
};

const JOB_RUNS = 'jobRuns';

const instance = `${hostname()}:${process.pid}`;

/** The period `nowMs` falls in, as the key of its claim. */
function periodOf(job: Pick<Job, 'name' | 'periodMs'>, nowMs: number): { key: string; period: number } {
  const period = Math.floor(nowMs / job.periodMs);
  return { key: `${job.name}:${period}`, period };
}

/** Claims the current period of `job`: true for the one caller that may run it. */
async function claimJobRun(store: Store, job: Pick<Job, 'name' | 'periodMs'>, nowMs: number): Promise<boolean> {
  const { key, period } = periodOf(job, nowMs);
  try {
    await store.collection<JobRunDoc>(JOB_RUNS).insertOne({ key, job: job.name, period, by: instance, started: Math.floor(nowMs / 1000) });
    return true;
  } catch (err) {
    if (err instanceof DuplicateKeyError) return false;
    throw err;
  }
}

/** Runs `job` if this instance wins its current period; says which happened. */
export async function runIfDue(deps: ServerDeps, job: Job, nowMs = deps.now() * 1000): Promise<'ran' | 'taken'> {
  if (!(await claimJobRun(deps.store, job, nowMs))) return 'taken';
  const result = await job.run(deps);
  const { key } = periodOf(job, nowMs);
  await deps.store.collection<JobRunDoc>(JOB_RUNS).updateOne({ key }, { $set: { finished: deps.now(), result } });
  deps.log.info('job run', { job: job.name, ...result });
  return 'ran';
}
