import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../integration/helpers/server';

/** Found by schemathesis: a method the router does not know (TRACE) ended as a 500 and an error log line. */
describe('a method nobody serves', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind: 'embedded' });
  }, 60_000);
  afterAll(() => server?.close());

  it('answers TRACE on an API route with 405 in the error shape and logs no error', async () => {
    // fetch refuses TRACE; node's http client sends it as a fuzzer or attacker would.
    const r = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${server.url}/api/public/positions`, { method: 'TRACE' }, (res) => {
        let body = '';
        res.on('data', (d) => (body += String(d)));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(r.status).toBe(405);
    expect(JSON.parse(r.body).error.code).toBe('method_not_allowed');
    expect(server.logs.filter((l) => l.includes('"level":"error"'))).toEqual([]);
  });
});
