import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

describe('structured logs with a request id', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind: 'embedded', seed: true });
  }, 60_000);
  afterAll(() => server?.close());

  it('answers every request with an X-Request-Id that its log lines carry', async () => {
    const token = await server.login(DEMO.reader);
    const r = await server.call(token, 'get_containers', {});
    const id = r.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const lines = server.logs.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.requestId === id);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.some((l) => l.msg === 'http' && l.status === 200)).toBe(true);
    // Two requests, two ids.
    const other = await server.call(token, 'get_containers', {});
    expect(other.headers.get('x-request-id')).not.toBe(id);
  });

  it('keeps the token out of the log lines of a request', async () => {
    const token = await server.login(DEMO.writer);
    await server.call(token, 'get_containers', {});
    expect(server.logs.join('\n')).not.toContain(token.split('.')[2]);
  });
});
