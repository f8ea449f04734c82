import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisServerBinary, startRedis, type RunningRedis } from '../../scripts/redis';
import { storeKinds } from '../setup/stores';
import { startSmtp } from './helpers/smtp';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

/**
 * Health a load balancer can use (issue 24 item 5), against a real redis-server: while Redis
 * is killed under traffic the instance keeps serving and `/api/health` stays 200 with Redis
 * reported down (a Redis restart must not take every instance out of the pool), while
 * `/api/health/dependencies` answers 503 naming it; `/api/health` answers 503 only when this
 * instance's own store does not answer.
 */

const bin = redisServerBinary();
if (!bin && process.env.CI === 'true') throw new Error('CI=true: redis-server missing (scripts/ensure-test-tools.sh)');

type Health = { status: number; body: { data?: Record<string, string>; error?: { code: string; details?: Record<string, string> } } };

describe.skipIf(!bin).each(storeKinds())('health probes on the %s store', (kind) => {
  let redis: RunningRedis;
  let server: TestServer;

  // What a probe says of Redis, from a 200's fields or a 503's details.
  const redisIn = (h: Health) => h.body.data?.redis ?? h.body.error?.details?.redis;
  const health = async (s: TestServer, path = '/api/health'): Promise<Health> => {
    const r = await s.request('GET', path);
    return { status: r.status, body: r.body };
  };

  beforeAll(async () => {
    redis = await startRedis(bin!);
    server = await startTestServer({ kind, seed: true, config: { redisUrl: redis.url } });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await redis?.stop();
  });

  it('stays 200 with Redis reported down while Redis is killed under traffic; the dependencies probe says 503', async () => {
    expect(await health(server)).toEqual({ status: 200, body: { data: { store: 'ok', redis: 'ok' } } });
    const admin = await server.login(DEMO.admin);
    const traffic: number[] = [];
    const probes: Health[] = [];
    let live = true;
    const worker = async (i: number) => {
      while (live) {
        const r = i % 2
          ? await server.request('GET', '/api/public/positions?take=5&page=1')
          : await server.call(admin, 'get_myContainers', {});
        traffic.push(r.status);
      }
    };
    const prober = async () => {
      while (live) probes.push(await health(server));
    };
    const running = [worker(0), worker(1), prober()];
    let down = false;
    const until = async (cond: () => boolean) => {
      while (!cond()) await new Promise((r) => setTimeout(r, 20));
    };
    try {
      await until(() => probes.length >= 2 && traffic.length >= 20);
      await redis.kill();
      down = true;
      // Down for a while: until the probe has reported Redis down 20 times and 300 requests
      // were answered meanwhile (what a load balancer probing every few seconds would see).
      const downAt = traffic.length;
      await until(() => probes.filter((p) => redisIn(p) === 'unavailable').length >= 20 && traffic.length >= downAt + 300);
      const deps = await health(server, '/api/health/dependencies');
      expect(deps.status).toBe(503);
      expect(deps.body.error?.details).toEqual({ store: 'ok', redis: 'unavailable' });
      await redis.restart();
      down = false;
      const upFrom = probes.length;
      await until(() => probes.slice(upFrom).some((p) => redisIn(p) === 'ok'));
    } finally {
      live = false;
      await Promise.all(running);
      if (down) await redis.restart();
    }
    // Every probe kept the instance in the pool, and every request was served.
    expect(probes.filter((p) => p.status !== 200)).toEqual([]);
    expect(new Set(probes.map(redisIn))).toEqual(new Set(['ok', 'unavailable']));
    expect(traffic.filter((s) => s !== 200)).toEqual([]);
    expect((await health(server, '/api/health/dependencies')).status).toBe(200);
  }, 120_000);

  it('answers 503 naming the store when this instance\u2019s store does not answer', async () => {
    // A second instance (on the mongo store: its own connection to the same database) whose store goes away.
    const other = await startTestServer(kind === 'mongo' ? { kind, peerOf: server } : { kind });
    try {
      expect((await health(other)).status).toBe(200);
      await other.deps.store.close();
      const down = await health(other);
      expect(down.status).toBe(503);
      expect(down.body.error?.code).toBe('unavailable');
      expect(down.body.error?.details?.store).toBe('unavailable');
    } finally {
      await other.close().catch(() => undefined);
    }
    // The first instance is not affected.
    expect((await health(server)).status).toBe(200);
  });
});

describe('the SMTP field of the health probes', () => {
  it('reports SMTP down without failing /api/health, 503 on /api/health/dependencies, and ok once it is back', async () => {
    const smtp = await startSmtp();
    await smtp.stop();
    const server = await startTestServer({ kind: 'embedded', config: { smtpUrl: smtp.url } });
    try {
      const lb = await server.request('GET', '/api/health');
      expect([lb.status, lb.body]).toEqual([200, { data: { store: 'ok', smtp: 'unavailable' } }]);
      const deps = await server.request('GET', '/api/health/dependencies');
      expect([deps.status, deps.body.error?.details]).toEqual([503, { store: 'ok', smtp: 'unavailable' }]);
      expect(lb.text + deps.text).not.toContain(String(smtp.port));
      await smtp.start();
      const back = await server.request('GET', '/api/health/dependencies');
      expect([back.status, back.body]).toEqual([200, { data: { store: 'ok', smtp: 'ok' } }]);
    } finally {
      await server.close();
      await smtp.stop();
    }
  });
});
