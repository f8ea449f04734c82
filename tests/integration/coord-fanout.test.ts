import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedHub } from '../../server/realtime/fanout';
import type { Bus, BusMessage } from '../../server/coord/port';
import type { Hub, ServerDeps } from '../../server/base/deps';
import { openTestStore, storeKinds, type TestStore } from '../setup/stores';

/**
 * server/realtime/fanout.ts on both stores: what one instance publishes reaches another
 * instance's hub rebuilt from the store (notification with its recipients, chat message with
 * its bell notification), and a reference that does not match the store delivers nothing.
 * The bus is an in-process one here; the Redis one is proved in scale-out.test.ts.
 */

function memoryBus(): { bus: (self: string) => Bus; send(m: BusMessage): void } {
  const listeners = new Map<string, (m: BusMessage) => void>();
  const send = (m: BusMessage, from?: string) => {
    for (const [who, l] of listeners) if (who !== from) l(m);
  };
  return {
    send,
    bus: (self) => ({
      publish: (m) => send(m, self),
      subscribe(l) {
        listeners.set(self, l);
        return () => listeners.delete(self);
      },
      onReconnect: () => () => {},
    }),
  };
}

function recordingHub() {
  const got: { containerId: number; event: Record<string, unknown> }[] = [];
  const waiters: (() => void)[] = [];
  const hub: Hub & { disconnectAll(): void } = {
    publish(containerId, event) {
      got.push({ containerId, event });
      for (const w of waiters.splice(0)) w();
    },
    disconnectAll() {},
    async close() {},
  };
  /** Resolves once `n` events arrived (a state, bounded). */
  const count = (n: number) =>
    new Promise<void>((res, rej) => {
      const timer = setTimeout(() => rej(new Error(`only ${got.length} of ${n} events`)), 5000);
      const look = () => (got.length >= n ? (clearTimeout(timer), res()) : waiters.push(look));
      look();
    });
  return { hub, got, count };
}

describe.each(storeKinds())('shared hub on the %s store', (kind) => {
  let ts: TestStore;
  const log = { info() {}, warn() {}, error() {} };

  beforeAll(async () => {
    ts = await openTestStore(kind);
    const s = ts.store;
    // The organisation and the person's application: a message's bell is rebuilt with the name
    // staff may see (an anonymous position's applicant is screened, server/domain/screening/).
    await s.collection('containers').insertOne({ id: 5, name: 'fem', labels: [], positionTypes: [] });
    await s.collection('applications').insertOne({ id: 7, containerId: 5, positionId: 3, email: 'p@example.se', created: 1 });
    await s.collection('notifications').insertOne({ id: 11, containerId: 5, type: 'create_jobApplication', title: 'Ny ansökan', message: 'Från butiken', timestamp: 1, read: false, data: { positionId: 3, id: 7 }, recipients: [2] });
    await s.collection('chatChannels').insertOne({ id: 21, containerId: 5, email: 'p@example.se', name: 'Pia', created: 1, updated: 1, lastText: 'Hej', lastFrom: 'candidate', unreadStaff: 1, unreadCandidate: 0 });
    await s.collection('chatMessages').insertOne({ id: 31, channelId: 21, containerId: 5, email: 'p@example.se', from: 'candidate', authorId: 9, authorName: 'Pia', text: 'Hej från Pia', created: 2 });
    await s.collection('notifications').insertOne({ id: 12, containerId: 5, type: 'send_MessageCommand', title: 'Meddelande', message: 'x', timestamp: 2, read: false, data: { positionId: 0, id: 0 } });
  });
  afterAll(async () => {
    await ts?.cleanup();
  });

  it('delivers on B what A published, rebuilt from the store, and nothing for references the store does not hold', async () => {
    const net = memoryBus();
    const deps = () => ({ store: ts.store }) as unknown as ServerDeps;
    const localA = recordingHub();
    const localB = recordingHub();
    const a = sharedHub(localA.hub, net.bus('a'), deps, log);
    sharedHub(localB.hub, net.bus('b'), deps, log);

    // The event A hands its hub may say anything: B reads the store.
    a.publish(5, { type: 'Notification', title: 'vad som helst' }, { kind: 'notification', containerId: 5, notificationId: 11 });
    a.publish(5, { type: 'Notification' }, { kind: 'message', containerId: 5, messageId: 31, notificationId: 12 });
    await localB.count(2);
    expect(localA.got).toHaveLength(2);
    const [n, m] = localB.got;
    expect(n).toMatchObject({ containerId: 5, event: { id: 11, title: 'Ny ansökan', notificationType: 'create_jobApplication', recipients: [2] } });
    expect(m).toMatchObject({ containerId: 5, event: { id: 12, notificationType: 'send_MessageCommand', chatMessage: { id: 31, text: 'Hej från Pia' } } });
    expect((m!.event.chatMessage as Record<string, unknown>)._id).toBeUndefined();

    // Wrong container, unknown ids, a notification of another type named as the message's bell.
    net.send({ kind: 'notification', containerId: 6, notificationId: 11 });
    net.send({ kind: 'message', containerId: 6, messageId: 31 });
    net.send({ kind: 'message', containerId: 5, messageId: 31, notificationId: 11 });
    net.send({ kind: 'notification', containerId: 5, notificationId: 999 });
    // A valid one last: once it is through, the ones before it have been handled.
    net.send({ kind: 'notification', containerId: 5, notificationId: 11 });
    await localB.count(3);
    await localA.count(3);
    expect(localB.got.slice(2).map((g) => [g.containerId, g.event.id])).toEqual([[5, 11]]);
  });
});
