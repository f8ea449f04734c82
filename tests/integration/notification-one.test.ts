import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { applyTo, demoPositions, personnummer, validAnswers } from './helpers/domain';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

/** get_notification (the page /admin/notifications/:id) and the answers of the bell's actions. */
describe.each(storeKinds())('one notification on the %s store', (kind) => {
  let server: TestServer;
  let c: ContainerDoc;
  let open: PositionDoc;

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    ({ container: c, open } = await demoPositions(server));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers the notification as the list has it, without the internal recipients', async () => {
    const applied = await applyTo(server, open.id, 'en@example.se', validAnswers('en@example.se', { form_firstname: 'Ella', form_surname: 'Ensam', form_ssn: personnummer('19900101', '411') }));
    expect(applied.status).toBe(201);
    const writer = await server.login(DEMO.writer);
    const list = await server.call(writer, 'get_notifications', { containerId: c.id });
    expect(list.status).toBe(200);
    const listed = list.body.data.items.find((n: { data: { id: number } }) => n.data.id === applied.body.data.id);
    expect(listed).toBeDefined();
    expect(listed).not.toHaveProperty('recipients');

    const one = await server.call(writer, 'get_notification', { containerId: c.id, id: listed.id });
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual(listed);

    const read = await server.call(writer, 'update_NotificationRead', { containerId: c.id, id: listed.id, read: true });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({ ...listed, read: true });
  });

  it('answers 404 for an id that does not exist', async () => {
    const reader = await server.login(DEMO.reader);
    const r = await server.call(reader, 'get_notification', { containerId: c.id, id: 987654 });
    expect(r.status).toBe(404);
  });

  it('shows a notification addressed to some members only to them and to odin', async () => {
    const col = server.deps.store.collection('notifications');
    const id = await server.deps.store.nextSequence('notifications');
    await col.insertOne({ id, containerId: c.id, type: 'create_jobApplication', title: 'Ny ansökan', message: 'Bara till någon annan', timestamp: 1, read: false, data: { positionId: open.id, id: 1 }, recipients: [-1] });
    const reader = await server.login(DEMO.reader);
    expect((await server.call(reader, 'get_notification', { containerId: c.id, id })).status).toBe(404);
    const listed = await server.call(reader, 'get_notifications', { containerId: c.id, take: 200 });
    expect(listed.body.data.items.some((n: { id: number }) => n.id === id)).toBe(false);
    const odin = await server.login(DEMO.odin);
    const seen = await server.call(odin, 'get_notification', { containerId: c.id, id });
    expect(seen.status).toBe(200);
    expect(seen.body.data).not.toHaveProperty('recipients');
  });
});
