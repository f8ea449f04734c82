/**
 * The browser's side of the real-time hub (docs/contracts.md, server/realtime/): opens
 * `/notifications?access_token=…`, sends `{type:'Join', containerId}`, hands Notification
 * and Exception events on, and reconnects with exponential backoff. After a reconnect it
 * says so (`onReconnected`) so the caller can catch up on what it missed with
 * get_notifications; a lost connection is otherwise silent (spec document 2 §7: "connection
 * failures are only logged").
 */

export interface HubEvents {
  onNotification(event: Record<string, unknown>): void;
  onException(message: string): void;
  /** Joined again after the connection was lost or a first attempt failed (not on a first join that just worked). */
  onReconnected(): void;
  /** The connection was lost (once per loss): a moment to check the session is still valid. */
  onLost?(): void;
  /** Before each reconnect attempt: false stops reconnecting (e.g. the token has expired). */
  canReconnect?(): boolean;
}

export interface HubClientOptions {
  url: string;
  containerId: number;
  /** First retry delay (ms); doubles per failure up to maxDelayMs, with jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** For tests: the WebSocket constructor. */
  WebSocketImpl?: typeof WebSocket;
}

export interface HubClient {
  close(): void;
  /** Reconnects at once (the browser came back online). */
  retryNow(): void;
}

/** ws(s)://<this host>/notifications?access_token=… */
export function hubUrl(token: string, loc: Pick<Location, 'protocol' | 'host'> = location): string {
  const scheme = loc.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${loc.host}/notifications?access_token=${encodeURIComponent(token)}`;
}

/** The delay before reconnect attempt `attempt` (0-based): base·2^attempt, capped, ±25 % jitter. */
export function backoffDelay(attempt: number, base = 500, max = 15_000, random = Math.random): number {
  const raw = Math.min(max, base * 2 ** Math.min(attempt, 16));
  return Math.round(raw * (0.75 + random() * 0.5));
}

export function connectHub(options: HubClientOptions, events: HubEvents): HubClient {
  const Impl = options.WebSocketImpl ?? WebSocket;
  let ws: WebSocket | null = null;
  let closed = false;
  let attempt = 0;
  let lost = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function schedule() {
    if (closed || timer !== undefined) return;
    const delay = backoffDelay(attempt++, options.baseDelayMs, options.maxDelayMs);
    timer = setTimeout(() => {
      timer = undefined;
      open();
    }, delay);
  }

  function open() {
    if (closed) return;
    if (events.canReconnect && !events.canReconnect()) return;
    let socket: WebSocket;
    try {
      socket = new Impl(options.url);
    } catch {
      schedule();
      return;
    }
    ws = socket;
    socket.onopen = () => {
      socket.send(JSON.stringify({ type: 'Join', containerId: options.containerId }));
    };
    socket.onmessage = (msg) => {
      let event: Record<string, unknown>;
      try {
        event = JSON.parse(String(msg.data)) as Record<string, unknown>;
      } catch {
        return;
      }
      if (event.type === 'Joined') {
        attempt = 0;
        if (lost) events.onReconnected();
        lost = false;
      } else if (event.type === 'Notification') {
        events.onNotification(event);
      } else if (event.type === 'Exception') {
        events.onException(typeof event.message === 'string' ? event.message : '');
      }
    };
    socket.onclose = () => {
      if (ws !== socket) return;
      ws = null;
      if (!lost) events.onLost?.();
      lost = true;
      schedule();
    };
    // An error is always followed by close, which reconnects; nothing to show (spec: only logged).
    socket.onerror = () => undefined;
  }

  open();

  return {
    close() {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      const socket = ws;
      ws = null;
      if (socket && socket.readyState <= 1) socket.close(1000);
    },
    retryNow() {
      if (closed || ws) return;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      attempt = 0;
      open();
    },
  };
}
