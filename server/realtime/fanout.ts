import { onSessionsRevoked } from '../auth/revocations';
import type { Hub, ServerDeps } from '../base/deps';
import type { Logger } from '../base/logger';
import { storedMessageEvent } from '../domain/chat/chat';
import { strip, type NotificationDoc } from '../domain/core/docs';
import { notificationEvent } from '../domain/notifications/notify';
import type { Store } from '../store/port';
import type { Bus, BusMessage } from '../coord/port';

/**
 * The real-time hub across instances. A bus message is a reference, never content and never
 * an authority: a notification or message is re-read from the store by id and container and
 * pushed to this instance's members of that container's group (who were checked when they
 * joined), with the recipients the store holds; a revocation only makes the hub re-check the
 * user's tokens against the store. A forged message can at most re-deliver a stored
 * notification to the people who may read it, or cause a re-check.
 */

/** The hub's revocation feed: this instance's announcements and the other instances'. This instance's own go out on the bus. */
export function sharedRevocations(store: Store, bus: Bus) {
  const unpublish = onSessionsRevoked(store, (userId) => bus.publish({ kind: 'revoked', userId }));
  const subscribe = (listener: (userId: number) => void) => {
    const local = onSessionsRevoked(store, listener);
    const remote = bus.subscribe((m) => {
      if (m.kind === 'revoked') listener(m.userId);
    });
    return () => {
      local();
      remote();
    };
  };
  return { subscribe, close: unpublish };
}

/**
 * Wraps this instance's hub: publish reaches local members at once and is announced on the
 * bus; announcements from other instances are rebuilt from the store. After the bus
 * reconnects, every local socket is closed so its client reconnects and catches up.
 */
export function sharedHub(local: Hub & { disconnectAll(): void }, bus: Bus, deps: () => ServerDeps, log: Logger): Hub {
  const rebuild = async (m: Exclude<BusMessage, { kind: 'revoked' }>) => {
    if (m.kind === 'message') return storedMessageEvent(deps(), m.containerId, m.messageId, m.notificationId);
    const doc = await deps().store.collection<NotificationDoc>('notifications').findOne({ id: m.notificationId, containerId: m.containerId });
    if (!doc) return null;
    // Read state and the actor are per person: never in the pushed document (as on the instance that stored it).
    const { recipients, readBy: _readBy, actor, ...saved } = strip(doc) as NotificationDoc & { recipients?: number[]; readBy?: number[]; actor?: number };
    return notificationEvent(saved, recipients, actor);
  };
  // One after the other, so events reach sockets in the order they were announced.
  let queue = Promise.resolve();
  const offMessages = bus.subscribe((m) => {
    if (m.kind === 'revoked') return;
    queue = queue.then(() =>
      rebuild(m).then(
        (event) => {
          if (event) local.publish(m.containerId, event);
        },
        (err: unknown) => log.warn('shared event not delivered', { kind: m.kind, containerId: m.containerId, error: (err as Error).name }),
      ),
    );
  });
  const offReconnect = bus.onReconnect(() => local.disconnectAll());
  return {
    publish(containerId, event, ref) {
      local.publish(containerId, event);
      if (ref) bus.publish(ref);
    },
    async close() {
      offMessages();
      offReconnect();
      await local.close();
    },
  };
}
