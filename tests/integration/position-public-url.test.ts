import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { slugify } from '../../server/domain/positions/public';
import { storeKinds } from '../setup/stores';
import { demoPositions } from './helpers/domain';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

/**
 * Issue 17 item 9: 'Visa ansökningssidan' opened /positions/{id}/apply on the admin's own host
 * (the portal), not on the organisation's public host where applicants see the position.
 */
describe.each(storeKinds())("a position's public address on the %s store", (kind) => {
  let server: TestServer;
  let c: ContainerDoc;
  let open: PositionDoc;
  let internal: PositionDoc;

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true, config: { publicUrl: 'https://min.blankett.example' } });
    ({ container: c, open, internal } = await demoPositions(server));
  });
  afterAll(() => server?.close());

  it("is on the organisation's own host in the position answer and the list", async () => {
    const reader = await server.login(DEMO.reader);
    const one = await server.call(reader, 'get_position', { id: open.id });
    expect(one.status).toBe(200);
    expect(one.body.data.publicUrl).toBe(`https://${c.name}.blankett.example/${open.id}_${slugify(open.name)}`);
    const list = await server.call(reader, 'get_positions', { containerId: c.id });
    const rows = list.body.data as { id: number; publicUrl: string }[];
    expect(rows.find((p) => p.id === open.id)?.publicUrl).toBe(one.body.data.publicUrl);
    // An internal position by its link id only, never its number.
    expect(rows.find((p) => p.id === internal.id)?.publicUrl).toBe(`https://${c.name}.blankett.example/internal/${internal.linkId}`);
  });

  it('follows a rename to the current slug', async () => {
    const writer = await server.login(DEMO.writer);
    const renamed = await server.call(writer, 'update_position', {
      id: open.id, containerId: open.containerId, name: 'Truckförare på natten', start: open.start, stop: open.stop, positionTypeId: open.positionTypeId,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.publicUrl).toBe(`https://${c.name}.blankett.example/${open.id}_truckforare-pa-natten`);
  });
});
