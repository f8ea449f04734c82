import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationDoc } from '../../server/domain/core/docs';
import type { EmbeddedStore } from '../../server/store/embedded';
import { applyTo, dataUrl, demoPositions, PDF, validAnswers } from './helpers/domain';
import { startTestServer, type TestServer } from './helpers/server';

/**
 * A disk that refuses writes (read-only, I/O errors), injected through SQLite's own switch
 * (`PRAGMA query_only`: every write fails inside SQLite as it would on a read-only file): the
 * apply fails with 500 'Något gick fel' and stores nothing, a position page still answers
 * (its view count is not worth an error), and once writes work the same applicant applies.
 */
describe('the embedded store when writes fail', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind: 'embedded', seed: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 500 to the apply, shows a position anyway and stores the retry once writes work', async () => {
    const { open } = await demoPositions(server);
    const db = (server.deps.store as EmbeddedStore).db;
    const email = 'skrivskydd@example.se';
    const answers = validAnswers(email, { form_file: [{ filename: 'cv.pdf', type: 'application/pdf', data: dataUrl('application/pdf', PDF) }] });
    const apps = server.deps.store.collection<ApplicationDoc>('applications');
    const before = await apps.count({});
    db.pragma('query_only = 1');
    try {
      const r = await applyTo(server, open.id, email, answers);
      expect(r.status).toBe(500);
      expect(r.body.error.message).toMatch(/^Något gick fel/);
      const page = await server.request('GET', `/api/public/positions/${open.id}`);
      expect(page.status).toBe(200);
      expect(await apps.count({})).toBe(before);
    } finally {
      db.pragma('query_only = 0');
    }
    const again = await applyTo(server, open.id, email, answers);
    expect(again.status).toBe(201);
    expect((await apps.findOne({ email }))?.files).toHaveLength(1);
  });
});
