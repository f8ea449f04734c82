import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedGuessesBound } from '../../server/auth/login-throttle';
import { storeKinds } from '../setup/stores';
import { mailedToken, mailsTo } from './helpers/mailbox';
import { DEMO, startTestServer, TEST_PASSWORD, type TestServer } from './helpers/server';

async function until<T>(probe: () => T | undefined | Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const v = await probe();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * A bare login POST on a keep-alive socket: a quarter of fetch's CPU per request, which is
 * what makes 10,000 attempts affordable in a test. Resolves with the status.
 */
function rawLogin(server: TestServer, agent: Agent, body: { email: string; password: string }, ip: string): Promise<number> {
  const url = new URL(server.url);
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: '/api/account/login',
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), 'x-forwarded-for': ip },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

const COMMON = 'Lösenordet är för vanligt: det finns i listor över läckta lösenord. Välj ett annat.';
const ORG = 'Lösenordet får inte vara organisationens namn eller likna det.';
const SLOWED = 'För många felaktiga inloggningsförsök på kontot. Vänta en stund och försök igen, eller återställ lösenordet via ”Glömt lösenordet?”.';

describe.each(storeKinds())('password rules on the %s store', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });
  const register = (email: string, password: string) => server.request('POST', '/api/account/register', { email, password, confirmPassword: password });

  it('refuses at register a password shorter than 10, a breached one and the email itself, and takes a good one', async () => {
    expect((await register('regler@test.se', 'Hav-Sten9')).body.error.details).toContainEqual({ path: '/password', message: 'Lösenordet måste vara minst 10 tecken' });
    expect((await register('regler@test.se', 'password1234')).body.error.details).toContainEqual({ path: '/password', message: COMMON });
    expect((await register('regler@test.se', 'Regler@Test.se')).body.error.details).toContainEqual({
      path: '/password',
      message: 'Lösenordet får inte vara din e-postadress eller likna den.',
    });
    expect((await register('regler@test.se', 'Grön-Tall-Fjäll-72')).status).toBe(201);
  });

  it('refuses the organisation’s name as a new password in update_password, at /newPassword', async () => {
    const token = await server.login(DEMO.writer);
    const r = await server.call(token, 'update_password', { password: TEST_PASSWORD, newPassword: 'Demoföretaget2025', confirmNewPassword: 'Demoföretaget2025' });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toContainEqual({ path: '/newPassword', message: ORG });
    const short = await server.call(token, 'update_password', { password: TEST_PASSWORD, newPassword: 'kort9', confirmNewPassword: 'kort9' });
    expect(short.body.error.details).toContainEqual({ path: '/newPassword', message: 'Lösenordet måste vara minst 10 tecken' });
  });

  it('refuses the organisation’s name when an invited person chooses a password, and takes a good one', async () => {
    const admin = await server.login(DEMO.admin);
    const demoId = (await server.call(admin, 'get_containers')).body.data[0].id;
    expect((await server.call(admin, 'create_userContainerPermission', { containerId: demoId, email: 'inbjuden@test.se', permissionId: 2 })).status).toBe(200);
    const token = await mailedToken(server, 'inbjuden@test.se', 'invitation');
    const bad = await server.request('POST', '/api/account/invitation/accept', { token, password: 'Demoföretaget AB', confirmPassword: 'Demoföretaget AB' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toContainEqual({ path: '/password', message: ORG });
    const good = await server.request('POST', '/api/account/invitation/accept', { token, password: 'Grön-Tall-Fjäll-72', confirmPassword: 'Grön-Tall-Fjäll-72' });
    expect(good.status).toBe(200);
  });
});

describe.each(storeKinds())('the login ceiling per account across addresses on the %s store', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true, config: { trustProxy: true } });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });
  const login = (email: string, password: string, ip: string) =>
    server.request('POST', '/api/account/login', { email, password }, { 'x-forwarded-for': ip });

  it('slows the account after 10 wrong guesses from 10 addresses, mails the owner once, and still lets the owner in from a new address', async () => {
    for (let i = 0; i < 10; i++) expect((await login(DEMO.reader, `gissning-${i}`, `198.51.100.${i}`)).status).toBe(401);
    const eleventh = await login(DEMO.reader, 'gissning-11', '198.51.100.200');
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.error).toMatchObject({ code: 'rate_limited', message: SLOWED });
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(0);
    // An address that has guessed is refused at once, even with the right password.
    expect((await login(DEMO.reader, TEST_PASSWORD, '198.51.100.200')).status).toBe(429);
    expect((await login(DEMO.reader, 'gissning-12', '198.51.100.201')).status).toBe(429);

    const mail = await until(async () => (await mailsTo(server, DEMO.reader)).find((m) => m.includes('fel lösenord många gånger')), 'the owner’s mail');
    expect(mail).toContain(`${server.config.publicUrl}/forgot`);
    const owner = await login(DEMO.reader, TEST_PASSWORD, '192.0.2.77');
    expect(owner.status).toBe(200);
    expect(typeof owner.body.token).toBe('string');
    // Again from the same address: the owner's success gave its attempt back.
    expect((await login(DEMO.reader, TEST_PASSWORD, '192.0.2.77')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect((await mailsTo(server, DEMO.reader)).filter((m) => m.includes('fel lösenord många gånger'))).toHaveLength(1);
  });

  it('answers an unknown email exactly like a known one, and mails nobody', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await login('ingen-alls@demo.test', `gissning-${i}`, `198.51.100.${50 + i}`)).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    expect(await mailsTo(server, 'ingen-alls@demo.test')).toEqual([]);
  });

  it('checks at most 110 of 10,000 wrong passwords spread over 100 addresses, refusing the rest without scrypt', async () => {
    const before = server.logs.length;
    const started = performance.now();
    const statuses = new Map<number, number>();
    let next = 0;
    const agent = new Agent({ keepAlive: true, maxSockets: 20 });
    // 20 at a time: the counts are taken before the check, so parallel guesses cannot slip past.
    try {
      await Promise.all(
        Array.from({ length: 20 }, async () => {
          while (next < 10_000) {
            const i = next++;
            const status = await rawLogin(server, agent, { email: DEMO.writer, password: `gissning-${i}` }, `203.0.113.${i % 100}`);
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
          }
        }),
      );
    } finally {
      agent.destroy();
    }
    const seconds = (performance.now() - started) / 1000;
    const checked = server.logs.slice(before).filter((l) => l.includes('"msg":"login"') && l.includes('"outcome":"wrong"')).length;
    expect(checked).toBeGreaterThan(10);
    expect(checked).toBeLessThanOrEqual(checkedGuessesBound(100));
    expect(checkedGuessesBound(100)).toBe(110);
    expect(statuses.get(200)).toBeUndefined();
    expect((statuses.get(401) ?? 0) + (statuses.get(429) ?? 0)).toBe(10_000);
    console.log(`10,000 guesses over 100 addresses (${kind}): ${checked} checked, ${seconds.toFixed(1)} s`);
    expect((await login(DEMO.writer, TEST_PASSWORD, '192.0.2.99')).status).toBe(200);
  }, 240_000);
});
