import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../../engine/fill';
import { registerUser } from '../../server/auth/account';
import { storeKinds } from '../setup/stores';
import { container, otherOrganisation } from './helpers/domain';
import { mailedToken } from './helpers/mailbox';
import { CookieJar, startIdp, type TestIdp } from './helpers/oidc-provider';
import { DEMO, startTestServer, TEST_PASSWORD, type TestServer } from './helpers/server';

/**
 * Issue 29 item 1: staff sign in through their organisation's OpenID provider, a real one
 * (oidc-provider) on loopback, over real HTTP: authorization code with PKCE, state and nonce.
 */
describe.each(storeKinds())('single sign-on with OpenID Connect on the %s store', (kind) => {
  let server: TestServer;
  let idp: TestIdp;
  let odin: string;
  let containerId: number;
  let orgName: string;
  let otherId: number;

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true, config: { allowPrivateAddresses: true } });
    // The callback the provider knows is the server's own address (PUBLIC_URL in a deployment).
    server.deps.publicUrl = server.url;
    idp = await startIdp([`${server.url}/api/account/sso/callback`]);
    odin = await server.login(DEMO.odin);
    const c = await container(server);
    containerId = c.id;
    orgName = String(c.displayName || c.name);
    const other = await otherOrganisation(server);
    otherId = other.container.id;
    // Staff of the other organisation whose address is in the demo organisation's domain, and a candidate account there.
    const consultant = await registerUser(server.deps, { email: 'konsult@demo.test', password: TEST_PASSWORD });
    await server.deps.store.collection('memberships').insertOne({ id: await server.deps.store.nextSequence('memberships'), containerId: other.container.id, userId: consultant.id, email: consultant.email, permissionIds: [2] });
    await registerUser(server.deps, { email: 'kandidat@demo.test', password: TEST_PASSWORD });
    // Accounts the demo organisation does not alone answer for: odin, made staff of it (as an
    // administrator there can invite any address), and a consultant with rights in both organisations.
    const membership = async (cId: number, email: string) => {
      const u = (await server.deps.store.collection('users').findOne({ email }))!;
      await server.deps.store.collection('memberships').insertOne({ id: await server.deps.store.nextSequence('memberships'), containerId: cId, userId: u.id, email, permissionIds: [1] });
    };
    await membership(containerId, DEMO.odin);
    await registerUser(server.deps, { email: 'tvahus@demo.test', password: TEST_PASSWORD });
    await membership(containerId, 'tvahus@demo.test');
    await membership(other.container.id, 'tvahus@demo.test');
    // Staff of the demo organisation alone, who applied for a job at the other one (Mina sidor shows it).
    await registerUser(server.deps, { email: 'sokte@demo.test', password: TEST_PASSWORD });
    await membership(containerId, 'sokte@demo.test');
    // Staff of the demo organisation alone for now (the test below gives them more later).
    for (const email of ['senare@demo.test', 'ansokte-sen@demo.test']) {
      await registerUser(server.deps, { email, password: TEST_PASSWORD });
      await membership(containerId, email);
    }
    await server.deps.store.collection('applications').insertOne({ id: await server.deps.store.nextSequence('applications'), containerId: other.container.id, positionId: 0, email: 'sokte@demo.test', created: Math.floor(Date.now() / 1000) });
    for (const [id, email, verified] of [
      ['writer', DEMO.writer, true],
      ['unverified', DEMO.reader, false],
      ['nobody', 'finns-inte@demo.test', true],
      ['consultant', 'konsult@demo.test', true],
      ['candidate', 'kandidat@demo.test', true],
      ['odin', DEMO.odin, true],
      ['twoOrganisations', 'tvahus@demo.test', true],
      ['appliedElsewhere', 'sokte@demo.test', true],
      ['laterElsewhere', 'senare@demo.test', true],
      ['laterApplied', 'ansokte-sen@demo.test', true],
    ] as const)
      idp.accounts.set(id, { email, email_verified: verified });
  }, 60_000);
  afterAll(async () => {
    await idp?.close();
    await server?.close();
  });

  const configure = (data: Record<string, unknown> = {}, token = odin) =>
    server.call(token, 'update_containerSso', { containerId, issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, domains: ['demo.test'], enforce: false, ...data });

  /** The whole code flow as a browser runs it: where the callback sends the browser, and the callback's address. */
  const signIn = async (account: string) => {
    idp.as = account;
    const jar = new CookieJar();
    let step = await jar.get(`${server.url}/api/account/sso/start?containerId=${containerId}`);
    for (let hops = 0; step.location && !step.location.startsWith(`${server.url}/`); hops++) {
      if (hops > 8) throw new Error('too many redirects');
      step = await jar.get(step.location);
    }
    const callback = step.location!;
    if (!callback.startsWith(`${server.url}/api/account/sso/callback`)) return { landed: callback, callback, jar };
    const landed = (await jar.get(callback)).location!;
    return { landed, callback, jar };
  };
  const refusal = (landed: string) => new URL(landed).searchParams.get('sso');
  const session = async (landed: string) => {
    const token = new URLSearchParams(new URL(landed).hash.slice(1)).get('token');
    const r = await server.request('POST', '/api/account/sso/confirm', { token });
    return { status: r.status, token: r.body?.token as string | undefined, body: r.body };
  };

  it('is set up by an administrator, never answers the secret, and refuses a private issuer without WEBHOOKS_ALLOW_PRIVATE', async () => {
    const writer = await server.login(DEMO.writer);
    expect((await configure({}, writer)).status).toBe(403);
    server.deps.allowPrivateAddresses = false;
    const refused = await configure();
    server.deps.allowPrivateAddresses = true;
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([{ path: '/issuer', message: sv.sso.issuerScheme }]);
    const saved = await configure({ requireMfa: true });
    expect(saved.status).toBe(200);
    const read = await server.call(odin, 'get_containerSso', { containerId });
    expect(read.body.data).toMatchObject({ issuer: idp.issuer, clientId: idp.clientId, secretSet: true, domains: ['demo.test'], enforce: false, requireMfa: true });
    expect(read.text).not.toContain(idp.clientSecret);
  });

  it('tells the login page which organisation signs in an address by its domain alone', async () => {
    const known = await server.request('GET', `/api/account/sso?email=${encodeURIComponent(DEMO.writer)}`);
    const unknown = await server.request('GET', '/api/account/sso?email=finns-inte@demo.test');
    expect(known.body.data).toEqual({ containerId, organisation: orgName });
    expect(unknown.body).toEqual(known.body);
    expect((await server.request('GET', '/api/account/sso?email=someone@elsewhere.test')).body.data).toBeNull();
  });

  it('signs a staff member in through the provider; the hand-over and the callback work once', async () => {
    const { landed, callback, jar } = await signIn('writer');
    expect(new URL(landed).pathname).toBe('/login/sso');
    const first = await session(landed);
    expect(first.status).toBe(200);
    const me = await server.call(first.token!, 'get_container', { id: containerId });
    expect(me.status).toBe(200);
    expect((await session(landed)).status).toBe(400);
    // The provider's answer again (a replayed code): the flow it belonged to is gone.
    expect(refusal((await jar.get(callback)).location!)).toBe('replayed');
    const code = new URL(callback).searchParams.get('code')!;
    expect(server.logs.join('\n')).not.toContain(code);
    expect(server.logs.join('\n')).not.toContain(first.token!);
  });

  it.each([
    ['for another audience', 'audience', (c: Record<string, unknown>) => ({ ...c, aud: 'en-annan-tjanst' }), false],
    ['that has expired', 'expired', (c: Record<string, unknown>) => ({ ...c, iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 }), false],
    ['of another sign-in (nonce)', 'nonce', (c: Record<string, unknown>) => ({ ...c, nonce: 'en-annan-inloggning' }), false],
    ['signed by a key the issuer never published', 'invalid', (c: Record<string, unknown>) => c, true],
  ] as const)('refuses an ID token %s', async (_what, reason, change, foreignKey) => {
    idp.tamper = change;
    idp.foreignKey = foreignKey;
    try {
      expect(refusal((await signIn('writer')).landed)).toBe(reason);
    } finally {
      idp.tamper = null;
      idp.foreignKey = false;
    }
    expect(sv.sso.errors[reason]).toBeTruthy();
  });

  it.each([
    ['unverified', 'unverified'],
    ['nobody', 'unknown'],
    ['candidate', 'unknown'],
    ['consultant', 'otherOrganisation'],
    // The provider is the organisation administrator's to configure, its domains taken on their
    // word: it may not open odin's account (and skip odin's second factor), nor reach another
    // organisation through a consultant's, nor a person's own applications to another employer.
    ['odin', 'notOnlyHere'],
    ['twoOrganisations', 'notOnlyHere'],
    ['appliedElsewhere', 'notOnlyHere'],
  ])('refuses the provider account %s: %s', async (account, reason) => {
    expect(refusal((await signIn(account)).landed)).toBe(reason);
    expect(sv.sso.errors[reason as keyof typeof sv.sso.errors]).not.toContain('{');
  });

  it("takes Microsoft Entra ID's xms_edov (the tenant verified the address's domain) in place of email_verified", async () => {
    idp.tamper = (c: Record<string, unknown>) => ({ ...c, email_verified: undefined, xms_edov: true });
    try {
      const { landed } = await signIn('unverified');
      expect(new URL(landed).pathname).toBe('/login/sso');
      expect((await session(landed)).status).toBe(200);
    } finally {
      idp.tamper = null;
    }
  });

  it('with enforce: ends the staff sessions, refuses their password, and keeps odin and the provider working', async () => {
    const writerBefore = await server.login(DEMO.writer);
    const odinBefore = await server.login(DEMO.odin);
    expect((await configure({ enforce: true })).status).toBe(200);
    expect((await server.call(writerBefore, 'get_container', { id: containerId })).status).toBe(401);
    expect((await server.call(odinBefore, 'get_container', { id: containerId })).status).toBe(200);
    const password = await server.request('POST', '/api/account/login', { email: DEMO.writer, password: TEST_PASSWORD });
    expect(password.status).toBe(403);
    expect(password.body.error.message).toBe(fill(sv.sso.required, { organisation: orgName }));
    expect(password.body.token).toBeUndefined();
    expect((await server.request('POST', '/api/account/login', { email: DEMO.odin, password: TEST_PASSWORD })).status).toBe(200);
    // Staff with rights in another organisation too keep their password: the provider may not sign them in.
    expect((await server.request('POST', '/api/account/login', { email: 'tvahus@demo.test', password: TEST_PASSWORD })).status).toBe(200);
    // A mailed sign-in link does not get round it either.
    expect((await server.request('POST', '/api/account/signin-link', { email: DEMO.writer })).status).toBe(200);
    const link = await server.request('POST', '/api/account/signin-link/confirm', { token: await mailedToken(server, DEMO.writer) });
    expect(link.status).toBe(403);
    expect(link.body.token).toBeUndefined();
    expect((await session((await signIn('writer')).landed)).status).toBe(200);
  });

  it("ends a provider's session once the account has a right elsewhere, keeps its password sessions, and never opens the person's own applications", async () => {
    expect((await configure()).status).toBe(200);
    const store = server.deps.store;
    const viaProvider = async (account: string) => {
      const r = await session((await signIn(account)).landed);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.token!;
    };
    // A membership in the other organisation, even one with no organisation-wide right (a right on one of its positions needs no more).
    const token = await viaProvider('laterElsewhere');
    const password = await server.login('senare@demo.test');
    expect((await server.call(token, 'get_container', { id: containerId })).status).toBe(200);
    const user = (await store.collection('users').findOne({ email: 'senare@demo.test' }))!;
    await store.collection('memberships').insertOne({ id: await store.nextSequence('memberships'), containerId: otherId, userId: user.id, email: 'senare@demo.test', permissionIds: [] });
    expect((await server.call(token, 'get_container', { id: containerId })).status).toBe(401);
    expect(await store.collection('sessions').count({ userId: user.id, sso: containerId })).toBe(0);
    expect((await server.call(password, 'get_container', { id: containerId })).status).toBe(200);
    expect(refusal((await signIn('laterElsewhere')).landed)).toBe('notOnlyHere');

    // An application to another employer made after the sign-in: the session goes on as staff, but
    // Mina sidor is closed to it (the provider vouched for staff, not for the person's own applications).
    const staff = await viaProvider('laterApplied');
    const owner = (await store.collection('users').findOne({ email: 'ansokte-sen@demo.test' }))!;
    await store.collection('users').updateOne({ id: owner.id }, { $set: { emailVerifiedAt: Math.floor(Date.now() / 1000) } });
    await store.collection('applications').insertOne({ id: await store.nextSequence('applications'), containerId: otherId, positionId: 0, email: 'ansokte-sen@demo.test', created: Math.floor(Date.now() / 1000) });
    const own = await server.call(staff, 'get_myContainers', {});
    expect(own.status).toBe(403);
    expect(own.body.error).toMatchObject({ code: 'sso_session', message: sv.sso.candidateArea });
    expect((await server.call(staff, 'get_container', { id: containerId })).status).toBe(200);
    // The same person signed in with their password sees their applications.
    expect((await server.call(await server.login('ansokte-sen@demo.test'), 'get_myContainers', {})).status).toBe(200);
  });

  it('says the provider is down when it does not answer', async () => {
    await idp.close();
    expect(refusal((await signIn('writer')).landed)).toBe('down');
  });
});
