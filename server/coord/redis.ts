import { createHash, randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { memoryAttemptCounters, type AttemptCounters } from './attempt-counters';
import type { Logger } from '../base/logger';
import { parseBusMessage, type Bus, type BusMessage, type Coordination, type SocketSlots, type TicketStore } from './port';
import { withinMs } from '../timeout';

/**
 * The Redis versions of server/coord/port.ts: the only file that imports the client library
 * (node-redis). Keys are `blankett:<part>:<sha256 of the key>`, so no email or ticket is
 * readable in Redis. Commands fail at once while the connection is down (no offline queue)
 * and after COMMAND_MS when Redis hangs; what each part does then:
 *
 * - counters (login per address, lockout per account, login and apply per IP): fall back to
 *   this instance's own counters for the outage, logged once. Neither fully open (an attacker
 *   who can upset Redis would get unlimited password guesses) nor closed (nobody could sign in
 *   or apply while Redis is away, for a limit whose purpose is to slow abuse): the limits
 *   still hold per instance, so at most N × the limit with N instances, during the outage only.
 * - export tickets: closed (503, try again). A ticket kept in one process would be 404 on the
 *   others, and a ticket must be usable once; the user just asks again.
 * - socket limits: open to the hub's own per-instance limits, for the same reason as counters.
 * - the bus: a notification is stored before it is announced, so a lost announcement costs
 *   only liveness; after a reconnect every instance closes its sockets and clients catch up.
 */

const COMMAND_MS = 1000;
const CHANNEL = 'blankett:events';
const MAX_UNSENT = 1000;
type Client = ReturnType<typeof createClient>;

const hashed = (part: string, key: string) => `blankett:${part}:${createHash('sha256').update(key).digest('base64url')}`;

const within = <T>(p: Promise<T>): Promise<T> => withinMs(p, COMMAND_MS, 'redis timeout');

// Atomic: counts only below the limit; the window starts at the first hit (PEXPIRE once).
const TAKE = `
local c = tonumber(redis.call('GET', KEYS[1]) or '0')
local taken = 0
if c < tonumber(ARGV[1]) then c = redis.call('INCR', KEYS[1]); taken = 1 end
local ttl = redis.call('PTTL', KEYS[1])
if ttl == -2 then return {0, 0, 0} end
if ttl == -1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]); ttl = tonumber(ARGV[2]) end
return {taken, c, ttl}`;
const RELEASE = `
local c = tonumber(redis.call('GET', KEYS[1]) or '0')
if c > 0 then redis.call('DECR', KEYS[1]) end
return c`;
// Slots scored by their expiry in Redis's own clock (TIME), so an instance whose clock is off
// neither keeps dead slots nor drops live ones.
const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
for i, k in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', k, '-inf', now)
  if redis.call('ZCARD', k) >= tonumber(ARGV[2 + i]) then return 0 end
end
for i, k in ipairs(KEYS) do
  redis.call('ZADD', k, now + tonumber(ARGV[2]), ARGV[1])
  redis.call('PEXPIRE', k, ARGV[2])
end
return 1`;
const REFRESH = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
for i, k in ipairs(KEYS) do
  redis.call('ZADD', k, 'XX', now + tonumber(ARGV[1]), ARGV[i + 1])
  redis.call('PEXPIRE', k, ARGV[1])
end
return 1`;

/** Connects to REDIS_URL. Start-up does not wait for Redis: while it is away the parts above degrade as described and reconnect by themselves. */
export async function redisCoordination(url: string, log: Logger, opts: { slotTtlMs?: number } = {}): Promise<Coordination> {
  const instance = randomUUID();
  const options = {
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: 2000, reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 2000) },
  };
  const client: Client = createClient(options);
  const sub: Client = createClient(options);
  let down = false;
  let closing = false;
  const failed = (what: string, err: unknown) => {
    if (down || closing) return;
    down = true;
    log.warn('redis unavailable: limits counted by this instance, export tickets refused, live events local only', { what, error: (err as Error)?.message });
  };
  const reconnectListeners = new Set<() => void>();
  const busListeners = new Set<(m: BusMessage) => void>();
  let subReady = 0;
  client.on('error', (err: Error) => failed('client', err));
  sub.on('error', (err: Error) => failed('subscriber', err));
  const back = () => {
    if (down) log.info('redis reachable again');
    down = false;
  };
  // Announcements that failed while Redis was away go out once it is back: they are only
  // references, so one that also reached a client through its catch-up is merged by id.
  const unsent: string[] = [];
  client.on('ready', () => {
    back();
    for (const text of unsent.splice(0)) client.publish(CHANNEL, text).catch((err: unknown) => failed('publish', err));
  });
  let startedWithout = false;
  sub.on('ready', () => {
    // node-redis subscribes again by itself on every reconnect; what was published meanwhile
    // is lost. Also after a start without Redis: sockets opened meanwhile missed the others' events.
    if (++subReady === 1 && !startedWithout) return;
    log.info('redis reconnected: resubscribed, closing live sockets so clients catch up');
    for (const l of reconnectListeners) l();
  });

  const onMessage = (text: string) => {
    let outer: { from?: unknown; m?: unknown };
    try {
      outer = JSON.parse(text) as typeof outer;
    } catch {
      return log.warn('redis bus message ignored', { reason: 'json' });
    }
    if (outer.from === instance) return;
    const m = parseBusMessage(outer.m);
    if (!m) return log.warn('redis bus message ignored', { reason: 'shape' });
    for (const l of busListeners) l(m);
  };
  const connect = async () => {
    await Promise.all([client.connect(), sub.connect()]);
    await sub.subscribe(CHANNEL, onMessage);
  };
  const started = connect();
  // Not awaited beyond a moment: an instance starts (degraded) while Redis is away.
  const first = await Promise.race([started.then(() => true), new Promise<false>((res) => setTimeout(() => res(false), 3000).unref())]).catch(() => false);
  if (!first) {
    startedWithout = true;
    log.warn('redis not reachable at start: continuing, reconnecting in the background');
  }
  started.catch((err: unknown) => log.error('redis connection failed', { error: (err as Error).message }));

  const counters = fallbackCounters(client, memoryAttemptCounters(), failed, back);
  const tickets: TicketStore = {
    async put(id, value, ttlMs) {
      await within(client.set(hashed('ticket', id), value, { PX: ttlMs }));
    },
    async take(id) {
      return (await within(client.getDel(hashed('ticket', id)))) ?? null;
    },
  };
  const bus: Bus = {
    publish(m) {
      const text = JSON.stringify({ from: instance, m });
      within(client.publish(CHANNEL, text)).catch((err: unknown) => {
        failed('publish', err);
        unsent.push(text);
        if (unsent.length > MAX_UNSENT) unsent.shift();
      });
    },
    subscribe(listener) {
      busListeners.add(listener);
      return () => busListeners.delete(listener);
    },
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
  };
  const sockets = socketSlots(client, opts.slotTtlMs ?? 90_000, failed);

  return {
    kind: 'redis',
    counters,
    tickets,
    bus,
    sockets,
    ping: () => within(client.ping()),
    async close() {
      closing = true;
      busListeners.clear();
      reconnectListeners.clear();
      await Promise.all([client, sub].map((c) => (c.isOpen ? c.quit().catch(() => c.disconnect()) : Promise.resolve())));
    },
  };
}

function fallbackCounters(client: Client, local: AttemptCounters, failed: (what: string, err: unknown) => void, back: () => void): AttemptCounters {
  return {
    async take(key, limit, windowMs) {
      try {
        const r = (await within(client.eval(TAKE, { keys: [hashed('count', key)], arguments: [String(limit), String(windowMs)] }))) as number[];
        // A timeout is not a disconnect: the first answer after one ends the outage too.
        back();
        return { taken: r[0] === 1, count: Number(r[1]), resetAt: Date.now() + Number(r[2]) };
      } catch (err) {
        failed('counters', err);
        return local.take(key, limit, windowMs);
      }
    },
    async release(key) {
      try {
        await within(client.eval(RELEASE, { keys: [hashed('count', key)] }));
      } catch (err) {
        failed('counters', err);
        await local.release(key);
      }
    },
    async clear(key) {
      try {
        await within(client.del(hashed('count', key)));
      } catch (err) {
        failed('counters', err);
        await local.clear(key);
      }
    },
  };
}

function socketSlots(client: Client, ttlMs: number, failed: (what: string, err: unknown) => void): SocketSlots {
  return {
    async acquire(id, keys) {
      try {
        const r = await within(
          client.eval(ACQUIRE, { keys: keys.map((k) => hashed('sockets', k.key)), arguments: [id, String(ttlMs), ...keys.map((k) => String(k.limit))] }),
        );
        return r === 1;
      } catch (err) {
        failed('sockets', err);
        return true;
      }
    },
    async release(id, keys) {
      try {
        await within(Promise.all(keys.map((k) => client.zRem(hashed('sockets', k), id))));
      } catch (err) {
        failed('sockets', err);
      }
    },
    async refresh(slots) {
      const keys: string[] = [];
      const ids: string[] = [];
      for (const s of slots) for (const k of s.keys) (keys.push(hashed('sockets', k)), ids.push(s.id));
      if (keys.length === 0) return;
      try {
        await within(client.eval(REFRESH, { keys, arguments: [String(ttlMs), ...ids] }));
      } catch (err) {
        failed('sockets', err);
      }
    },
  };
}
