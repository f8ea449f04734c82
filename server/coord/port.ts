import { memoryAttemptCounters, type AttemptCounters } from './attempt-counters';

/**
 * What several server instances must share that is not durable data: counters for the
 * limits, single-use export tickets and a message bus for the real-time hub. Each part has an
 * in-process version, the default (one instance needs nothing); `REDIS_URL` swaps in the
 * Redis versions (server/coord/redis.ts). Nothing here is ever trusted for authorisation: a
 * bus message only makes an instance re-read the store or re-check a token.
 */
export interface Coordination {
  kind: 'memory' | 'redis';
  /** Windowed counters (login, lockout, apply limits). */
  counters: AttemptCounters;
  tickets: TicketStore;
  /** Absent in one process: the hub's own groups are the whole audience. */
  bus?: Bus;
  /** Open sockets per key (user, address) across instances; absent: the hub counts its own. */
  sockets?: SocketSlots;
  /** Resolves when the shared component answers (GET /api/health); absent in one process. */
  ping?(): Promise<unknown>;
  close(): Promise<void>;
}

/** Short-lived values that can be taken once, by whichever instance asks first. */
export interface TicketStore {
  put(id: string, value: string, ttlMs: number): Promise<void>;
  /** The value, removed in the same step; null when unknown, expired or already taken. */
  take(id: string): Promise<string | null>;
}

export type BusMessage =
  | { kind: 'notification'; containerId: number; notificationId: number }
  | { kind: 'message'; containerId: number; messageId: number; notificationId?: number }
  | { kind: 'revoked'; userId: number };

export interface Bus {
  publish(message: BusMessage): void;
  /** Messages of the other instances (never this one's own). */
  subscribe(listener: (message: BusMessage) => void): () => void;
  /**
   * Called after the connection to the bus came back: messages may have been lost meanwhile,
   * so the hub closes its sockets and clients catch up through get_notifications.
   */
  onReconnect(listener: () => void): () => void;
}

/** Socket counts across instances: a slot is held while its socket is open and refreshed by the hub's heartbeat. */
export interface SocketSlots {
  /** Takes a slot for `id` under every key unless one of them is at its limit; false then. */
  acquire(id: string, keys: { key: string; limit: number }[]): Promise<boolean>;
  release(id: string, keys: string[]): Promise<void>;
  /** Keeps slots alive (a dead instance's slots expire after a few heartbeats). */
  refresh(slots: { id: string; keys: string[] }[]): Promise<void>;
}

/** Tickets in this process only, bounded: expired ones are swept, and the oldest go first past `max`. */
export function memoryTickets(max = 1000, now: () => number = Date.now): TicketStore {
  const map = new Map<string, { value: string; expires: number }>();
  return {
    async put(id, value, ttlMs) {
      const t = now();
      for (const [k, v] of map) if (v.expires < t) map.delete(k);
      while (map.size >= max) map.delete(map.keys().next().value!);
      map.set(id, { value, expires: t + ttlMs });
    },
    async take(id) {
      const v = map.get(id);
      map.delete(id);
      return v && v.expires >= now() ? v.value : null;
    },
  };
}

export function memoryCoordination(): Coordination {
  return { kind: 'memory', counters: memoryAttemptCounters(), tickets: memoryTickets(), close: async () => {} };
}

/** Checks a bus message's shape (it came over the network); null for anything else. */
export function parseBusMessage(m: unknown): BusMessage | null {
  if (!m || typeof m !== 'object') return null;
  const o = m as Record<string, unknown>;
  const id = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
  if (o.kind === 'revoked' && id(o.userId)) return { kind: 'revoked', userId: o.userId as number };
  if (o.kind === 'notification' && id(o.containerId) && id(o.notificationId)) {
    return { kind: 'notification', containerId: o.containerId as number, notificationId: o.notificationId as number };
  }
  if (o.kind === 'message' && id(o.containerId) && id(o.messageId) && (o.notificationId === undefined || id(o.notificationId))) {
    const n = o.notificationId as number | undefined;
    return { kind: 'message', containerId: o.containerId as number, messageId: o.messageId as number, ...(n ? { notificationId: n } : {}) };
  }
  return null;
}
