import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { applyTo, demoPositions, validAnswers } from './helpers/domain';
import { outboxMails } from './helpers/mailbox';
import { seedIfEmpty } from '../../server/seed';
import { DEMO, TEST_PASSWORD, startTestServer, type TestServer } from './helpers/server';

/**
 * Two instances (two createApp, each on its own MongoClient, the way two processes would be)
 * on one Mongo-wire database. On FerretDB they handed out the same ids (17 of 40 parallel
 * applicants with distinct emails were told they had already applied) and lost concurrent
 * updates of one document (9 of 20 notes lost).
 */
const kinds = storeKinds().filter((k) => k === 'mongo');

describe.runIf(kinds.length > 0)('two instances on one mongo database', () => {
  let a: TestServer;
  let b: TestServer;
  let open: PositionDoc;
  const limits = { loginPerIp: 100_000, loginPerAccount: 10, applyPerIp: 1_000, windowMs: 60_000 };

  beforeAll(async () => {
    a = await startTestServer({ kind: 'mongo', seed: true, config: { rateLimits: limits } });
    b = await startTestServer({ kind: 'mongo', peerOf: a, config: { rateLimits: limits } });
    ({ open } = await demoPositions(a));
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const apps = () => a.deps.store.collection<ApplicationDoc>('applications');

  it('stores 40 parallel applications with distinct emails split across both, each with its own id', async () => {
    const emails = Array.from({ length: 40 }, (_, i) => `parallell${i}@example.se`);
    const replies = await Promise.all(emails.map((email, i) => applyTo(i % 2 ? b : a, open.id, email, validAnswers(email))));
    expect(replies.map((r) => r.status)).toEqual(emails.map(() => 201));
    const stored = await apps().find({ email: { $in: emails } }, { projection: { id: 1, email: 1 } });
    expect(stored).toHaveLength(40);
    expect(new Set(stored.map((s) => s.id)).size).toBe(40);
    expect(new Set(replies.map((r) => r.body.data.id)).size).toBe(40);
    // 60 s: on FerretDB every update takes the cross-process lock, and CI's two cores are shared.
  }, 60_000);

  it('keeps all of 20 concurrent notes on one application written through both', async () => {
    const email = 'anteckningar@example.se';
    const applied = await applyTo(a, open.id, email, validAnswers(email));
    expect(applied.status).toBe(201);
    const id: number = applied.body.data.id;
    const [ta, tb] = [await a.login(DEMO.writer), await b.login(DEMO.writer)];
    const notes = Array.from({ length: 20 }, (_, i) => `Anteckning ${i}`);
    const replies = await Promise.all(notes.map((note, i) => (i % 2 ? b.call(tb, 'create_JobApplicantNote', { id, note }) : a.call(ta, 'create_JobApplicantNote', { id, note }))));
    expect(replies.map((r) => r.status)).toEqual(notes.map(() => 200));
    const doc = await apps().findOne({ id });
    expect(doc?.notes?.map((n) => n.note).sort()).toEqual([...notes].sort());
    expect(new Set(doc?.notes?.map((n) => n.id)).size).toBe(20);
    expect(doc?.notesCount).toBe(20);
  }, 60_000);

  it('erases through A the outbox copies of mail written through B', async () => {
    const gone = 'raderas@example.se';
    const applied = await applyTo(b, open.id, gone, validAnswers(gone));
    expect(applied.status).toBe(201);
    const sent = await b.call(await b.login(DEMO.writer), 'send_email', { applicantId: applied.body.data.id, email: gone, subject: 'Tack', body: '<p>Hej!</p>' });
    expect(sent.status).toBe(200);
    expect((await outboxMails(a)).filter((m) => m.includes(gone)).length).toBeGreaterThan(0);
    const erased = await a.call(await a.login(DEMO.admin), 'delete_ApplicantFromContainer', { containerId: open.containerId, userId: gone });
    expect(erased.status).toBe(200);
    expect((await outboxMails(b)).filter((m) => m.toLowerCase().includes(gone))).toEqual([]);
  });
});

describe.runIf(kinds.length > 0)('two instances seeding one empty mongo database at the same moment', () => {
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

  it('seeds the demo organisation once and both start', async () => {
    const config = { isProduction: false, demoPassword: TEST_PASSWORD };
    const seeded = await Promise.all([seedIfEmpty(a.deps, config, false), seedIfEmpty(b.deps, config, false)]);
    expect(seeded.filter((p) => p === TEST_PASSWORD)).toHaveLength(1);
    expect(await a.deps.store.collection('containers').count({ name: 'demo' })).toBe(1);
    expect(await a.deps.store.collection('users').count({})).toBe(4);
    expect(await b.login(DEMO.admin)).toBeTruthy();
  });
});
