import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { applyTo, demoPositions, label, validAnswers } from './helpers/domain';
import { mailsTo } from './helpers/mailbox';
import { DEMO } from './helpers/server';
import { startTestServer, type TestServer } from './helpers/server';

/**
 * The apply path keeps the position, the organisation and the notification's recipients
 * while their collections are unchanged (domain/read-cache.ts, embedded store); each change
 * between two applications must reach the second one, on both stores.
 */
describe.each(storeKinds())('apply reads kept between applications on the %s store', (kind) => {
  let server: TestServer;
  let open: PositionDoc;

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    ({ open } = await demoPositions(server));
  });
  afterAll(() => server?.close());

  const positions = () => server.deps.store.collection<PositionDoc>('positions');
  const ok = async (email: string) => {
    const r = await applyTo(server, open.id, email, validAnswers(email));
    expect(r.status).toBe(201);
    return r.body.data.id as number;
  };

  it('refuses the next application once the position was closed after an accepted one', async () => {
    await ok('forst.stangd@example.se');
    await positions().updateOne({ id: open.id }, { $set: { stop: server.deps.now() - 60 } });
    try {
      const r = await applyTo(server, open.id, 'sedan.stangd@example.se', validAnswers('sedan.stangd@example.se'));
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe('position_closed');
    } finally {
      await positions().updateOne({ id: open.id }, { $set: { stop: open.stop } });
    }
    await ok('oppen.igen@example.se');
  });

  it('answers 404 and keeps nothing once the position is being deleted after an accepted one', async () => {
    await ok('forst.raderas@example.se');
    await positions().updateOne({ id: open.id }, { $set: { deleting: true } });
    try {
      const r = await applyTo(server, open.id, 'sedan.raderas@example.se', validAnswers('sedan.raderas@example.se'));
      expect(r.status).toBe(404);
      expect(await server.deps.store.collection('applications').count({ email: 'sedan.raderas@example.se' })).toBe(0);
    } finally {
      await positions().updateOne({ id: open.id }, { $unset: { deleting: true } });
    }
  });

  it('stops ringing the bell of a member who turned it off after an accepted application', async () => {
    const members = await server.deps.store.collection<{ userId: number }>('memberships').find({ containerId: open.containerId });
    const userId = members[0]!.userId;
    const notifications = server.deps.store.collection<NotificationDoc & { recipients?: number[] }>('notifications');
    const recipientsOf = async (id: number) => (await notifications.findOne({ 'data.id': id }))?.recipients ?? [];

    const before = await ok('klocka.pa@example.se');
    expect(await recipientsOf(before)).toContain(userId);
    const users = server.deps.store.collection('users');
    const user = await users.findOne({ id: userId });
    await users.updateOne({ id: userId }, { $set: { notificationPreferences: { [String(open.containerId)]: { realtime: false, email: false } } } });
    try {
      const after = await ok('klocka.av@example.se');
      expect(await recipientsOf(after)).not.toContain(userId);
    } finally {
      if (user?.notificationPreferences) await users.updateOne({ id: userId }, { $set: { notificationPreferences: user.notificationPreferences } });
      else await users.updateOne({ id: userId }, { $unset: { notificationPreferences: true } });
    }
  });

  it('confirms the next application with the confirmation template as changed after an accepted one', async () => {
    const mailed = (email: string) => expect.poll(async () => (await mailsTo(server, email)).join('\n'), { timeout: 10_000 });
    await ok('mall.fore@example.se');
    await mailed('mall.fore@example.se').toContain('Tack för din ansökan');
    const writer = await server.login(DEMO.writer);
    const c = (await server.call(writer, 'get_container', { id: open.containerId })).body.data;
    const changed = await server.call(writer, 'update_containerTemplate', {
      containerId: open.containerId,
      positionTypeId: open.positionTypeId,
      labelId: label(c, 'Ej bedömd'),
      subject: 'Ny bekräftelse',
      content: '<p>Vi har fått din ansökan, {firstname}. Ny text.</p>',
    });
    expect(changed.status, changed.text).toBe(200);
    await ok('mall.efter@example.se');
    await mailed('mall.efter@example.se').toContain('Ny text.');
  });
});
