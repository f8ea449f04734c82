/** What the bell shows: notifications as get_notifications and the hub deliver them (docs/contracts.md). */

type NotificationType =
  | 'Exception'
  | 'send_MessageCommand'
  | 'create_jobApplication'
  | 'update_jobApplicationStatus'
  | 'application'
  | 'position'
  | 'alert'
  | 'error'
  | 'other';

export interface AppNotification {
  id: number;
  containerId?: number;
  type: NotificationType | string;
  title: string;
  message: string;
  /** unix seconds */
  timestamp: number;
  read: boolean;
  data?: { positionId?: number; id?: number } | null;
  callback?: string;
  /** Only in this browser (an Exception event from the hub); never sent to the server. */
  local?: boolean;
}

/** Spec document 2 §9: the list shows at most 71 characters of a message, then an ellipsis. */
const MESSAGE_MAX = 71;

/** Cuts `text` after `max` characters (code points, so no emoji is split) and adds '…'. */
export function truncateMessage(text: string, max = MESSAGE_MAX): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max).join('').trimEnd()}…`;
}

const APPLICANT_TYPES = new Set(['create_jobApplication', 'update_jobApplicationStatus', 'application']);

/**
 * Where a notification leads, or null ('länk saknas'): applications to the applicant page,
 * anything else naming a position to the position page.
 */
export function notificationTarget(n: Pick<AppNotification, 'type' | 'data'>): string | null {
  const positionId = n.data?.positionId;
  const id = n.data?.id;
  if (!Number.isInteger(positionId) || (positionId as number) <= 0) return null;
  if (APPLICANT_TYPES.has(n.type)) {
    return Number.isInteger(id) && (id as number) > 0 ? `/admin/positions/${positionId}/applicants/${id}` : null;
  }
  return `/admin/positions/${positionId}`;
}

/** The hub's Notification event → the stored shape (the event carries it flat and nested). */
export function fromHubEvent(event: Record<string, unknown>): AppNotification | null {
  // A staff answer in a conversation is pushed for the chat windows only: it is never stored as
  // a notification, and would otherwise ring its own writer's bell (and everyone's) until reload.
  const chat = event.chatMessage as { from?: unknown } | undefined;
  if (chat && typeof chat === 'object' && chat.from === 'staff') return null;
  const nested = event.notification as Record<string, unknown> | undefined;
  const src = nested && typeof nested === 'object' ? nested : event;
  const id = src.id;
  if (typeof id !== 'number') return null;
  return {
    id,
    containerId: typeof src.containerId === 'number' ? src.containerId : undefined,
    type: typeof src.type === 'string' && src !== event ? src.type : String(event.notificationType ?? 'other'),
    title: String(src.title ?? ''),
    message: String(src.message ?? ''),
    timestamp: typeof src.timestamp === 'number' ? src.timestamp : Math.floor(Date.now() / 1000),
    read: src.read === true,
    data: (src.data as AppNotification['data']) ?? null,
  };
}

/** Newest first, one entry per id (a live event and a catch-up may bring the same one). */
export function mergeNotifications(current: AppNotification[], incoming: AppNotification[]): AppNotification[] {
  const byId = new Map<number, AppNotification>();
  for (const n of current) byId.set(n.id, n);
  for (const n of incoming) byId.set(n.id, n);
  return [...byId.values()].sort((a, b) => b.timestamp - a.timestamp || b.id - a.id);
}
