import type { ServerDeps } from '../dispatcher/types';
import type { NotificationDoc } from './docs';
import { strip } from './docs';

/**
 * Stores a notification for a container and pushes it to that container's group. The push
 * carries the notification's fields at the top level (`id`, `title`, `message`, `timestamp`,
 * `read`, `data`) with `type: 'Notification'` as the hub's event type; the notification's own
 * type (e.g. `create_jobApplication`) is in `notificationType` and in the nested
 * `notification` (the stored document as get_notifications returns it).
 */
export async function notify(
  deps: ServerDeps,
  containerId: number,
  type: string,
  title: string,
  message: string,
  data: { positionId: number; id: number },
): Promise<NotificationDoc> {
  const doc: NotificationDoc = {
    id: await deps.store.nextSequence('notifications'),
    containerId,
    type,
    title,
    message,
    timestamp: deps.now(),
    read: false,
    data,
  };
  const saved = strip(await deps.store.collection<NotificationDoc>('notifications').insertOne(doc));
  try {
    deps.hub.publish(containerId, { ...saved, type: 'Notification', notificationType: type, notification: saved });
  } catch (err) {
    // The stored notification is what counts; a failed push is only logged (spec doc 2 §7).
    deps.log.warn('notification push failed', { containerId, type, error: (err as Error).name });
  }
  return saved as NotificationDoc;
}
