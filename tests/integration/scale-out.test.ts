import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createClient } from 'redis';
import WebSocket from 'ws';
import { startProxy, type Backend, type Proxy } from '../../scripts/proxy';
import { redisServerBinary, startRedis, type RunningRedis } from '../../scripts/redis';
import { answerOf, applyWithCv, loginAs, openPositionId, spawnServer, type ServerProcess } from './helpers/main-process';

/**
 * Issue 19: two real server processes (`server/main.ts`) on one Mongo-wire store (FerretDB)
 * and one redis-server, behind a round-robin proxy, each with its own DATA_DIR. What one
 * instance does must be seen by the other at once. Every wait is for a state, bounded.
 */

const mongoUri = inject('mongoUri');
const redisBin = redisServerBinary();
if ((!mongoUri || !redisBin) && process.env.CI === 'true') throw new Error('CI=true: the scale-out test needs FerretDB and redis-server (scripts/ensure-test-tools.sh)');

/** A socket on `url`'s hub with the token, joined to the container; resolves once joined. */
async function joinedSocket(url: string, token: string, containerId: number) {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/notifications?access_token=${encodeURIComponent(token)}`);
  const events: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    events.push(JSON.parse(String(data)) as Record<string, unknown>);
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<{ code: number; at: number }>((res) => ws.once('close', (code) => res({ code, at: performance.now() })));
  await new Promise<void>((res, rej) => {
    ws.once('open', () => res());
    ws.once('error', rej);
  });
  const next = (pred: (e: Record<string, unknown>) => boolean, ms: number) =>
    new Promise<Record<string, unknown> & { at: number }>((res, rej) => {
      const timer = setTimeout(() => rej(new Error(`no matching event in ${ms} ms: ${JSON.stringify(events).slice(0, 500)}`)), ms);
      const look = () => {
        const found = events.find(pred);
        if (found) {
          clearTimeout(timer);
          return res({ ...found, at: performance.now() });
        }
        waiters.push(look);
      };
      look();
    });
  ws.send(JSON.stringify({ type: 'Join', containerId }));
  await next((e) => e.type === 'Joined', 10_000);
  return { ws, events, next, closed };
}

describe.skipIf(!mongoUri || !redisBin)('two instances behind a proxy on FerretDB and Redis', () => {
  let root = '';
  let redis: RunningRedis;
  let proxy: Proxy;
  let a: ServerProcess;
  let b: ServerProcess;
  let positionId = 0;
  let containerId = 0;
  let admin = '';
  const backends: Backend[] = [];

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'blankett-scale-'));
    redis = await startRedis(redisBin!);
    proxy = await startProxy(backends);
    const env = {
      MONGODB_URI: `${mongoUri!.replace(/\/?$/, '/')}blankett_scale_${process.pid}_${randomBytes(3).toString('hex')}`,
      REDIS_URL: redis.url,
      JWT_SECRET: randomBytes(36).toString('base64url'),
      TRUST_PROXY: '1',
      PUBLIC_URL: proxy.url,
    };
    // A first: it seeds the demo organisation; B finds it seeded.
    // A start takes 15–25 s on this machine under the full suite's load: room for that.
    a = await spawnServer(join(root, 'a'), env, { startMs: 60_000 });
    b = await spawnServer(join(root, 'b'), env, { startMs: 60_000 });
    for (const s of [a, b]) backends.push({ host: '127.0.0.1', port: s.port });
    positionId = await openPositionId(a.url);
    const p = (await (await fetch(`${a.url}/api/public/positions/${positionId}`)).json()) as { data: { containerId: number } };
    containerId = p.data.containerId;
    admin = await loginAs(a.url, 'admin@demo.test');
  }, 150_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await proxy?.close();
    await redis?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('rings the bell of a recruiter connected to B within 1 s of an application taken by A', async () => {
    const bell = await joinedSocket(b.url, admin, containerId);
    const email = `scale-${randomBytes(4).toString('hex')}@example.se`;
    const applied = await applyWithCv(a.url, positionId, email);
    const answered = performance.now();
    expect(applied.status).toBe(201);
    const event = await bell.next((e) => e.notificationType === 'create_jobApplication' && (e.data as { id?: number })?.id === applied.id, 5000);
    expect(event.at - answered).toBeLessThan(1000);
    bell.ws.close();
  });

  it('closes the socket on B within 1 s of a logout through A', async () => {
    const writer = await loginAs(a.url, 'writer@demo.test');
    const sock = await joinedSocket(b.url, writer, containerId);
    const started = performance.now();
    const out = await fetch(`${a.url}/api/account/logout`, { method: 'POST', headers: { authorization: `Bearer ${writer}` } });
    expect(out.status).toBe(200);
    const closed = await Promise.race([sock.closed, new Promise<null>((r) => setTimeout(() => r(null), 5000))]);
    expect(closed).not.toBeNull();
    expect(closed!.code).toBe(1008);
    expect(closed!.at - started).toBeLessThan(1000);
  });

  it('answers 25 wrong passwords through the proxy with exactly 10 × 401, then 429', async () => {
    const statuses: number[] = [];
    const first = proxy.served.length;
    for (let i = 0; i < 25; i++) {
      const res = await fetch(`${proxy.url}/api/account/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'reader@demo.test', password: `fel-lösenord-${i}` }),
      });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), ...Array<number>(15).fill(429)]);
    // Both instances answered some of them (round robin), so one of them alone would have let 20 through.
    expect(new Set(proxy.served.slice(first))).toEqual(new Set([0, 1]));
  });

  it('counts one user\'s open sockets across A and B: the 11th is refused on either', async () => {
    const odin = await loginAs(a.url, 'odin@demo.test');
    const open = (url: string) =>
      new Promise<{ status: number; ws: WebSocket }>((res) => {
        const ws = new WebSocket(`${url.replace('http', 'ws')}/notifications?access_token=${encodeURIComponent(odin)}`);
        ws.once('open', () => res({ status: 101, ws }));
        ws.once('unexpected-response', (_req, answer) => res({ status: answer.statusCode ?? 0, ws }));
        ws.once('error', () => res({ status: 0, ws }));
      });
    const held: WebSocket[] = [];
    try {
      for (let i = 0; i < 10; i++) {
        const r = await open(i % 2 ? b.url : a.url);
        expect(r.status).toBe(101);
        held.push(r.ws);
      }
      expect((await open(a.url)).status).toBe(429);
      expect((await open(b.url)).status).toBe(429);
      // A closed socket gives its slot back, wherever it was.
      const gone = new Promise((r) => held[1]!.once('close', r));
      held[1]!.close();
      await gone;
      let again = 0;
      for (let i = 0; i < 50 && again !== 101; i++) {
        const r = await open(a.url);
        again = r.status;
        if (again === 101) held.push(r.ws);
        else await new Promise((res) => setTimeout(res, 20));
      }
      expect(again).toBe(101);
    } finally {
      for (const ws of held) ws.close();
    }
  });

  it('downloads an export ticket made on A once through B', async () => {
    const { url } = await answerOf(a.url, admin, 'create_applicantsExport', { containerId, positionId });
    const get = (base: string) => fetch(`${base}${url}`, { headers: { authorization: `Bearer ${admin}` } });
    const once = await get(b.url);
    expect(once.status).toBe(200);
    expect(await once.text()).toContain('E-post');
    expect((await get(b.url)).status).toBe(404);
    expect((await get(a.url)).status).toBe(404);
  });

  it('trusts no message on the Redis channel: content comes from the store, a revocation only re-checks the token', async () => {
    const bell = await joinedSocket(b.url, admin, containerId);
    const adminId = (JSON.parse(Buffer.from(admin.split('.')[1]!, 'base64url').toString()) as { uid: number }).uid;
    const applied = await applyWithCv(a.url, positionId, `scale-real-${randomBytes(4).toString('hex')}@example.se`);
    await bell.next((e) => (e.data as { id?: number })?.id === applied.id, 5000);
    const stored = bell.events.find((e) => (e.data as { id?: number })?.id === applied.id)!;
    const raw = createClient({ url: redis.url });
    await raw.connect();
    try {
      const forge = (m: unknown) => raw.publish('blankett:events', JSON.stringify({ from: 'forger', m }));
      await forge({ kind: 'notification', containerId, notificationId: 99_999_999, title: 'Falsk' });
      await forge({ kind: 'notification', containerId: containerId + 1000, notificationId: stored.id });
      await forge({ kind: 'notification', containerId, notificationId: stored.id, title: 'Falsk', message: 'Klicka här' });
      // The one well-formed reference to a real notification re-delivers the stored one, as
      // stored (and, being handled in order, after the two before it came to nothing).
      const again = await bell.next((e) => e.id === stored.id && e !== stored, 5000);
      expect({ title: again.title, message: again.message }).toEqual({ title: stored.title, message: stored.message });
      expect(bell.events.some((e) => e.title === 'Falsk' || e.id === 99_999_999)).toBe(false);
      // A revocation makes the socket leave its groups until its token is checked again.
      await forge({ kind: 'revoked', userId: adminId });
      await forge({ kind: 'revoked', userId: 'alla' });
      await forge('inte json{');
      // The forged revocation closed nothing: the token still holds, so the socket stays and rings again.
      let rang = false;
      for (let i = 0; i < 10 && !rang; i++) {
        const next = await applyWithCv(a.url, positionId, `scale-after-forge-${i}-${randomBytes(4).toString('hex')}@example.se`);
        rang = await bell
          .next((e) => (e.data as { id?: number })?.id === next.id, 1000)
          .then(() => true)
          .catch(() => false);
      }
      expect(rang).toBe(true);
      expect(bell.ws.readyState).toBe(WebSocket.OPEN);
    } finally {
      await raw.quit();
      bell.ws.close();
    }
  });

  it('resubscribes after Redis is killed and restarted: sockets are closed to catch up, the bell rings again, nobody crashed', async () => {
    const onA = await joinedSocket(a.url, admin, containerId);
    const onB = await joinedSocket(b.url, admin, containerId);
    const health = async (url: string, path = '/api/health') => {
      const r = await fetch(`${url}${path}`);
      return { status: r.status, body: (await r.json()) as { data?: Record<string, string>; error?: { details?: Record<string, string> } } };
    };
    expect(await health(b.url)).toEqual({ status: 200, body: { data: { store: 'ok', redis: 'ok' } } });
    await redis.kill();
    // The load balancer's probe keeps the instance in (it serves) and reports Redis down;
    // the dependencies probe names Redis as the part that does not answer.
    expect(await health(a.url)).toEqual({ status: 200, body: { data: { store: 'ok', redis: 'unavailable' } } });
    const down = await health(a.url, '/api/health/dependencies');
    expect(down.status).toBe(503);
    expect(down.body.error?.details).toEqual({ store: 'ok', redis: 'unavailable' });
    // While Redis is away an application is still taken (its limit falls back to the instance's own count).
    const during = await applyWithCv(a.url, positionId, `scale-down-${randomBytes(4).toString('hex')}@example.se`);
    expect(during.status).toBe(201);
    await redis.restart();
    // Each instance closes its sockets once its subscription is back (1012: reconnect and catch up).
    const [ca, cb] = await Promise.all([onA.closed, onB.closed]);
    expect([ca.code, cb.code]).toEqual([1012, 1012]);
    const bell = await joinedSocket(b.url, admin, containerId);
    // A's publishing connection comes back on its own backoff; an announcement it could not
    // send meanwhile goes out once it is back, so this bell rings either way.
    const applied = await applyWithCv(a.url, positionId, `scale-after-${randomBytes(4).toString('hex')}@example.se`);
    expect(applied.status).toBe(201);
    await bell.next((e) => (e.data as { id?: number })?.id === applied.id, 10_000);
    // What a reconnecting client catches up with through B holds the application taken while Redis was away.
    const caught = await answerOf(b.url, admin, 'get_notifications', { containerId, take: 100 });
    expect(caught.items.some((n) => n.data.id === during.id)).toBe(true);
    expect(a.child.exitCode).toBeNull();
    expect(b.child.exitCode).toBeNull();
    expect(b.output()).toContain('redis reconnected');
    expect((await health(a.url)).status).toBe(200);
    bell.ws.close();
  });
});
