import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import { signToken } from '../../server/auth/tokens';
import type { UserDoc } from '../../server/auth/users';
import { storeKinds } from '../setup/stores';
import { container } from './helpers/domain';
import { DEMO, TEST_PASSWORD, startTestServer, type TestServer } from './helpers/server';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe.each(storeKinds())('sessions you can see on the %s store', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    // Behind a trusted proxy the client's address is the forwarded one, so a test can come from any network.
    server = await startTestServer({ kind, seed: true, config: { trustProxy: true } });
  }, 60_000);
  afterAll(() => server?.close());

  /** Logs in as `email` from a browser and an address. */
  const loginFrom = async (email: string, userAgent: string, ip: string) => {
    const r = await server.request('POST', '/api/account/login', { email, password: TEST_PASSWORD }, { 'user-agent': userAgent, 'x-forwarded-for': ip });
    expect(r.status).toBe(200);
    return r.body.token as string;
  };
  const sessions = async (token: string) => {
    const r = await server.call(token, 'get_sessions');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data as { id: string; device: string; network: string; current: boolean; thisDevice: string; lastUsed: number }[];
  };

  it('lists each session with its device and network, ends one at once and leaves the other working', async () => {
    const laptop = await loginFrom(DEMO.writer, FIREFOX_WINDOWS, '203.0.113.77');
    const phone = await loginFrom(DEMO.writer, SAFARI_IPHONE, '2001:db8:abcd:12::5');
    const list = await sessions(laptop);
    expect(list.map(({ device, network, current, thisDevice }) => ({ device, network, current, thisDevice })).sort((a, b) => a.device.localeCompare(b.device))).toEqual([
      { device: 'Firefox på Windows', network: '203.0.113.0/24', current: true, thisDevice: sv.sessions.thisDevice },
      { device: 'Safari på iPhone', network: '2001:db8:abcd::/48', current: false, thisDevice: '' },
    ]);
    // Only the description is stored, never the whole address or the header.
    const stored = JSON.stringify(await server.deps.store.collection('sessions').find({}));
    expect(stored).not.toContain('203.0.113.77');
    expect(stored).not.toContain('Gecko');

    const phoneSession = list.find((s) => !s.current)!;
    expect((await server.call(laptop, 'delete_session', { id: phoneSession.id })).body.data).toEqual({ id: phoneSession.id, deleted: true });
    expect((await server.call(phone, 'get_sessions')).status).toBe(401);
    expect((await sessions(laptop)).map((s) => s.device)).toEqual(['Firefox på Windows']);
    // Someone else's session is not theirs to end.
    const reader = await loginFrom(DEMO.reader, FIREFOX_WINDOWS, '10.1.2.3');
    expect((await server.call(reader, 'delete_session', { id: (await sessions(laptop))[0]!.id })).status).toBe(404);
    expect((await sessions(reader))[0]).toMatchObject({ network: sv.sessions.localNetwork, current: true });
    expect((await server.call(laptop, 'get_sessions')).status).toBe(200);
  });

  it("'Logga ut överallt' ends every other session of the account, a token from before session records too, and keeps this one", async () => {
    const one = await loginFrom(DEMO.reader, FIREFOX_WINDOWS, '198.51.100.1');
    const two = await loginFrom(DEMO.reader, SAFARI_IPHONE, '198.51.100.2');
    // A token issued before sessions were recorded names no session.
    const reader = (await server.deps.store.collection<UserDoc>('users').findOne({ email: DEMO.reader }))!;
    const legacy = await signToken(server.config.jwtSecret, reader, server.deps.now());
    expect((await server.call(legacy, 'get_sessions')).status).toBe(200);
    const ended = await server.call(one, 'delete_sessions', {});
    expect(ended.status).toBe(200);
    expect(ended.body.data.ended).toBeGreaterThanOrEqual(1);
    expect((await server.call(two, 'get_sessions')).status).toBe(401);
    expect((await server.call(legacy, 'get_sessions')).status).toBe(401);
    expect((await sessions(one)).map((s) => s.thisDevice)).toEqual([sv.sessions.thisDevice]);
  });

  it("lets an administrator end a colleague's sessions in the organisation, and nobody else", async () => {
    const containerId = (await container(server)).id;
    const colleague = await loginFrom(DEMO.writer, SAFARI_IPHONE, '192.0.2.10');
    const writerId = (await server.deps.store.collection('users').findOne({ email: DEMO.writer }))!.id as number;
    const reader = await server.login(DEMO.reader);
    expect((await server.call(reader, 'delete_sessions', { userId: writerId, containerId })).status).toBe(403);
    expect((await server.call(colleague, 'get_sessions')).status).toBe(200);
    const admin = await server.login(DEMO.admin);
    expect((await server.call(admin, 'delete_sessions', { userId: writerId })).status).toBe(400);
    const r = await server.call(admin, 'delete_sessions', { userId: writerId, containerId });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await server.call(colleague, 'get_sessions')).status).toBe(401);
    expect((await server.call(admin, 'get_sessions')).status).toBe(200);
  });
});
