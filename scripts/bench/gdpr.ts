/**
 * GDPR and demo data at scale (issue 12):
 * 1. Generating demo applicants (create_positionDemoApplicants' domain function, every answer
 *    set validated by the position's form): applicants per second at 10,000, and the live
 *    heap's peak growth at 10,000 against 2,500 (flat: batches are written and dropped). Peer:
 *    the same applicants built in memory first and written at once.
 * 2. Erasing one person among 100,000 applicants (findPerson + erasePerson, every declared
 *    holder), then a check through every collection that neither their email nor their
 *    personnummer remains. Peer: the old erasure (applications by email, then their files).
 */
import type { ServerDeps } from '../../server/base/deps';
import { createDemoApplicants } from '../../server/domain/demo/demoApplicants';
import type { ApplicationDoc, PositionDoc } from '../../server/domain/core/docs';
import { erasePerson, findPerson } from '../../server/domain/gdpr/gdpr';
import { fakeApplicant } from '../../server/domain/demo/fake';
import { applicantInfo } from '../../server/domain/applicants/info';
import { positionValidator } from '../../server/domain/forms/forms';
import { removeApplications } from '../../server/domain/gdpr/removal';
import type { BenchContext, BenchResult } from './_report';
import { startBenchServer } from './server-common';
import { gc } from './_stats';

function heapSampler() {
  // From a collected heap: without it the base is whatever garbage the last phase left, and the ratio measured the collector's timing (4.89×), not what generation holds.
  gc();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 20);
  return () => {
    clearInterval(timer);
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    return (peak - base) / 1024 / 1024;
  };
}

async function generate(deps: ServerDeps, p: PositionDoc, amount: number) {
  const stop = heapSampler();
  const t0 = performance.now();
  for (let done = 0; done < amount; done += 500) await createDemoApplicants(deps, { containerId: p.containerId, positionId: p.id, amount: Math.min(500, amount - done) });
  const s = (performance.now() - t0) / 1000;
  return { perSecond: amount / s, peakMb: stop() };
}

/** The peer: all answers built and validated in memory, then one insert. */
async function generateAtOnce(deps: ServerDeps, p: PositionDoc, amount: number) {
  const stop = heapSampler();
  const t0 = performance.now();
  const v = positionValidator(p, undefined);
  const docs: ApplicationDoc[] = [];
  for (let i = 0; i < amount; i++) {
    const id = await deps.store.nextSequence('applications');
    const f = fakeApplicant(p.metadata, { now: deps.now(), positionStart: p.start, unique: `peer${id}` });
    if (!v.validate(f.answers).valid) throw new Error('peer answers invalid');
    docs.push({ id, containerId: p.containerId, positionId: p.id, email: f.email, created: deps.now(), metadata: f.answers, formVersion: p.formVersion, info: applicantInfo(p.metadata, f.answers, f.email), interestLabelId: null, processLabelId: null, notes: [], notesCount: 0, logs: [], files: [] });
  }
  await deps.store.collection<ApplicationDoc>('applications').insertMany(docs);
  const s = (performance.now() - t0) / 1000;
  return { perSecond: amount / s, peakMb: stop() };
}

export async function run(ctx: BenchContext): Promise<BenchResult> {
  const out: BenchResult = [];
  const server = await startBenchServer();
  try {
    const deps = server.app.deps;
    const open = (await deps.store.collection<PositionDoc>('positions').find({ isInternal: false }))[0]!;
    ctx.progress('2 500 demoansökningar');
    const small = await generate(deps, open, 2_500);
    ctx.progress('10 000 demoansökningar');
    const big = await generate(deps, open, 10_000);
    ctx.progress('10 000 i minnet på en gång (jämförelse)');
    const peer = await generateAtOnce(deps, open, 10_000);
    out.push({ name: 'demoansökningar per sekund (10 000, alla validerade)', ours: big.perSecond, peer: peer.perSecond, peerName: 'allt i minnet, en skrivning', unit: 'st/s', goal: { atLeast: 500 } });
    out.push({ name: 'toppökning av heap, 10 000 st', ours: big.peakMb, peer: peer.peakMb, peerName: 'allt i minnet', unit: 'MB', goal: { ratioAtMost: 1 } });
    out.push({ name: 'heapens topp 10 000 st / 2 500 st (platt ≈ 1, 4× så många)', ours: big.peakMb / Math.max(small.peakMb, 1), unit: 'x', goal: { atMost: 2 }, note: `2 500 st: ${small.peakMb.toFixed(1)} MB, 10 000 st: ${big.peakMb.toFixed(1)} MB; allt i minnet: ${peer.peakMb.toFixed(1)} MB` });

    ctx.progress('fyller på till 100 000 sökande');
    const apps = deps.store.collection<ApplicationDoc>('applications');
    const have = await apps.count({});
    const template = (await apps.find({}, { limit: 1 }))[0]!;
    const { _id, ...base } = template as ApplicationDoc & { _id?: unknown };
    const filler = await deps.store.collection<PositionDoc>('positions').find({ isInternal: true });
    let next = 2_000_000;
    for (let left = 100_000 - have; left > 0; ) {
      const n = Math.min(2_000, left);
      await apps.insertMany(Array.from({ length: n }, () => ({ ...base, id: ++next, positionId: filler[0]!.id, email: `fyll${next}@exempel.se`, info: { ...base.info, ssn: '' } })));
      left -= n;
    }
    const target = (await apps.find({ positionId: open.id }, { limit: 1, sort: { id: -1 } }))[0]!;
    const peerTarget = (await apps.find({ positionId: open.id }, { limit: 1, sort: { id: 1 } }))[0]!;
    // A running server has made its lookup indexes at its first GDPR call; so does this one, untimed.
    await findPerson(deps, open.containerId, 'ingen.alls@exempel.se');
    ctx.progress(`radera en person bland ${await apps.count({})}`);
    let t0 = performance.now();
    const person = await findPerson(deps, open.containerId, target.email);
    await erasePerson(deps, open.containerId, person!, 0);
    const eraseMs = performance.now() - t0;
    t0 = performance.now();
    await removeApplications(deps, await apps.find({ containerId: open.containerId, email: peerTarget.email }));
    const peerMs = performance.now() - t0;
    out.push({ name: 'radera en person bland 100 000 sökande (alla hållare)', ours: eraseMs, peer: peerMs, peerName: 'bara ansökningar per e-post', unit: 'ms', goal: { atMost: 5_000 } });

    ctx.progress('letar efter spår');
    let traces = 0;
    const needles = [target.email, target.info.ssn].filter(Boolean) as string[];
    for (const name of ['applications', 'notifications', 'applicantAnswers', 'chatChannels', 'chatMessages', 'events', 'users']) {
      for (const doc of await deps.store.collection(name).find({})) if (needles.some((n) => JSON.stringify(doc).includes(n))) traces++;
    }
    out.push({ name: 'dokument kvar med personens e-post eller personnummer', ours: traces, unit: 'st', goal: { atMost: 0 } });
  } finally {
    await server.close();
  }
  return out;
}
