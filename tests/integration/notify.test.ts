import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ContainerDoc, NotificationDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { applyTo, demoPositions, label, otherOrganisation, validAnswers } from './helpers/domain';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

interface Client {
  ws: WebSocket;
  events: Record<string, unknown>[];
  /** Resolves with the first event (already received or coming) that matches. */
  next(match: (e: Record<string, unknown>) => boolean, ms?: number): Promise<Record<string, unknown>>;
  close(): void;
}

async function connect(server: TestServer, token: string, containerId: number): Promise<Client> {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/notifications?access_token=${encodeURIComponent(token)}`);
  const events: Record<string, unknown>[] = [];
  const waiters: { match: (e: Record<string, unknown>) => boolean; resolve: (e: Record<string, unknown>) => void }[] = [];
  ws.on('message', (data) => {
    const e = JSON.parse(String(data)) as Record<string, unknown>;
    events.push(e);
    for (const w of [...waiters]) if (w.match(e)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(e);
    }
  });
  await new Promise<void>((res, rej) => {
    ws.once('open', () => res());
    ws.once('error', rej);
  });
  const client: Client = {
    ws,
    events,
    next(match, ms = 5000) {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching event')), ms);
        waiters.push({ match, resolve: (e) => (clearTimeout(timer), resolve(e)) });
      });
    },
    close: () => ws.close(),
  };
  ws.send(JSON.stringify({ type: 'Join', containerId }));
  await client.next((e) => e.type === 'Joined' || e.type === 'Exception');
  return client;
}

describe.each(storeKinds())('notifications on the %s store', (kind) => {
  let server: TestServer;
  let c: ContainerDoc;
  let open: PositionDoc;
  const clients: Client[] = [];

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    ({ container: c, open } = await demoPositions(server));
  });
  afterAll(async () => {
    for (const cl of clients) cl.close();
    await server?.close();
  });

  it('pushes a new application to a client that joined the demo container, and stores it', async () => {
    const reader = await connect(server, await server.login(DEMO.reader), c.id);
    clients.push(reader);
    expect(reader.events.at(-1)).toMatchObject({ type: 'Joined', containerId: c.id });
    const r = await applyTo(server, open.id, 'push@example.se', validAnswers('push@example.se', { form_firstname: 'Petra', form_surname: 'Push' }));
    expect(r.status).toBe(201);
    const event = await reader.next((e) => e.type === 'Notification' && e.notificationType === 'create_jobApplication');
    expect(event).toMatchObject({
      title: 'Ny ansökan',
      message: `Petra Push har sökt ${open.name}`,
      read: false,
      data: { positionId: open.id, id: r.body.data.id },
      notification: { type: 'create_jobApplication', containerId: c.id },
    });
    expect(JSON.stringify(event)).not.toContain('19900101');
    const stored = await server.deps.store.collection<NotificationDoc>('notifications').findOne({ type: 'create_jobApplication', 'data.id': r.body.data.id });
    expect(stored).toMatchObject({ containerId: c.id, title: 'Ny ansökan', read: false });
  });

  it('pushes a status change to the container group (the other members: never to the mover, issue 17 item 8)', async () => {
    const writer = await server.login(DEMO.writer);
    const listener = await connect(server, await server.login(DEMO.admin), c.id);
    clients.push(listener);
    const app = await applyTo(server, open.id, 'status@example.se', validAnswers('status@example.se'));
    const moved = await server.call(writer, 'update_jobApplicationStatus', { labelId: label(c, 'Intressant'), ids: [app.body.data.id] });
    expect(moved.status).toBe(200);
    const event = await listener.next((e) => e.notificationType === 'update_jobApplicationStatus');
    expect(event).toMatchObject({ type: 'Notification', message: 'Status ändrad till Intressant för 1 sökande', data: { positionId: open.id, id: app.body.data.id } });
  });

  it('does not push one container events to members of another', async () => {
    const other = await otherOrganisation(server, 'lyssnare');
    const outsider = await connect(server, other.token, other.container.id);
    clients.push(outsider);
    const refused = await connect(server, other.token, c.id);
    clients.push(refused);
    expect(refused.events.at(-1)).toMatchObject({ type: 'Exception' });
    const r = await applyTo(server, open.id, 'tyst@example.se', validAnswers('tyst@example.se'));
    expect(r.status).toBe(201);
    const reader = clients[0]!;
    await reader.next((e) => (e.data as { id?: number } | undefined)?.id === r.body.data.id);
    expect(outsider.events.some((e) => e.type === 'Notification')).toBe(false);
    expect(refused.events.some((e) => e.type === 'Notification')).toBe(false);
  });
});
