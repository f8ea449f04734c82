import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { applyTo, demoPositions, validAnswers } from '../integration/helpers/domain';
import { DEMO, startTestServer, type TestServer } from '../integration/helpers/server';

/**
 * Issue 10 §6: a logged-out WebSocket kept receiving applicant names until the next heartbeat
 * (30 s), and one account could open any number of sockets.
 */
describe('real-time sockets and sessions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind: 'embedded', seed: true });
  }, 60_000);
  afterAll(() => server?.close());

  function connect(token: string): Promise<{ ws: WebSocket; messages: Record<string, unknown>[]; closed: Promise<number> } | { status: number }> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${server.url.replace('http', 'ws')}/notifications?access_token=${encodeURIComponent(token)}`);
      const messages: Record<string, unknown>[] = [];
      const closed = new Promise<number>((res) => ws.on('close', (code) => res(code)));
      ws.on('message', (d) => messages.push(JSON.parse(String(d)) as Record<string, unknown>));
      ws.once('open', () => resolve({ ws, messages, closed }));
      ws.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }));
      ws.once('error', reject);
    });
  }

  async function joined(token: string) {
    const c = await connect(token);
    if ('status' in c) throw new Error(`handshake refused ${c.status}`);
    c.ws.send(JSON.stringify({ type: 'Join', containerId: 1 }));
    for (let i = 0; i < 50 && !c.messages.some((m) => m.type === 'Joined'); i++) await new Promise((r) => setTimeout(r, 20));
    expect(c.messages.some((m) => m.type === 'Joined')).toBe(true);
    return c;
  }

  it('closes the socket at logout: the next application reaches it no more', async () => {
    const token = await server.login(DEMO.reader);
    const c = await joined(token);
    expect((await server.request('POST', '/api/account/logout', undefined, { authorization: `Bearer ${token}` })).status).toBe(200);
    const { open } = await demoPositions(server);
    expect((await applyTo(server, open.id, 'efter.utloggning@example.se', validAnswers('efter.utloggning@example.se'))).status).toBe(201);
    const code = await Promise.race([c.closed, new Promise<number>((r) => setTimeout(() => r(-1), 2000))]);
    expect(code).toBe(1008);
    expect(c.messages.filter((m) => m.type === 'Notification')).toEqual([]);
  });

  it('keeps delivering to a session that is still valid', async () => {
    const token = await server.login(DEMO.writer);
    const c = await joined(token);
    const { open } = await demoPositions(server);
    expect((await applyTo(server, open.id, 'kvar@example.se', validAnswers('kvar@example.se'))).status).toBe(201);
    for (let i = 0; i < 100 && !c.messages.some((m) => m.type === 'Notification'); i++) await new Promise((r) => setTimeout(r, 20));
    expect(c.messages.some((m) => m.type === 'Notification')).toBe(true);
    c.ws.close();
  });

  it('refuses an eleventh socket of one user with 429', async () => {
    const token = await server.login(DEMO.admin);
    const open: WebSocket[] = [];
    for (let i = 0; i < 10; i++) {
      const c = await connect(token);
      if ('status' in c) throw new Error(`socket ${i} refused with ${c.status}`);
      open.push(c.ws);
    }
    const extra = await connect(token);
    expect('status' in extra && extra.status).toBe(429);
    for (const ws of open) ws.close();
  });
});
