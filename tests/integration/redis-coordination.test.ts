import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'redis';
import type { Coordination } from '../../server/coord/port';
import { redisCoordination } from '../../server/coord/redis';
import { redisServerBinary, startRedis, type RunningRedis } from '../../scripts/redis';
import { DEMO, startTestServer, TEST_PASSWORD, type TestServer } from './helpers/server';

/**
 * The Redis half of server/coord against a real redis-server: the counters and tickets are
 * atomic across callers, nothing personal is readable in Redis, and an instance that starts
 * while Redis is away serves (limits counted by itself, export tickets refused) and picks
 * Redis up once it is back.
 */

const bin = redisServerBinary();
if (!bin && process.env.CI === 'true') throw new Error('CI=true: redis-server missing (scripts/ensure-test-tools.sh)');
const quiet = { info() {}, warn() {}, error() {} };

describe.skipIf(!bin)('Redis coordination', () => {
  let redis: RunningRedis;
  let coord: Coordination;

  beforeAll(async () => {
    redis = await startRedis(bin!);
    coord = await redisCoordination(redis.url, quiet);
  });
  afterAll(async () => {
    await coord?.close();
    await redis?.stop();
  });

  it('counts 40 parallel attempts against a limit of 10 exactly 10 times, and gives one back', async () => {
    const results = await Promise.all(Array.from({ length: 40 }, () => coord.counters.take('pair\nx@example.se\n10.0.0.1', 10, 60_000)));
    expect(results.filter((r) => r.taken)).toHaveLength(10);
    expect(results.every((r) => r.resetAt > Date.now() && r.resetAt <= Date.now() + 60_000)).toBe(true);
    await coord.counters.release('pair\nx@example.se\n10.0.0.1');
    expect((await coord.counters.take('pair\nx@example.se\n10.0.0.1', 10, 60_000)).taken).toBe(true);
    expect((await coord.counters.take('pair\nx@example.se\n10.0.0.1', 10, 60_000)).taken).toBe(false);
    await coord.counters.clear('pair\nx@example.se\n10.0.0.1');
    expect((await coord.counters.take('pair\nx@example.se\n10.0.0.1', 10, 60_000)).count).toBe(1);
  });

  it('hands a ticket to exactly one of 10 parallel takers, and none after it expired', async () => {
    await coord.tickets.put('t1', 'spec', 60_000);
    const taken = await Promise.all(Array.from({ length: 10 }, () => coord.tickets.take('t1')));
    expect(taken.filter((t) => t === 'spec')).toHaveLength(1);
    await coord.tickets.put('t2', 'spec', 1);
    const raw = createClient({ url: redis.url });
    await raw.connect();
    try {
      // Wait for Redis to have expired it (a state, not a time).
      while ((await raw.keys('blankett:ticket:*')).length > 0) await new Promise((r) => setTimeout(r, 5));
      expect(await coord.tickets.take('t2')).toBeNull();
    } finally {
      await raw.quit();
    }
  });

  it('keeps no email, address or ticket readable in Redis keys or values', async () => {
    await coord.counters.take('account\nsecret.person@example.se', 10, 60_000);
    await coord.tickets.put('the-ticket-itself', '{"kind":"csv"}', 60_000);
    const raw = createClient({ url: redis.url });
    await raw.connect();
    try {
      const keys = await raw.keys('*');
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.join(' ')).not.toMatch(/example\.se|10\.0\.0\.1|the-ticket-itself/);
    } finally {
      await raw.quit();
    }
  });

  it('limits open sockets per key across callers, frees a released slot', async () => {
    const keys = [{ key: 'user:1', limit: 2 }];
    const got = await Promise.all(['s1', 's2', 's3', 's4'].map((id) => coord.sockets!.acquire(id, keys)));
    expect(got.filter(Boolean)).toHaveLength(2);
    const held = ['s1', 's2', 's3', 's4'].filter((_, i) => got[i]);
    await coord.sockets!.release(held[0]!, ['user:1']);
    expect(await coord.sockets!.acquire('s5', keys)).toBe(true);
    expect(await coord.sockets!.acquire('s6', keys)).toBe(false);
  });
});

describe.skipIf(!bin)('an instance started while Redis is down', () => {
  let redis: RunningRedis;
  let server: TestServer;

  beforeAll(async () => {
    redis = await startRedis(bin!);
    await redis.kill();
    server = await startTestServer({ kind: 'embedded', seed: true, config: { redisUrl: redis.url } });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await redis?.stop();
  });

  it('serves, still stops a password guesser on its own count, refuses export tickets in Swedish, and uses Redis once it is back', async () => {
    expect(server.logs.join('\n')).toContain('redis not reachable at start');
    const admin = await server.login(DEMO.admin, TEST_PASSWORD);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await server.request('POST', '/api/account/login', { email: DEMO.reader, password: `fel-${i}` })).status);
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);

    const { body: positions } = await server.request('GET', '/api/public/positions?take=1&page=1');
    const p = positions.data.items[0] as { id: number; containerId: number };
    const refused = await server.call(admin, 'create_applicantsExport', { containerId: p.containerId, positionId: p.id });
    expect(refused.status).toBe(503);
    expect(refused.body.error).toMatchObject({ code: 'unavailable', message: 'Tjänsten är tillfälligt otillgänglig. Försök igen om en stund.' });

    await redis.restart();
    // The client reconnects on its own backoff (at most 2 s); wait for that state.
    let made = refused;
    for (let i = 0; i < 100 && made.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      made = await server.call(admin, 'create_applicantsExport', { containerId: p.containerId, positionId: p.id });
    }
    expect(made.status).toBe(200);
    const url = (made.body as { data: { url: string } }).data.url;
    expect((await server.request('GET', url, undefined, { authorization: `Bearer ${admin}` })).status).toBe(200);
    expect((await server.request('GET', url, undefined, { authorization: `Bearer ${admin}` })).status).toBe(404);
  });
});
