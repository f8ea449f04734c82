import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { applyTo, demoPositions, label, validAnswers } from './helpers/domain';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

type Event = Record<string, unknown>;
interface Listed {
  id: number;
  type: string;
  message: string;
  read: boolean;
  data: { id: number; positionId: number };
}

/** A bell over the hub: every event this user's socket received, in order. */
async function bell(server: TestServer, token: string, containerId: number) {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/notifications?access_token=${encodeURIComponent(token)}`);
  const events: Event[] = [];
  const waiters: { match: (e: Event) => boolean; resolve: (e: Event) => void }[] = [];
  ws.on('message', (raw) => {
    const e = JSON.parse(String(raw)) as Event;
    events.push(e);
    for (const w of [...waiters]) if (w.match(e)) (waiters.splice(waiters.indexOf(w), 1), w.resolve(e));
  });
  await new Promise<void>((res, rej) => (ws.once('open', () => res()), ws.once('error', rej)));
  const next = (match: (e: Event) => boolean) =>
    events.find(match) ??
    new Promise<Event>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching event')), 5000);
      waiters.push({ match, resolve: (e) => (clearTimeout(timer), resolve(e)) });
    });
  ws.send(JSON.stringify({ type: 'Join', containerId }));
  await next((e) => e.type === 'Joined');
  return { events, next: (match: (e: Event) => boolean) => Promise.resolve(next(match)), close: () => ws.close() };
}

/** Issue 17 item 8: the bell is personal — read per person, never one's own actions. */
describe.each(storeKinds())('a personal bell on the %s store', (kind) => {
  let server: TestServer;
  let c: ContainerDoc;
  let open: PositionDoc;
  let writer: string;
  let admin: string;
  const closers: (() => void)[] = [];

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    ({ container: c, open } = await demoPositions(server));
    writer = await server.login(DEMO.writer);
    admin = await server.login(DEMO.admin);
  });
  afterAll(async () => {
    for (const close of closers) close();
    await server?.close();
  });

  const list = async (token: string): Promise<Listed[]> => (await server.call(token, 'get_notifications', { containerId: c.id, take: 200 })).body.data.items;

  it('keeps a notification unread for one recruiter when another reads it', async () => {
    const applied = await applyTo(server, open.id, 'lasa@example.se', validAnswers('lasa@example.se', { form_firstname: 'Lisa', form_surname: 'Läsare' }));
    expect(applied.status).toBe(201);
    const mine = (await list(writer)).find((n) => n.data.id === applied.body.data.id);
    expect(mine).toMatchObject({ read: false, message: `Lisa Läsare har sökt ${open.name}` });
    const id = mine!.id;

    // Twice: a double click must not list the reader twice.
    expect((await server.call(writer, 'update_NotificationRead', { containerId: c.id, id, read: true })).body.data.read).toBe(true);
    expect((await server.call(writer, 'update_NotificationRead', { containerId: c.id, id, read: true })).body.data.read).toBe(true);

    expect((await list(writer)).find((n) => n.id === id)?.read).toBe(true);
    expect((await list(admin)).find((n) => n.id === id)?.read).toBe(false);
    expect((await server.call(admin, 'get_notification', { containerId: c.id, id })).body.data.read).toBe(false);
    const stored = await server.deps.store.collection('notifications').findOne({ id });
    expect(stored?.readBy).toHaveLength(1);

    // The admin reads it too, then the writer marks it unread again: the admin's stays read.
    await server.call(admin, 'update_NotificationRead', { containerId: c.id, id, read: true });
    expect((await server.call(writer, 'update_NotificationRead', { containerId: c.id, id, read: false })).body.data.read).toBe(false);
    expect((await list(writer)).find((n) => n.id === id)?.read).toBe(false);
    expect((await list(admin)).find((n) => n.id === id)?.read).toBe(true);

    // A reader marks their own too (it changes nobody else's), but may still not delete.
    const reader = await server.login(DEMO.reader);
    expect((await server.call(reader, 'update_NotificationRead', { containerId: c.id, id, read: true })).body.data.read).toBe(true);
    expect((await list(writer)).find((n) => n.id === id)?.read).toBe(false);
    expect((await server.call(reader, 'delete_NotificationById', { containerId: c.id, id })).status).toBe(403);
  });

  it("does not ring the mover's own bell for a move, but rings the other recruiter's", async () => {
    const applied = await applyTo(server, open.id, 'flytt@example.se', validAnswers('flytt@example.se', { form_firstname: 'Frida', form_surname: 'Flytt' }));
    const appId = applied.body.data.id as number;
    const writerBell = await bell(server, writer, c.id);
    const adminBell = await bell(server, admin, c.id);
    closers.push(writerBell.close, adminBell.close);

    const moved = await server.call(writer, 'update_jobApplicationStatus', { labelId: label(c, 'Intressant'), ids: [appId] });
    expect(moved.status).toBe(200);
    const isMove = (e: Event) => e.type === 'Notification' && e.notificationType === 'update_jobApplicationStatus' && (e.data as Listed['data'])?.id === appId;
    await adminBell.next(isMove);
    // Then something that rings both: the writer's socket gets it after anything sent before it.
    const later = await applyTo(server, open.id, 'sen@example.se', validAnswers('sen@example.se', { form_firstname: 'Sune', form_surname: 'Sen' }));
    await writerBell.next((e) => e.notificationType === 'create_jobApplication' && (e.data as Listed['data'])?.id === later.body.data.id);
    expect(writerBell.events.some(isMove)).toBe(false);

    const forWriter = (await list(writer)).filter((n) => n.type === 'update_jobApplicationStatus' && n.data.id === appId);
    const forAdmin = (await list(admin)).filter((n) => n.type === 'update_jobApplicationStatus' && n.data.id === appId);
    expect(forWriter).toEqual([]);
    expect(forAdmin).toHaveLength(1);
    expect(forAdmin[0]).not.toHaveProperty('actor');
    expect(forAdmin[0]).not.toHaveProperty('readBy');
    expect((await server.call(writer, 'get_notification', { containerId: c.id, id: forAdmin[0]!.id })).status).toBe(404);
  });

  it('does not notify a recruiter of an application they registered themselves', async () => {
    const email = 'papper@example.se';
    const made = await server.call(writer, 'create_jobApplication', { email, positionId: open.id, metadata: validAnswers(email, { form_firstname: 'Pia', form_surname: 'Papper' }) });
    expect(made.status).toBe(200);
    const about = (n: Listed) => n.type === 'create_jobApplication' && n.data.id === made.body.data.id;
    expect((await list(writer)).some(about)).toBe(false);
    expect((await list(admin)).find(about)?.message).toBe(`Pia Papper har sökt ${open.name}`);
  });
});
