import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationDoc } from '../../server/domain/core/docs';
import { dataUrl, demoPositions, validAnswers } from '../integration/helpers/domain';
import { DEMO, startTestServer, TEST_PASSWORD, type TestServer } from '../integration/helpers/server';

/**
 * Findings of the attack review (issue 10 §6): a client behind TRUST_PROXY chose its own IP
 * through X-Forwarded-For, ten wrong passwords locked the real user out, a `cv.html` of plain
 * text downloaded as `cv.html`, and `HEAD /` answered 204.
 */
describe('behind a trusted proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'blankett-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Blankett</title>');
    server = await startTestServer({
      kind: 'embedded',
      seed: true,
      config: { trustProxy: true, distDir: dist, rateLimits: { loginPerIp: 5, loginPerAccount: 3, applyPerIp: 30, windowMs: 60_000 } },
    });
  }, 60_000);
  afterAll(() => server?.close());

  const login = (password: string, forwardedFor: string) =>
    server.request('POST', '/api/account/login', { email: DEMO.writer, password }, { 'x-forwarded-for': forwardedFor });

  it('trusts only the proxy hop: a client inventing X-Forwarded-For addresses is still limited by its real one', async () => {
    const statuses: number[] = [];
    // The proxy appends the address it saw (203.0.113.9); what the client wrote comes first.
    for (let i = 0; i < 7; i++) statuses.push((await login('fel', `10.0.0.${i}, 203.0.113.9`)).status);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('slows the attacker, not the owner: failures from one address do not lock the account for another', async () => {
    for (let i = 0; i < 3; i++) expect((await login('gissning', '198.51.100.7')).status).toBe(401);
    expect((await login(TEST_PASSWORD, '198.51.100.7')).status).toBe(429);
    expect((await login(TEST_PASSWORD, '192.0.2.44')).status).toBe(200);
  });

  it('answers HEAD / like GET /: 200 with the length of the page, not 204', async () => {
    const head = await fetch(`${server.url}/`, { method: 'HEAD' });
    const get = await fetch(`${server.url}/`);
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/text\/html/);
    expect(head.headers.get('content-length')).toBe(get.headers.get('content-length'));
  });

  it('serves a plain-text upload named cv.html as cv.txt, text/plain', async () => {
    const { open } = await demoPositions(server);
    const email = 'html-namn@example.se';
    const text = Buffer.from('<html><body onload="alert(1)">CV</body></html>');
    const metadata = validAnswers(email, { form_file: [{ filename: 'cv.html', type: 'text/plain', data: dataUrl('text/plain', text) }] });
    const r = await server.request('POST', '/api/public/positions/apply', { action: 'create_jobApplication', data: { email, positionId: open.id, metadata } });
    expect(r.status).toBe(201);
    const doc = (await server.deps.store.collection<ApplicationDoc>('applications').findOne({ positionId: open.id, email }))!;
    const token = await server.login(DEMO.reader);
    const res = await fetch(`${server.url}/api/dispatcher/storage/application/${doc.id}/files/${doc.files[0]!.url}`, {
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '192.0.2.81' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="cv\.txt"/);
  });
});
