import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { PDF, applyTo, dataUrl, demoPositions, validAnswers } from '../integration/helpers/domain';
import { startTestServer, type TestServer } from '../integration/helpers/server';

/**
 * An applicant must not be able to make an application point at a blob it did not upload
 * (e.g. another applicant's CV) by sending a file answer with a `url` instead of `data`.
 */
describe.each(storeKinds())('file answers carrying a url on the %s store', (kind) => {
  let server: TestServer;
  let open: PositionDoc;

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    ({ open } = await demoPositions(server));
  });
  afterAll(() => server?.close());

  it('refuses a file answer without uploaded data and stores nothing', async () => {
    const first = await applyTo(server, open.id, 'agare@example.se', validAnswers('agare@example.se', {
      form_file: [{ filename: 'cv.pdf', type: 'application/pdf', data: dataUrl('application/pdf', PDF) }],
    }));
    expect(first.status).toBe(201);
    const owner = await server.deps.store.collection<ApplicationDoc>('applications').findOne({ id: first.body.data.id });
    const url = owner!.files[0]!.url;
    const thief = await applyTo(server, open.id, 'tjuv@example.se', validAnswers('tjuv@example.se', {
      form_file: [{ filename: 'cv.pdf', type: 'application/pdf', url }],
    }));
    expect(thief.status).toBe(400);
    expect(thief.body.error.details).toContainEqual(expect.objectContaining({ key: 'form_file' }));
    expect(await server.deps.store.collection('applications').count({ email: 'tjuv@example.se' })).toBe(0);
  });
});
