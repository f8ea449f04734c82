import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import type { ServerDeps } from '../../base/deps';
import type { Principal } from '../../base/principal';
import type { NotificationDoc } from '../core/docs';
import { strip } from '../core/docs';
import { fill } from '../../../engine/fill';
import { sendAbout } from '../mail/mail-copies';
import { cachedRead } from '../core/read-cache';
import type { ActionAnswer } from '../../../schemas/generated/actions';

/** A user's notification preferences: in the bell (realtime), by mail, and which types (all when unset). */
type NotificationPrefs = Partial<ActionAnswer['get_UserNotificationPreferences']>;

const DEFAULT_PREFS = { realtime: true, email: false } as const;

/** Notification types delivered per position, by the recipients' preferences; others reach the whole group. */
const PER_POSITION = new Set(['create_jobApplication']);

interface PrefsHolder {
  id: number;
  email: string;
  notificationPreferences?: Record<string, NotificationPrefs>;
  positionNotificationPreferences?: Record<string, Record<string, { realtime: boolean; email: boolean }>>;
}

/**
 * How a notification of `type` about a position reaches one user: the user's preferences for
 * that position when set (get/update_PositionNotificationPreferences), else their own for the
 * organisation (/admin/profile: realtime, email, types), else the default (bell, no mail).
 */
export function deliveryFor(user: PrefsHolder, containerId: number, positionId: number, type: string): { bell: boolean; mail: boolean } {
  const own = user.positionNotificationPreferences?.[String(containerId)]?.[String(positionId)];
  if (own) return { bell: own.realtime, mail: own.email };
  const general = { ...DEFAULT_PREFS, ...(user.notificationPreferences?.[String(containerId)] ?? {}) };
  if (general.types && !general.types.includes(type)) return { bell: false, mail: false };
  return { bell: general.realtime !== false, mail: general.email === true };
}

/**
 * The stored notifications a user may see: the group's and those addressed to them, never
 * those about the user's own actions (`actor`). Odin sees every other one.
 */
export function visibleTo(principal: Principal, containerId: number): Record<string, unknown> {
  const notOwn = { actor: { $ne: principal.userId } };
  if (principal.isOdin) return { containerId, ...notOwn };
  return { containerId, ...notOwn, $or: [{ recipients: { $exists: false } }, { recipients: principal.userId }] };
}

/**
 * Read and unread are per person: `readBy` holds the user ids who have read it. A notification
 * stored before that (no `readBy`) keeps its shared `read`.
 */
export function readFor(doc: { read?: boolean; readBy?: number[] }, userId: number): boolean {
  return Array.isArray(doc.readBy) ? doc.readBy.includes(userId) : doc.read === true;
}

/** The organisation's members with their preferences, kept while memberships and users are unchanged (read-cache.ts). */
function members(deps: ServerDeps, containerId: number): Promise<PrefsHolder[]> {
  return cachedRead(deps.store, `notify-members:${containerId}`, ['memberships', 'users'], async () => {
    const members = await deps.store.collection('memberships').find({ containerId }, { projection: { userId: 1 } });
    const users = await deps.store.collection('users').find({ id: { $in: members.map((m) => m.userId) } }, { projection: { id: 1, email: 1, notificationPreferences: 1, positionNotificationPreferences: 1 } });
    return users as unknown as PrefsHolder[];
  });
}

async function recipients(deps: ServerDeps, containerId: number, positionId: number, type: string, actor?: number) {
  const people = await members(deps, containerId);
  const bell: number[] = [];
  const mail: string[] = [];
  for (const u of people) {
    if (u.id === actor) continue;
    const d = deliveryFor(u, containerId, positionId, type);
    if (d.bell) bell.push(u.id);
    if (d.mail) mail.push(u.email);
  }
  return { bell, mail };
}

/**
 * The hub event of a stored notification (fields at the top level, the document nested, its
 * recipients if addressed, and `except`: the user whose own action it reports never gets it).
 */
export function notificationEvent(saved: Record<string, unknown>, to: number[] | undefined, actor?: number) {
  return {
    ...saved,
    type: 'Notification' as const,
    notificationType: saved.type,
    notification: saved,
    ...(to ? { recipients: to } : {}),
    ...(actor !== undefined ? { except: actor } : {}),
  };
}

/**
 * Stores a notification for a container and pushes it to that container's group. The push
 * carries the notification's fields at the top level (`id`, `title`, `message`, `timestamp`,
 * `read`, `data`) with `type: 'Notification'` as the hub's event type; the notification's own
 * type (e.g. `create_jobApplication`) is in `notificationType` and in the nested
 * `notification` (the stored document as get_notifications returns it).
 *
 * A new application is delivered by each member's preferences (deliveryFor): to the bell of
 * those who want it (stored with `recipients`, pushed to them only), by mail to those who want
 * mail, to nobody else.
 *
 * `actor` is the user whose action it reports (a staff move, a staff-registered application):
 * it never reaches that user's bell or mail (stored as `actor`, left out of the push).
 */
export async function notify(
  deps: ServerDeps,
  containerId: number,
  type: string,
  title: string,
  message: string,
  data: { positionId: number; id: number },
  actor?: number,
): Promise<NotificationDoc> {
  const prepared = await prepareNotification(deps, containerId, type, title, message, data, actor);
  await deps.store.collection<NotificationDoc>('notifications').insertOne(prepared.doc);
  return announce(deps, prepared);
}

/** A notification made but not yet stored: the caller stores `doc` (with what it belongs to), then calls announce. */
export interface PreparedNotification {
  doc: NotificationDoc;
  addressed: { bell: number[]; mail: string[] } | null;
  data: { positionId: number; id: number };
  actor?: number;
}

/** The notification notify stores, with its id and recipients, not yet stored (apply stores it in the application's commit). */
export async function prepareNotification(
  deps: ServerDeps,
  containerId: number,
  type: string,
  title: string,
  message: string,
  data: { positionId: number; id: number },
  actor?: number,
): Promise<PreparedNotification> {
  const addressed = PER_POSITION.has(type) ? await recipients(deps, containerId, data.positionId, type, actor) : null;
  const doc: NotificationDoc = {
    id: await deps.store.nextSequence('notifications'),
    containerId,
    type,
    title,
    message,
    timestamp: deps.now(),
    read: false,
    readBy: [],
    data,
    ...(addressed ? { recipients: addressed.bell } : {}),
    ...(actor !== undefined ? { actor } : {}),
  };
  return { doc, addressed, data, ...(actor !== undefined ? { actor } : {}) };
}

/** After a prepared notification is stored: the push to the bells and the mails. */
export async function announce(deps: ServerDeps, { doc, addressed, data, actor }: PreparedNotification): Promise<NotificationDoc> {
  const { containerId, type, title, message } = doc;
  const { recipients: to, readBy: _readBy, actor: _actor, ...saved } = strip({ ...doc }) as NotificationDoc & { recipients?: number[]; readBy?: number[]; actor?: number };
  try {
    if (!addressed || addressed.bell.length > 0) {
      deps.hub.publish(containerId, notificationEvent(saved, to, actor), { kind: 'notification', containerId, notificationId: saved.id });
    }
  } catch (err) {
    // The stored notification is what counts; a failed push is only logged (spec doc 2 §7).
    deps.log.warn('notification push failed', { containerId, type, error: (err as Error).name });
  }
  if (addressed?.mail.length) await mailOut(deps, containerId, addressed.mail, title, message, data);
  return saved as NotificationDoc;
}

async function mailOut(deps: ServerDeps, containerId: number, to: string[], title: string, message: string, data: { positionId: number; id: number }) {
  const position = await deps.store.collection('positions').findOne({ id: data.positionId }, { projection: { name: 1 } });
  const link = `${(deps.publicUrl ?? '').replace(/\/$/, '')}/admin/positions/${data.positionId}/applicants/${data.id}`;
  const subject = fill(sv.org.newApplicationMailSubject, { position: String(position?.name ?? title) });
  const text = fill(sv.org.newApplicationMailBody, { message, link });
  for (const address of to) {
    // A failed mail is only logged (spec document 2 §7: email-send failures are only logged).
    // The mail names the applicant: its kept copy goes with the application (mail-copies.ts).
    await sendAbout(deps, { containerId, applicationId: data.id }, { to: address, subject, text }).catch((err: unknown) => deps.log.warn('notification mail failed', { error: (err as Error).name }));
  }
}
