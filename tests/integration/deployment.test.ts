import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import { instanceKey, peerAlive, startHeartbeat } from '../../server/deployment/peers';
import { storeKinds } from '../setup/stores';
import { spawnServer } from './helpers/main-process';
import { startTestServer, type TestServer } from './helpers/server';

describe.each(storeKinds())('GET /api/health on the %s store', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind });
  });
  afterAll(() => server?.close());

  it('answers 200 while the store answers, uncached', async () => {
    const r = await server.request('GET', '/api/health');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { store: 'ok' } });
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('reports a dependency that does not answer (here a stand-in) without failing; /api/health/dependencies answers 503 naming it, nothing more', async () => {
    server.deps.healthChecks = { redis: () => Promise.reject(new Error('ECONNREFUSED 10.0.0.7:6379')) };
    try {
      const lb = await server.request('GET', '/api/health');
      expect(lb.status).toBe(200);
      expect(lb.body).toEqual({ data: { store: 'ok', redis: 'unavailable' } });
      const r = await server.request('GET', '/api/health/dependencies');
      expect(r.status).toBe(503);
      expect(r.body.error).toEqual({ code: 'unavailable', message: sv.deployment.unavailable, details: { store: 'ok', redis: 'unavailable' } });
      expect(r.headers.get('cache-control')).toBe('no-store');
      expect(lb.text + r.text).not.toContain('10.0.0.7');
    } finally {
      delete server.deps.healthChecks;
    }
  });

  it('tells a live peer from a stale heartbeat and from itself', async () => {
    const store = server.deps.store;
    expect(await peerAlive(store, 'här', Date.now(), 20)).toBe(false);
    // A heartbeat left by a process that died: recent, but its beat no longer moves.
    await store.collection('instances').insertOne({ key: 'död', host: 'x', pid: 1, beat: 4, seen: Date.now() });
    expect(await peerAlive(store, 'här', Date.now(), 20)).toBe(false);
    const beating = startHeartbeat(store, 'levande', 250);
    await beating.first;
    try {
      expect(await peerAlive(store, 'här', Date.now(), 250)).toBe(true);
      // Judged by the beat moving, not by clocks: an instance 5 minutes ahead or behind sees it alive too.
      expect(await peerAlive(store, 'här', Date.now() + 5 * 60 * 1000, 250)).toBe(true);
      expect(await peerAlive(store, 'här', Date.now() - 5 * 60 * 1000, 250)).toBe(true);
      expect(await peerAlive(store, 'levande', Date.now(), 250)).toBe(false);
    } finally {
      await beating.stop();
    }
    expect(await store.collection('instances').count({ key: 'levande' })).toBe(0);
  });

  it('keeps a busy peer that missed a beat alive', async () => {
    const store = server.deps.store;
    await store.collection('instances').insertOne({ key: 'upptagen', host: 'x', pid: 2, beat: 1, seen: Date.now() });
    try {
      // Its next beat comes two beats late (a loaded machine); one re-read after 1.5 beats called it dead.
      const late = new Promise((res) => setTimeout(res, 1000)).then(() => store.collection('instances').updateOne({ key: 'upptagen' }, { $inc: { beat: 1 } }));
      expect(await peerAlive(store, 'här', Date.now(), 500)).toBe(true);
      await late;
    } finally {
      await store.collection('instances').deleteOne({ key: 'upptagen' });
    }
  });
});

describe.runIf(storeKinds().includes('mongo'))('a second instance on one mongo database', () => {
  let first: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    first = await startTestServer({ kind: 'mongo' });
    dataDir = mkdtempSync(join(tmpdir(), 'blankett-second-'));
  });
  afterAll(async () => {
    await first?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses to start without Redis while a peer is alive, saying what to set', async () => {
    const beating = startHeartbeat(first.deps.store, instanceKey(first.testStore.dataDir));
    await beating.first;
    try {
      const uri = `${first.testStore.mongoUri!.replace(/\/[^/]*$/, '')}/${first.testStore.dbName}`;
      const env = { MONGODB_URI: uri, JWT_SECRET: 'z'.repeat(40), PUBLIC_URL: 'https://jobb.example.se', TRUST_PROXY: '1' };
      const started = spawnServer(join(dataDir, 'data'), env);
      await expect(started).rejects.toThrow(/avslutades \(1\)[\s\S]*Sätt REDIS_URL/);
      await expect(started).rejects.toThrow(sv.deployment.reasonPeer);
    } finally {
      await beating.stop();
    }
  });
});
