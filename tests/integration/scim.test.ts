import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeKinds } from '../setup/stores';
import { container, otherOrganisation } from './helpers/domain';
import { signInByLink } from './helpers/mailbox';
import { DEMO, startTestServer, type Reply, type TestServer } from './helpers/server';

const CORE = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

type Scim = (method: string, path: string, body?: unknown, token?: string | null) => Promise<Reply>;

function scimClient(server: TestServer, defaultToken: () => string): Scim {
  return (method, path, body, token = defaultToken()) =>
    server.request(method, `/scim/v2${path}`, body, { 'content-type': 'application/scim+json', ...(token ? { authorization: `Bearer ${token}` } : {}) });
}

const newUser = (userName: string, extra: Record<string, unknown> = {}) => ({
  schemas: [CORE, ENTERPRISE],
  userName,
  active: true,
  name: { givenName: 'Anna', familyName: 'Berg' },
  emails: [{ value: userName, type: 'work', primary: true }],
  [ENTERPRISE]: { department: 'Ekonomi' },
  ...extra,
});

const patch = (...ops: unknown[]) => ({ schemas: [PATCH], Operations: ops });

describe.each(storeKinds())('SCIM provisioning on the %s store', (kind) => {
  let server: TestServer;
  let admin: string;
  let containerId: number;
  let token: string;
  let other: Awaited<ReturnType<typeof otherOrganisation>>;
  let otherToken: string;
  let scim: Scim;

  const membership = (userId: number, cid = containerId) => server.deps.store.collection('memberships').findOne({ containerId: cid, userId });
  const account = (email: string) => server.deps.store.collection('users').findOne({ email });

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    admin = await server.login(DEMO.admin);
    containerId = (await container(server)).id;
    other = await otherOrganisation(server);
    expect((await server.call(admin, 'update_scimSettings', { containerId, defaultPermissionId: 2 })).status).toBe(200);
    token = (await server.call(admin, 'create_scimToken', { containerId })).body.data.token;
    otherToken = (await server.call(other.token, 'create_scimToken', { containerId: other.container.id })).body.data.token;
    scim = scimClient(server, () => token);
  }, 60_000);
  afterAll(() => server?.close());

  it('gives the administrator a token once, says since when one exists, and refuses the action to staff below Administrator', async () => {
    const settings = await server.call(admin, 'get_scimSettings', { containerId });
    expect(settings.body.data).toMatchObject({ hasToken: true, defaultPermissionId: 2, url: expect.stringMatching(/\/scim\/v2$/) });
    expect(settings.body.data.tokenCreated).toBeGreaterThan(0);
    expect(JSON.stringify(settings.body)).not.toContain(token);
    const writer = await server.login(DEMO.writer);
    expect((await server.call(writer, 'create_scimToken', { containerId })).status).toBe(403);
    expect((await server.call(writer, 'get_scimSettings', { containerId })).status).toBe(403);
    const stored = JSON.stringify(await server.deps.store.collection('scimSettings').find({}));
    expect(stored).not.toContain(token);
  });

  it('creates a user who becomes staff with the default role, reads them back and finds them by userName', async () => {
    const created = await scim('POST', '/Users', newUser('Anna.Berg@Kund.se', { externalId: 'e-anna' }));
    expect(created.status, created.text).toBe(201);
    expect(created.headers.get('content-type')).toMatch(/^application\/scim\+json/);
    expect(created.body).toMatchObject({ userName: 'Anna.Berg@Kund.se', active: true, externalId: 'e-anna', name: { givenName: 'Anna' }, [ENTERPRISE]: { department: 'Ekonomi' }, meta: { resourceType: 'User' } });
    expect(created.headers.get('location')).toBe(created.body.meta.location);
    const user = (await account('anna.berg@kund.se'))!;
    expect(user).toMatchObject({ firstname: 'Anna', lastname: 'Berg', passwordHash: '' });
    expect((await membership(user.id as number))?.permissionIds).toEqual([2]);

    const read = await scim('GET', `/Users/${created.body.id}`);
    expect(read.body).toEqual(created.body);
    const found = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "anna.berg@kund.se"')}`);
    expect(found.body).toMatchObject({ totalResults: 1, Resources: [{ id: created.body.id }] });
    const byExternal = await scim('GET', `/Users?filter=${encodeURIComponent('externalId eq "e-anna"')}`);
    expect(byExternal.body.totalResults).toBe(1);
    // Entra's connection test asks for a userName nobody has: an empty list, not a 404.
    const none = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "0f7c2b1e-ingen@kund.se"')}`);
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ totalResults: 0, Resources: [] });

    const again = await scim('POST', '/Users', newUser('anna.berg@KUND.se'));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ schemas: [ERROR], status: '409', scimType: 'uniqueness', detail: expect.stringContaining('finns redan') });
  });

  it('deactivates with Entra\'s PATCH (sessions end, rights go) and reactivates with the path-less shape (default role back)', async () => {
    const created = await scim('POST', '/Users', newUser('bo.ek@kund.se', { name: { givenName: 'Bo', familyName: 'Ek' } }));
    const userId = (await account('bo.ek@kund.se'))!.id as number;
    const session = await signInByLink(server, 'bo.ek@kund.se');
    expect((await server.call(session, 'get_containers')).body.data).toEqual([expect.objectContaining({ id: containerId })]);

    const off = await scim('PATCH', `/Users/${created.body.id}`, patch({ op: 'Replace', path: 'active', value: 'False' }));
    expect(off.status, off.text).toBe(200);
    expect(off.body.active).toBe(false);
    expect((await server.call(session, 'get_containers')).status).toBe(401);
    expect(await membership(userId)).toBeNull();
    const later = await signInByLink(server, 'bo.ek@kund.se');
    expect((await server.call(later, 'get_containers')).body.data).toEqual([]);
    expect((await scim('GET', `/Users/${created.body.id}`)).body.active).toBe(false);

    const on = await scim('PATCH', `/Users/${created.body.id}`, patch({ op: 'replace', value: { active: true } }));
    expect(on.body.active).toBe(true);
    expect((await membership(userId))?.permissionIds).toEqual([2]);
  });

  it("applies Entra's attribute shapes: capitalised ops, filtered paths, sub-attributes and the enterprise extension", async () => {
    const created = await scim('POST', '/Users', newUser('cecilia.dahl@kund.se', { name: { givenName: 'Cilla', familyName: 'Dahl' } }));
    const id = created.body.id as string;
    const r = await scim(
      'PATCH',
      `/Users/${id}`,
      patch(
        { op: 'Replace', path: 'name.givenName', value: 'Cecilia' },
        { op: 'Add', path: 'emails[type eq "work"].value', value: 'cecilia.dahl@kund.se' },
        { op: 'Add', path: 'phoneNumbers[type eq "mobile"].value', value: '070-123 45 67' },
        { op: 'Replace', path: 'title', value: 'Controller' },
        { op: 'Add', path: `${ENTERPRISE}:manager`, value: 'chef-17' },
        { op: 'Replace', path: `${ENTERPRISE}:department`, value: 'Inköp' },
        { op: 'Add', value: { displayName: 'Cecilia Dahl', 'name.familyName': 'Dahl-Berg' } },
        { op: 'Remove', path: 'externalId' },
      ),
    );
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({
      name: { givenName: 'Cecilia', familyName: 'Dahl-Berg' },
      emails: [{ value: 'cecilia.dahl@kund.se', type: 'work', primary: true }],
      phoneNumbers: [{ value: '070-123 45 67', type: 'mobile' }],
      title: 'Controller',
      displayName: 'Cecilia Dahl',
      [ENTERPRISE]: { department: 'Inköp', manager: { value: 'chef-17' } },
    });
    expect(r.body.emails).toHaveLength(1);
    // The account SCIM made follows the provider's names; the address never moves.
    expect(await account('cecilia.dahl@kund.se')).toMatchObject({ firstname: 'Cecilia', lastname: 'Dahl-Berg', title: 'Controller', phoneNumber: '070-123 45 67' });
    const removed = await scim('PATCH', `/Users/${id}`, patch({ op: 'remove', path: 'phoneNumbers[type eq "mobile"]' }));
    expect(removed.body.phoneNumbers).toBeUndefined();
  });

  it('replaces a user with PUT, and refuses a new userName with mutability', async () => {
    const created = await scim('POST', '/Users', newUser('dan.fors@kund.se'));
    const put = await scim('PUT', `/Users/${created.body.id}`, { schemas: [CORE], userName: 'dan.fors@kund.se', name: { givenName: 'Dan', familyName: 'Fors' }, active: true });
    expect(put.status, put.text).toBe(200);
    expect(put.body.name).toEqual({ givenName: 'Dan', familyName: 'Fors' });
    expect(put.body.emails).toBeUndefined();
    expect(put.body[ENTERPRISE]).toBeUndefined();
    const moved = await scim('PUT', `/Users/${created.body.id}`, { schemas: [CORE], userName: 'annan@kund.se' });
    expect(moved.status).toBe(400);
    expect(moved.body).toMatchObject({ schemas: [ERROR], scimType: 'mutability' });
    expect(await account('annan@kund.se')).toBeNull();
  });

  it('refuses an unknown PATCH path, a bad op and a remove without a path, and changes nothing', async () => {
    const created = await scim('POST', '/Users', newUser('eva.gran@kund.se'));
    const id = created.body.id as string;
    const before = (await scim('GET', `/Users/${id}`)).body;
    const unknown = await scim('PATCH', `/Users/${id}`, patch({ op: 'replace', path: 'active', value: false }, { op: 'replace', path: 'favouriteColour', value: 'blå' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ schemas: [ERROR], status: '400', scimType: 'invalidPath', detail: expect.stringContaining('favouriteColour') });
    expect((await scim('PATCH', `/Users/${id}`, patch({ op: 'replace', path: 'name.nickname', value: 'x' }))).body.scimType).toBe('invalidPath');
    expect((await scim('PATCH', `/Users/${id}`, patch({ op: 'move', path: 'title', value: 'x' }))).body.scimType).toBe('invalidSyntax');
    expect((await scim('PATCH', `/Users/${id}`, patch({ op: 'remove' }))).body.scimType).toBe('noTarget');
    expect((await scim('PATCH', `/Users/${id}`, patch({ op: 'replace', path: 'active', value: 'kanske' }))).body.scimType).toBe('invalidValue');
    expect((await scim('GET', `/Users?filter=${encodeURIComponent('title co "x"')}`)).body.scimType).toBe('invalidFilter');
    expect((await scim('POST', '/Users', { schemas: [CORE], userName: 'inte-en-adress' })).body.scimType).toBe('invalidValue');
    expect((await scim('GET', `/Users/${id}`)).body).toEqual(before);
    expect(await membership((await account('eva.gran@kund.se'))!.id as number)).not.toBeNull();
  });

  it("refuses another organisation's token and a missing or wrong one, in SCIM's format", async () => {
    const created = await scim('POST', '/Users', newUser('fia.holm@kund.se'));
    const id = created.body.id as string;
    for (const [method, body] of [['GET'], ['PUT', newUser('fia.holm@kund.se')], ['PATCH', patch({ op: 'replace', path: 'active', value: false })], ['DELETE']] as const) {
      const r = await scim(method, `/Users/${id}`, body, otherToken);
      expect(r.status, method).toBe(404);
      expect(r.body).toMatchObject({ schemas: [ERROR], status: '404' });
    }
    const list = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "fia.holm@kund.se"')}`, undefined, otherToken);
    expect(list.body.totalResults).toBe(0);
    expect((await scim('GET', `/Users/${id}`)).body.active).toBe(true);
    const missing = await scim('GET', '/Users', undefined, null);
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ schemas: [ERROR], status: '401' });
    expect((await scim('GET', '/Users', undefined, `${token}x`)).status).toBe(401);
    expect(server.logs.join('\n')).not.toContain(token);
  });

  it('removes only the membership of the token\'s organisation on DELETE, and the account only when SCIM made it and nothing else needs it', async () => {
    const mine = await scim('POST', '/Users', newUser('goran.ivars@kund.se'));
    const theirs = await scim('POST', '/Users', newUser('goran.ivars@kund.se'), otherToken);
    expect(theirs.status).toBe(201);
    const userId = (await account('goran.ivars@kund.se'))!.id as number;
    expect((await scim('DELETE', `/Users/${mine.body.id}`)).status).toBe(204);
    expect(await membership(userId)).toBeNull();
    expect(await membership(userId, other.container.id)).not.toBeNull();
    expect(await account('goran.ivars@kund.se')).not.toBeNull();
    expect((await scim('GET', `/Users/${mine.body.id}`)).status).toBe(404);

    const only = await scim('POST', '/Users', newUser('hanna.jung@kund.se'));
    expect((await scim('DELETE', `/Users/${only.body.id}`)).status).toBe(204);
    expect(await account('hanna.jung@kund.se')).toBeNull();

    // An account that was there before (a candidate's, the writer's) stays; odin is never taken.
    const writer = await scim('POST', '/Users', newUser(DEMO.writer));
    const writerId = (await account(DEMO.writer))!.id as number;
    expect((await membership(writerId))?.permissionIds).toEqual([2]);
    expect((await scim('DELETE', `/Users/${writer.body.id}`)).status).toBe(204);
    expect(await account(DEMO.writer)).not.toBeNull();
    const odin = await scim('POST', '/Users', newUser(DEMO.odin));
    expect(odin.status).toBe(409);
  });

  it('pages a large organisation by startIndex and count, never more than 200 users at once', async () => {
    const cid = other.container.id;
    const rows = server.deps.store.collection('scimUsers');
    const base = (await rows.count({ containerId: cid })) as number;
    const now = server.deps.now();
    // Seeded straight into the store (an identity provider's first run would make them one by one).
    const docs = Array.from({ length: 500 }, (_, i) => ({ id: 1_000_000 + i, containerId: cid, userId: 1_000_000 + i, userNameKey: `p${i}@massa.se`, active: true, attrs: { userName: `p${i}@massa.se` }, created: now, lastModified: now, version: 1 }));
    await rows.insertMany(docs);
    try {
      const all = await scim('GET', '/Users?count=100000', undefined, otherToken);
      expect(all.body).toMatchObject({ totalResults: base + 500, startIndex: 1, itemsPerPage: 200 });
      expect(all.body.Resources).toHaveLength(200);
      const last = await scim('GET', `/Users?startIndex=${base + 451}&count=100`, undefined, otherToken);
      expect(last.body.itemsPerPage).toBe(50);
      expect(last.body.Resources.at(-1).userName).toBe('p499@massa.se');
      // None of them reaches this organisation's list.
      expect((await scim('GET', '/Users?count=0')).body.totalResults).toBeLessThan(100);
    } finally {
      await rows.deleteMany({ id: { $gte: 1_000_000 } });
    }
  });

  it('describes itself: ServiceProviderConfig, ResourceTypes and Schemas', async () => {
    const config = await scim('GET', '/ServiceProviderConfig', undefined, null);
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({ patch: { supported: true }, filter: { supported: true, maxResults: 200 }, bulk: { supported: false }, authenticationSchemes: [{ type: 'oauthbearertoken' }] });
    const types = await scim('GET', '/ResourceTypes', undefined, null);
    expect(types.body).toMatchObject({ totalResults: 1, Resources: [{ id: 'User', endpoint: '/Users', schema: CORE }] });
    expect((await scim('GET', '/ResourceTypes/User', undefined, null)).body.schemaExtensions).toEqual([{ schema: ENTERPRISE, required: false }]);
    const schemas = await scim('GET', '/Schemas', undefined, null);
    expect(schemas.body.Resources.map((s: { id: string }) => s.id)).toEqual([CORE, ENTERPRISE]);
    const core = await scim('GET', `/Schemas/${CORE}`, undefined, null);
    expect(core.body.attributes).toContainEqual(expect.objectContaining({ name: 'userName', required: true, uniqueness: 'server' }));
    const unknown = await scim('GET', '/Groups');
    expect(unknown.status).toBe(404);
    expect(unknown.body.schemas).toEqual([ERROR]);
  });

  it('stops the old token when a new one is made, and every token when it is removed', async () => {
    const fresh = (await server.call(other.token, 'create_scimToken', { containerId: other.container.id })).body.data.token as string;
    expect((await scim('GET', '/Users?count=1', undefined, otherToken)).status).toBe(401);
    expect((await scim('GET', '/Users?count=1', undefined, fresh)).status).toBe(200);
    expect((await server.call(other.token, 'delete_scimToken', { containerId: other.container.id })).status).toBe(200);
    expect((await scim('GET', '/Users?count=1', undefined, fresh)).status).toBe(401);
    expect((await server.call(other.token, 'get_scimSettings', { containerId: other.container.id })).body.data.hasToken).toBe(false);
  });
});

describe('SCIM rate limit', () => {
  let server: TestServer;
  afterAll(() => server?.close());

  it('refuses a token past its limit with 429 in SCIM format', async () => {
    server = await startTestServer({ kind: 'embedded', seed: true, config: { rateLimits: { loginPerIp: 100_000, loginPerAccount: 10, applyPerIp: 30, windowMs: 60_000, scimPerToken: 3 } } });
    const admin = await server.login(DEMO.admin);
    const token = (await server.call(admin, 'create_scimToken', { containerId: (await container(server)).id })).body.data.token as string;
    const scim = scimClient(server, () => token);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await scim('GET', '/Users?count=1')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await scim('GET', '/Users?count=1')).body).toMatchObject({ schemas: [ERROR], status: '429' });
  }, 30_000);
});
