import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { PDF, dataUrl, demoPositions, trackBlobs, validAnswers } from '../integration/helpers/domain';
import { DEMO, startTestServer, type TestServer } from '../integration/helpers/server';

/**
 * Issue 10 §6: applications kept arriving for a position being deleted (73 of 76 stored, with
 * their CVs, then unreachable). Apply and delete must not race: afterwards nothing of the
 * position is left, and every application answered 201 was either removed with it or the
 * applicant got 404.
 */
describe.each(storeKinds())('applying while the position is deleted, on the %s store', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true, config: { rateLimits: { loginPerIp: 100_000, loginPerAccount: 10, applyPerIp: 100_000, windowMs: 60_000 } } });
  }, 60_000);
  afterAll(() => server?.close());

  it('leaves no application, attachment or notification of the deleted position behind', async () => {
    const writer = await server.login(DEMO.writer);
    const { open } = await demoPositions(server);
    const copy = await server.call(writer, 'copy_position', { id: open.id });
    expect(copy.status).toBe(200);
    const positionId = copy.body.data.id as number;
    const blobs = trackBlobs(server);
    const applyOne = (i: number) => {
      const email = `race${i}@example.se`;
      const metadata = validAnswers(email, { form_file: [{ filename: 'cv.pdf', type: 'application/pdf', data: dataUrl('application/pdf', PDF) }] });
      return server.request('POST', '/api/public/positions/apply', { action: 'create_jobApplication', data: { email, positionId, metadata } });
    };
    const early = await Promise.all(Array.from({ length: 10 }, (_, i) => applyOne(i)));
    expect(early.every((r) => r.status === 201)).toBe(true);
    const storm = Array.from({ length: 40 }, (_, i) => applyOne(100 + i));
    const deleted = server.call(writer, 'delete_position', { id: positionId });
    const answers = await Promise.all(storm);
    expect((await deleted).status).toBe(200);
    for (const r of answers) expect([201, 404, 409]).toContain(r.status);
    // Stragglers answered after the delete must not land either.
    expect((await applyOne(999)).status).toBe(404);

    const store = server.deps.store;
    expect(await store.collection<ApplicationDoc>('applications').count({ positionId })).toBe(0);
    expect(await store.collection<PositionDoc>('positions').count({ id: positionId })).toBe(0);
    expect(await store.collection('notifications').count({ 'data.positionId': positionId })).toBe(0);
    expect(blobs.live()).toEqual([]);
  });
});
