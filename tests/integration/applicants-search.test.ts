import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import type { ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { applyTo, demoPositions, otherOrganisation, validAnswers } from './helpers/domain';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

describe.each(storeKinds())('global search on the %s store', (kind) => {
  let server: TestServer;
  let c: ContainerDoc;
  let open: PositionDoc;
  let reader: string;

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    ({ container: c, open } = await demoPositions(server));
    reader = await server.login(DEMO.reader);
    const r = await applyTo(server, open.id, 'sigrid.sok@example.se', validAnswers('sigrid.sok@example.se', { form_firstname: 'Sigrid', form_surname: 'Sökare' }));
    expect(r.status).toBe(201);
  });
  afterAll(() => server?.close());

  const search = (token: string, filter: string, containerId = c.id) =>
    server.call(token, 'get_applicantPositionBySearchQuery', { containerId }, `?filter=${encodeURIComponent(filter)}`);

  it('finds applicants by name and email and positions by name', async () => {
    const byName = await search(reader, 'sigrid sök');
    expect(byName.status).toBe(200);
    expect(byName.body.data.applicants).toEqual([
      expect.objectContaining({ name: 'Sigrid Sökare', email: 'sigrid.sok@example.se', positionId: open.id, positionName: open.name }),
    ]);
    const byMail = await search(reader, 'SOK@EXAMPLE');
    expect(byMail.body.data.applicants).toHaveLength(1);
    const byPosition = await search(reader, 'sommarjobb');
    expect(byPosition.body.data.positions).toEqual([
      expect.objectContaining({ id: open.id, name: open.name, status: 'Öppen', totalApplicants: 1, totalUnProcessed: 1 }),
    ]);
  });

  it('needs at least three characters', async () => {
    const r = await search(reader, 'si');
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe(sv.searchText.tooShort);
    expect((await server.call(reader, 'get_applicantPositionBySearchQuery', { containerId: c.id })).status).toBe(400);
  });

  it('treats the text literally, not as a pattern', async () => {
    const r = await search(reader, '.*.*');
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ applicants: [], positions: [] });
  });

  it('searches only the given container, and only for its members', async () => {
    const other = await otherOrganisation(server, 'sok');
    expect((await search(other.token, 'sigrid')).status).toBe(404);
    const own = await search(other.token, 'sigrid', other.container.id);
    expect(own.body.data.applicants).toEqual([]);
  });
});
