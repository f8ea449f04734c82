import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GridFsBlobStore } from '../../server/blobs/gridfs';
import { sweepGridFs } from '../../server/blobs/gridfs-sweep';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { gridFsSweepJob, retentionJob, startJobs } from '../../server/jobs/schedule';
import { runIfDue } from '../../server/jobs/runs';
import { storeKinds } from '../setup/stores';
import { insertApplications } from './helpers/domain';
import { startTestServer, type TestServer } from './helpers/server';

/**
 * The GDPR retention job ran on every instance and again after every restart (2 audit events
 * for 1 erasure); a kill -9 left a CV in GridFS that nothing swept. A job now runs once per
 * period, claimed by a unique insert into `jobRuns`.
 */
const position = { id: 7001, formVersion: 1 } as PositionDoc;
const container = { id: 7002 } as ContainerDoc;
const retentionEvents = (s: TestServer) => s.deps.store.collection('events').count({ action: 'gdpr_retention' });

describe.each(storeKinds())('scheduled jobs on the %s store', (kind) => {
  let a: TestServer;
  beforeAll(async () => {
    a = await startTestServer({ kind });
  });
  afterAll(() => a?.close());

  it('runs the retention job once in a period, and not again after a restart', async () => {
    await insertApplications(a, position, container, 1, [1], 'gammal-omstart');
    const job = retentionJob(1);
    expect(await runIfDue(a.deps, job)).toBe('ran');
    expect(await a.deps.store.collection('applications').count({ containerId: container.id })).toBe(0);
    // A restarted instance (a new process on the same store) finds the period claimed.
    await insertApplications(a, position, container, 1, [1], 'gammal-senare');
    expect(await runIfDue(a.deps, job)).toBe('taken');
    expect(await retentionEvents(a)).toBe(1);
    // The next period runs it again and catches up.
    expect(await runIfDue(a.deps, job, Date.now() + 24 * 60 * 60 * 1000)).toBe('ran');
    expect(await retentionEvents(a)).toBe(2);
  });
});

describe.runIf(storeKinds().includes('mongo'))('two instances on one mongo database', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer({ kind: 'mongo' });
    b = await startTestServer({ kind: 'mongo', peerOf: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('started together, run the retention job once: 1 audit event for 1 erasure', async () => {
    await insertApplications(a, position, container, 1, [1], 'gammal-tva');
    const schedules = [a, b].map((s) => startJobs(s.deps, [retentionJob(1)], { firstRunMs: 0 }));
    await Promise.all(schedules.map((s) => s.first));
    schedules.forEach((s) => s.stop());
    expect(await a.deps.store.collection('applications').count({ containerId: container.id })).toBe(0);
    expect(await retentionEvents(a)).toBe(1);
    const runs = await a.deps.store.collection('jobRuns').find({ job: 'retention' });
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ result: { applications: 1, containers: 1 } });
  });

  it('with B\'s clock 5 minutes ahead, still runs each period once: B only starts the next period 5 minutes early', async () => {
    const job = retentionJob(1);
    const skewMs = 5 * 60 * 1000;
    const day = 24 * 60 * 60 * 1000;
    // Two minutes before a UTC midnight some days ahead (no earlier test claimed that period).
    const t = (Math.floor(Date.now() / day) + 10) * day - 2 * 60 * 1000;
    const at = (s: TestServer, ms: number) => runIfDue(s.deps, job, ms);
    const rounds: string[][] = [];
    for (const real of [t, t + 60_000, t + skewMs, t + 2 * skewMs]) rounds.push(await Promise.all([at(a, real), at(b, real + skewMs)]));
    // A runs the day before midnight, B (already past it) the new day; neither runs a day twice.
    expect(rounds).toEqual([
      ['ran', 'ran'],
      ['taken', 'taken'],
      ['taken', 'taken'],
      ['taken', 'taken'],
    ]);
    const runs = await a.deps.store.collection<{ key: string; period: number }>('jobRuns').find({ job: 'retention', period: { $gte: Math.floor(t / day) } });
    expect(runs.map((r) => r.period).sort()).toEqual([Math.floor(t / day), Math.floor(t / day) + 1]);
  });

  it('sweeps a GridFS attachment no application points at, after the grace, once an hour across instances', async () => {
    const blobs = a.deps.blobs;
    expect(blobs).toBeInstanceOf(GridFsBlobStore);
    const [kept] = await insertApplications(a, position, container, 1, [1], 'med-fil');
    const keptId = `app-${kept!.id}-${randomUUID()}`;
    await a.deps.store.collection<ApplicationDoc>('applications').updateOne({ id: kept!.id }, { $set: { files: [{ filename: 'cv.pdf', type: 'application/pdf', url: keptId }] } });
    const orphanId = `app-999999-${randomUUID()}`;
    const meta = { contentType: 'application/pdf', filename: 'cv.pdf' };
    await blobs.put(keptId, new Uint8Array([1, 2, 3]), meta);
    await blobs.put(orphanId, new Uint8Array([4, 5, 6]), meta);
    // Within the grace an upload may still be waiting for its application: kept.
    expect(await sweepGridFs(blobs as GridFsBlobStore, a.deps.store)).toEqual({ orphans: 0 });
    const later = Date.now() + 2 * 60 * 60 * 1000;
    const job = gridFsSweepJob();
    const laterDeps = (s: TestServer) => ({ ...s.deps, now: () => Math.floor(later / 1000) });
    const outcomes = await Promise.all([runIfDue(laterDeps(a), job), runIfDue(laterDeps(b), job)]);
    expect(outcomes.sort()).toEqual(['ran', 'taken']);
    expect(await blobs.get(orphanId)).toBeNull();
    expect((await b.deps.blobs.get(keptId))?.data).toEqual(new Uint8Array([1, 2, 3]));
  });
});
