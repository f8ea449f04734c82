import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import type { Hub } from '../../server/base/deps';
import type { Logger } from '../../server/base/logger';
import type { Principal } from '../../server/base/principal';
import { attachHub, type HubOptions } from '../../server/realtime/hub';
import { allowOrigins } from '../../server/realtime/origin';

const person = (userId: number, email: string): Principal => ({ userId, email, givenName: 'Test', familyName: 'Person', isOdin: false });

interface Client {
  ws: WebSocket;
  received: Record<string, unknown>[];
  /** Resolves with the next message not yet taken. */
  next(): Promise<Record<string, unknown>>;
  closed: Promise<{ code: number }>;
}

describe('the real-time hub', () => {
  let server: Server;
  let hub: Hub;
  let port: number;
  let logLines: string[];
  /** Who a token stands for; deleting an entry revokes the token. */
  let tokens: Map<string, Principal>;
  /** userId → container ids the user has a role in. */
  let memberships: Map<number, number[]>;

  async function start(extra: Partial<HubOptions> = {}) {
    logLines = [];
    const log: Logger = {
      info: (msg, f) => logLines.push(`${msg} ${JSON.stringify(f ?? {})}`),
      warn: (msg, f) => logLines.push(`${msg} ${JSON.stringify(f ?? {})}`),
      error: (msg, f) => logLines.push(`${msg} ${JSON.stringify(f ?? {})}`),
    };
    tokens = new Map([
      ['tok-anna', person(1, 'anna@x.se')],
      ['tok-bo', person(2, 'bo@x.se')],
      ['tok-cia', person(3, 'cia@x.se')],
    ]);
    memberships = new Map([
      [1, [1]],
      [2, [2]],
      [3, []],
    ]);
    server = createServer((_req, res) => res.end('ok'));
    hub = attachHub(server, {
      verifyToken: async (token) => tokens.get(token) ?? null,
      canJoin: async (p, containerId) => (memberships.get(p.userId) ?? []).includes(containerId),
      log,
      ...extra,
    });
    await new Promise<void>((res) => server.listen(0, '127.0.0.1', res));
    port = (server.address() as AddressInfo).port;
  }

  beforeEach(async () => {
    await start();
  });
  afterEach(async () => {
    await hub.close();
    await new Promise((res) => server.close(res));
  });

  /** Opens a socket; resolves with the client, or with the HTTP status the handshake was refused with. */
  function open(query: string, opts: { origin?: string; path?: string; autoPong?: boolean } = {}): Promise<Client | { status: number }> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}${opts.path ?? '/notifications'}${query}`, {
        ...(opts.origin ? { origin: opts.origin } : {}),
        autoPong: opts.autoPong ?? true,
      });
      const received: Record<string, unknown>[] = [];
      const waiting: ((m: Record<string, unknown>) => void)[] = [];
      let taken = 0;
      ws.on('message', (data) => {
        received.push(JSON.parse(data.toString()) as Record<string, unknown>);
        while (waiting.length > 0 && taken < received.length) waiting.shift()!(received[taken++]!);
      });
      const closed = new Promise<{ code: number }>((res) => ws.on('close', (code) => res({ code })));
      ws.on('unexpected-response', (_req, res) => {
        resolve({ status: res.statusCode ?? 0 });
        ws.terminate();
      });
      ws.on('error', (err) => {
        if (ws.readyState === WebSocket.CONNECTING) reject(err);
      });
      ws.on('open', () =>
        resolve({
          ws,
          received,
          closed,
          next: () => new Promise((res) => (taken < received.length ? res(received[taken++]!) : waiting.push(res))),
        }),
      );
    });
  }

  async function connect(token: string, opts: { origin?: string; autoPong?: boolean } = {}): Promise<Client> {
    const c = await open(`?access_token=${token}`, opts);
    if (!('ws' in c)) throw new Error(`handshake refused with ${c.status}`);
    return c;
  }

  const send = (c: Client, value: unknown) => c.ws.send(typeof value === 'string' ? value : JSON.stringify(value));

  /**
   * Everything the server sent before it answered one more request: a socket's messages
   * arrive in order, so an event published earlier would be in this list.
   */
  async function drain(c: Client): Promise<Record<string, unknown>[]> {
    send(c, { type: 'Leave', containerId: 999 });
    const got: Record<string, unknown>[] = [];
    for (;;) {
      const m = await c.next();
      if (m.type === 'Left' && m.containerId === 999) return got;
      got.push(m);
    }
  }

  it('refuses a handshake without a token with 401, before any upgrade', async () => {
    expect(await open('')).toEqual({ status: 401 });
  });

  it('refuses a handshake with an unknown or revoked token with 401', async () => {
    expect(await open('?access_token=forged')).toEqual({ status: 401 });
    tokens.delete('tok-bo');
    expect(await open('?access_token=tok-bo')).toEqual({ status: 401 });
  });

  it('refuses a page from another origin with 403 and accepts the same host', async () => {
    expect(await open('?access_token=tok-anna', { origin: 'https://evil.example' })).toEqual({ status: 403 });
    const ok = await connect('tok-anna', { origin: `http://127.0.0.1:${port}` });
    ok.ws.close();
  });

  it('accepts an origin on the configured list', async () => {
    await hub.close();
    await new Promise((res) => server.close(res));
    await start({ allowedOrigins: allowOrigins(['https://portal.example.se']) });
    const c = await connect('tok-anna', { origin: 'https://portal.example.se' });
    c.ws.close();
    expect(await open('?access_token=tok-anna', { origin: 'https://other.example.se' })).toEqual({ status: 403 });
  });

  it('leaves other paths alone', async () => {
    expect(await open('?access_token=tok-anna', { path: '/elsewhere' })).toEqual({ status: 404 });
  });

  it('lets a member join its container and answers a foreign container with a Swedish Exception', async () => {
    const anna = await connect('tok-anna');
    send(anna, { type: 'Join', containerId: 1 });
    expect(await anna.next()).toEqual({ type: 'Joined', containerId: 1 });
    send(anna, { type: 'Join', containerId: 2 });
    expect(await anna.next()).toEqual({ type: 'Exception', message: sv.realtime.joinForbidden });
    hub.publish(2, { type: 'Notification', title: 'hemligt' });
    expect(await drain(anna)).toEqual([]);
  });

  it('delivers a published event to the members of that container only', async () => {
    const anna = await connect('tok-anna');
    const annaAgain = await connect('tok-anna');
    const bo = await connect('tok-bo');
    const cia = await connect('tok-cia');
    for (const [c, id] of [[anna, 1], [annaAgain, 1], [bo, 2]] as const) {
      send(c, { type: 'Join', containerId: id });
      expect((await c.next()).type).toBe('Joined');
    }
    hub.publish(1, { type: 'Notification', notificationType: 'create_jobApplication', title: 'Ny ansökan', data: { positionId: 7, id: 42 } });
    const expected = { type: 'Notification', notificationType: 'create_jobApplication', title: 'Ny ansökan', data: { positionId: 7, id: 42 } };
    expect(await anna.next()).toEqual(expected);
    expect(await annaAgain.next()).toEqual(expected);
    expect(await drain(bo)).toEqual([]);
    expect(await drain(cia)).toEqual([]);
  });

  it('stops delivering after Leave and after the socket closes', async () => {
    const anna = await connect('tok-anna');
    send(anna, { type: 'Join', containerId: 1 });
    await anna.next();
    send(anna, { type: 'Leave', containerId: 1 });
    expect(await anna.next()).toEqual({ type: 'Left', containerId: 1 });
    hub.publish(1, { type: 'Notification', title: 'x' });
    expect(await drain(anna)).toEqual([]);
    anna.ws.close();
    await anna.closed;
    expect(() => hub.publish(1, { type: 'Notification', title: 'y' })).not.toThrow();
  });

  it.each([
    ['text that is not JSON', '{nope', sv.realtime.badMessage],
    ['an unknown type', { type: 'Explode' }, sv.realtime.unknownType],
    ['a Join without a usable id', { type: 'Join', containerId: { $gt: 0 } }, sv.realtime.badMessage],
    ['a JSON array', '[1,2]', sv.realtime.badMessage],
  ])('answers %s with an Exception and keeps the socket open', async (_name, message, text) => {
    const anna = await connect('tok-anna');
    send(anna, message);
    expect(await anna.next()).toEqual({ type: 'Exception', message: text });
    send(anna, { type: 'Join', containerId: 1 });
    expect(await anna.next()).toEqual({ type: 'Joined', containerId: 1 });
  });

  it('closes a socket that sends an oversized message and keeps serving others', async () => {
    const anna = await connect('tok-anna');
    send(anna, JSON.stringify({ type: 'Join', containerId: 1, pad: 'x'.repeat(10_000) }));
    expect((await anna.closed).code).toBe(1009);
    const again = await connect('tok-anna');
    send(again, { type: 'Join', containerId: 1 });
    expect(await again.next()).toEqual({ type: 'Joined', containerId: 1 });
  });

  it('rate-limits a flooding client and finally disconnects it', async () => {
    const anna = await connect('tok-anna');
    for (let i = 0; i < 40; i++) send(anna, { type: 'Join', containerId: 1 });
    expect((await anna.closed).code).toBe(1008);
    expect(anna.received.some((m) => m.type === 'Exception' && m.message === sv.realtime.rateLimited)).toBe(true);
    expect(anna.received.filter((m) => m.type === 'Joined').length).toBeLessThanOrEqual(10);
  });

  describe('with a fast heartbeat', () => {
    beforeEach(async () => {
      await hub.close();
      await new Promise((res) => server.close(res));
      await start({ heartbeatMs: 60 });
    });

    it('drops a client that stops answering pings', async () => {
      const silent = await connect('tok-anna', { autoPong: false });
      const lively = await connect('tok-bo');
      expect((await silent.closed).code).toBe(1006);
      expect(lively.ws.readyState).toBe(WebSocket.OPEN);
    });

    it('disconnects a socket whose token was revoked and stops events for a lost membership', async () => {
      const anna = await connect('tok-anna');
      const bo = await connect('tok-bo');
      send(bo, { type: 'Join', containerId: 2 });
      await bo.next();
      memberships.set(2, []);
      tokens.delete('tok-anna');
      expect((await anna.closed).code).toBe(1008);
      await new Promise((r) => setTimeout(r, 150));
      hub.publish(2, { type: 'Notification', title: 'efter' });
      expect(await drain(bo)).toEqual([]);
    });
  });

  it('terminates every socket on close and refuses new ones', async () => {
    const anna = await connect('tok-anna');
    await hub.close();
    expect((await anna.closed).code).toBe(1006);
    // Without the hub the plain HTTP handler answers: no socket is opened.
    expect(await open('?access_token=tok-anna')).toEqual({ status: 200 });
  });

  it('never writes a token to the log', async () => {
    await open('?access_token=forged-secret-token');
    await open('?access_token=tok-anna', { origin: 'https://evil.example' });
    const anna = await connect('tok-anna');
    send(anna, JSON.stringify({ pad: 'x'.repeat(10_000) }));
    await anna.closed;
    expect(logLines.join('\n')).not.toMatch(/tok-anna|forged-secret-token/);
  });
});
