import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeKinds } from '../setup/stores';
import { applyTo, demoPositions, validAnswers } from './helpers/domain';
import { startTestServer, type TestServer } from './helpers/server';

describe.each(storeKinds())('apply rate limit on the %s store', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
  });
  afterAll(() => server?.close());

  it('answers 429 rate_limited once one address has sent 30 applications in a minute, and stores nothing', async () => {
    const { open } = await demoPositions(server);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push((await server.request('POST', '/api/public/positions/apply', { action: 'create_jobApplication', data: {} })).status);
    }
    expect(statuses.every((s) => s === 400)).toBe(true);
    const limited = await applyTo(server, open.id, 'sen.gast@example.se', validAnswers('sen.gast@example.se'));
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(await server.deps.store.collection('applications').count({ email: 'sen.gast@example.se' })).toBe(0);
  });
});
