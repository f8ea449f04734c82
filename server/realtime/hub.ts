import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import type { SocketSlots } from '../coord/port';
import type { Hub } from '../base/deps';
import type { Logger } from '../base/logger';
import type { Principal } from '../base/principal';
import { sameHostOrigin, type OriginPolicy } from './origin';
import { exception, parseClientMessage } from './protocol';

export interface HubOptions {
  /** Upgrade requests on other paths are left alone. Default '/notifications'. */
  path?: string;
  /** The same check as the HTTP API: null for a bad, expired or revoked token. */
  verifyToken(token: string): Promise<Principal | null>;
  /** Whether the principal may receive the container's events (any role in it, or odin). */
  canJoin(principal: Principal, containerId: number): Promise<boolean>;
  /** Default: a browser Origin must be this host (sameHostOrigin). */
  allowedOrigins?: OriginPolicy;
  log: Logger;
  /** Largest frame a client may send, bytes; a bigger one closes the socket (1009). Default 4096. */
  maxPayload?: number;
  /** Ping interval; a client that missed the previous ping is dropped. The token and groups are re-checked too. Default 30 s. */
  heartbeatMs?: number;
  /** Per-connection message budget: `burst` at once, refilled at `perSecond`. Default 10 and 2. */
  rateLimit?: { burst: number; perSecond: number };
  /** Groups one connection may be in. Default 50. */
  maxGroups?: number;
  /** Open sockets one user may hold (tabs, devices). Default 10. */
  maxPerUser?: number;
  /** Open sockets from one client address. Default 50. */
  maxPerIp?: number;
  /** The client's address (behind a trusted proxy: its hop). Default: the socket's peer. */
  clientIp?(req: IncomingMessage): string;
  /** Tells the hub that a user's sessions ended (logout, password or rights change): their sockets are re-checked at once. */
  subscribeRevocations?(listener: (userId: number) => void): () => void;
  /** Counts the per-user and per-address limits across instances too (server/coord); this hub's own count always applies. */
  slots?: SocketSlots;
}

interface Conn {
  /** The socket's slot in the shared counts (options.slots). */
  slot: string;
  ws: WebSocket;
  ip: string;
  token: string;
  principal: Principal;
  groups: Set<number>;
  alive: boolean;
  tokens: number;
  refilledAt: number;
  strikes: number;
}

/** A client that stops reading is dropped once this much is queued for it. */
const MAX_BUFFERED = 1 << 20;

function tokenFrom(req: IncomingMessage, url: URL): string | null {
  const q = url.searchParams.get('access_token');
  if (q) return q;
  const auth = req.headers.authorization;
  return auth?.startsWith('Bearer ') ? auth.slice(7) : null;
}

/** Answers a refused handshake with a plain HTTP error in the API's shape, then hangs up. */
function refuse(socket: Duplex, status: 401 | 403 | 404 | 429, code: string, message: string): void {
  const body = JSON.stringify({ error: { code, message } });
  const reason = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 429: 'Too Many Requests' }[status];
  if (!socket.writable) return void socket.destroy();
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/**
 * The real-time hub at `/notifications` (docs/contracts.md): the token is checked at the
 * handshake (401 before any upgrade), the Origin too (403); a client Joins container groups it
 * has a role in and receives `publish`ed events for those groups only.
 */
export function attachHub(server: Server, options: HubOptions): Hub & { disconnectAll(): void } {
  const path = options.path ?? '/notifications';
  const originOk = options.allowedOrigins ?? sameHostOrigin;
  const log = options.log;
  const rate = options.rateLimit ?? { burst: 10, perSecond: 2 };
  const maxGroups = options.maxGroups ?? 50;
  const maxPerUser = options.maxPerUser ?? 10;
  const maxPerIp = options.maxPerIp ?? 50;
  const clientIp = options.clientIp ?? ((req: IncomingMessage) => req.socket.remoteAddress ?? '');
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxPayload ?? 4096, perMessageDeflate: false });
  const groups = new Map<number, Set<Conn>>();
  const conns = new Set<Conn>();
  let closed = false;

  function leave(conn: Conn, containerId: number) {
    conn.groups.delete(containerId);
    const members = groups.get(containerId);
    members?.delete(conn);
    if (members?.size === 0) groups.delete(containerId);
  }

  function send(conn: Conn, text: string) {
    if (conn.ws.readyState !== WebSocket.OPEN) return;
    if (conn.ws.bufferedAmount > MAX_BUFFERED) {
      conn.ws.terminate();
      return;
    }
    conn.ws.send(text);
  }

  /** Token bucket; a client far over budget is disconnected rather than answered forever. */
  function withinRate(conn: Conn): boolean {
    const now = Date.now();
    conn.tokens = Math.min(rate.burst, conn.tokens + ((now - conn.refilledAt) / 1000) * rate.perSecond);
    conn.refilledAt = now;
    if (conn.tokens >= 1) {
      conn.tokens -= 1;
      return true;
    }
    conn.strikes += 1;
    if (conn.strikes > rate.burst) conn.ws.close(1008, 'rate limit');
    else send(conn, exception(sv.realtime.rateLimited));
    return false;
  }

  async function onMessage(conn: Conn, data: RawData, isBinary: boolean) {
    if (!withinRate(conn)) return;
    const parsed = parseClientMessage(data, isBinary);
    if (!parsed.ok) return send(conn, exception(parsed.message));
    const { type, containerId } = parsed.message;
    if (type === 'Leave') {
      leave(conn, containerId);
      return send(conn, JSON.stringify({ type: 'Left', containerId }));
    }
    if (conn.groups.size >= maxGroups && !conn.groups.has(containerId)) return send(conn, exception(sv.realtime.joinForbidden));
    const allowed = await options.canJoin(conn.principal, containerId);
    if (!allowed) return send(conn, exception(sv.realtime.joinForbidden));
    if (conn.ws.readyState !== WebSocket.OPEN) return;
    conn.groups.add(containerId);
    let members = groups.get(containerId);
    if (!members) groups.set(containerId, (members = new Set()));
    members.add(conn);
    send(conn, JSON.stringify({ type: 'Joined', containerId }));
  }

  const slotKeys = (userId: number, ip: string) => [`user:${userId}`, `ip:${ip}`];

  function onConnection(ws: WebSocket, principal: Principal, token: string, ip: string, slot: string) {
    const conn: Conn = { slot, ws, ip, token, principal, groups: new Set(), alive: true, tokens: rate.burst, refilledAt: Date.now(), strikes: 0 };
    conns.add(conn);
    ws.on('pong', () => (conn.alive = true));
    ws.on('message', (data, isBinary) => {
      onMessage(conn, data, isBinary).catch((err: unknown) => {
        log.error('realtime message failed', { userId: principal.userId, err });
        send(conn, exception(sv.server.internal));
      });
    });
    // Oversized frames and protocol errors arrive here; ws closes the socket itself.
    ws.on('error', (err) => log.warn('realtime socket error', { userId: principal.userId, err: err.message }));
    ws.on('close', () => {
      conns.delete(conn);
      options.slots?.release(slot, slotKeys(principal.userId, ip)).catch(() => undefined);
      for (const id of [...conn.groups]) leave(conn, id);
    });
  }

  async function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    socket.on('error', () => socket.destroy());
    if (closed) return refuse(socket, 404, 'not_found', sv.server.notFound);
    const url = new URL(req.url ?? '/', 'http://hub.invalid');
    if (!originOk(req.headers.origin, req.headers.host)) {
      log.warn('realtime origin refused', { origin: String(req.headers.origin).slice(0, 100) });
      return refuse(socket, 403, 'forbidden', sv.server.forbidden);
    }
    const token = tokenFrom(req, url);
    const principal = token ? await options.verifyToken(token).catch(() => null) : null;
    if (!principal || !token) return refuse(socket, 401, 'unauthorized', sv.server.unauthorized);
    if (socket.destroyed || closed) return socket.destroy();
    const ip = clientIp(req);
    let mine = 0;
    let fromIp = 0;
    for (const c of conns) {
      if (c.principal.userId === principal.userId) mine += 1;
      if (c.ip === ip) fromIp += 1;
    }
    if (mine >= maxPerUser || fromIp >= maxPerIp) {
      log.warn('realtime connection limit', { userId: principal.userId, perUser: mine, perIp: fromIp });
      return refuse(socket, 429, 'rate_limited', sv.server.rateLimited);
    }
    const slot = randomUUID();
    if (options.slots) {
      const [user, addr] = slotKeys(principal.userId, ip);
      const ok = await options.slots.acquire(slot, [
        { key: user!, limit: maxPerUser },
        { key: addr!, limit: maxPerIp },
      ]);
      if (!ok) {
        log.warn('realtime connection limit', { userId: principal.userId, shared: true });
        return refuse(socket, 429, 'rate_limited', sv.server.rateLimited);
      }
      if (socket.destroyed || closed) return void options.slots.release(slot, slotKeys(principal.userId, ip)).catch(() => undefined);
    }
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, principal, token, ip, slot));
  }

  const upgradeListener = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = (req.url ?? '/').split('?')[0];
    if (pathname !== path) {
      // Someone else may serve other paths (a dev server); with no one else, do not leave it hanging.
      if (server.listenerCount('upgrade') === 1) refuse(socket, 404, 'not_found', sv.server.notFound);
      return;
    }
    onUpgrade(req, socket, head).catch((err: unknown) => {
      log.error('realtime handshake failed', { err });
      socket.destroy();
    });
  };
  server.on('upgrade', upgradeListener);

  /** Closes a socket whose token no longer holds; leaves the groups it may no longer read. */
  async function recheck(conn: Conn) {
    const principal = await options.verifyToken(conn.token).catch(() => null);
    if (!principal) {
      for (const id of [...conn.groups]) leave(conn, id);
      conn.ws.close(1008, 'token');
      return;
    }
    conn.principal = principal;
    for (const id of [...conn.groups]) {
      if (!(await options.canJoin(principal, id).catch(() => false))) leave(conn, id);
    }
  }

  /** Drops clients that missed a ping, and those whose token or memberships no longer hold. */
  async function heartbeat() {
    await options.slots?.refresh([...conns].map((c) => ({ id: c.slot, keys: slotKeys(c.principal.userId, c.ip) })));
    for (const conn of [...conns]) {
      if (!conn.alive) {
        conn.ws.terminate();
        continue;
      }
      conn.alive = false;
      if (conn.ws.readyState === WebSocket.OPEN) conn.ws.ping();
      await recheck(conn);
    }
  }

  /** A revoked user's sockets leave their groups at once (nothing more reaches them), then close unless their token still holds. */
  async function revoke(conn: Conn) {
    const held = [...conn.groups];
    for (const id of held) leave(conn, id);
    const principal = await options.verifyToken(conn.token).catch(() => null);
    if (!principal) return conn.ws.close(1008, 'token');
    conn.principal = principal;
    for (const id of held) {
      if (conn.ws.readyState !== WebSocket.OPEN || !(await options.canJoin(principal, id).catch(() => false))) continue;
      conn.groups.add(id);
      let members = groups.get(id);
      if (!members) groups.set(id, (members = new Set()));
      members.add(conn);
    }
  }
  const unsubscribe = options.subscribeRevocations?.((userId) => {
    for (const conn of [...conns]) {
      if (conn.principal.userId !== userId) continue;
      revoke(conn).catch((err: unknown) => log.error('realtime revocation failed', { userId, err }));
    }
  });
  let beating = false;
  const timer = setInterval(() => {
    if (beating) return;
    beating = true;
    heartbeat()
      .catch((err: unknown) => log.error('realtime heartbeat failed', { err }))
      .finally(() => (beating = false));
  }, options.heartbeatMs ?? 30_000);
  timer.unref();

  return {
    /** Closes every socket (1012, service restart): their clients reconnect and catch up. */
    disconnectAll() {
      for (const conn of [...conns]) {
        for (const id of [...conn.groups]) leave(conn, id);
        conn.ws.close(1012, 'reconnect');
      }
    },
    publish(containerId, event) {
      const members = groups.get(containerId);
      if (!members || members.size === 0) return;
      // An event naming its recipients (user ids) reaches only them (per-position notification
      // preferences); one naming `except` (the user whose action it reports) never reaches that user.
      const { recipients, except, ...rest } = event as { recipients?: unknown; except?: unknown };
      const only = Array.isArray(recipients) ? new Set(recipients as number[]) : null;
      const text = JSON.stringify({ ...rest, type: event.type ?? 'Notification' });
      for (const conn of members) {
        if (only && !only.has(conn.principal.userId)) continue;
        if (typeof except === 'number' && conn.principal.userId === except) continue;
        send(conn, text);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      unsubscribe?.();
      server.off('upgrade', upgradeListener);
      for (const conn of conns) conn.ws.terminate();
      conns.clear();
      groups.clear();
      await new Promise<void>((res) => wss.close(() => res()));
    },
  };
}
