import { request as httpRequest } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PASSWORD_COST } from '../../server/base/password-cost';
import { storeKinds } from '../setup/stores';
import { mailedToken } from './helpers/mailbox';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

describe.each(storeKinds())('the server framework on the %s store', (kind) => {
  let server: TestServer;
  let dist: string;
  let odin: string;
  let admin: string;
  let demoId: number;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'blankett-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Blankett</title>');
    writeFileSync(join(dist, 'assets', 'index-3f9a1c2bD.js'), 'console.log(1)');
    writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
    server = await startTestServer({ kind, seed: true, config: { distDir: dist } });
    odin = await server.login(DEMO.odin);
    admin = await server.login(DEMO.admin);
    demoId = (await server.call(odin, 'get_containers')).body.data.find((c: { name: string }) => c.name === 'demo').id;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  describe('HTTP', () => {
    it('sets security headers on API and page responses', async () => {
      for (const path of ['/api/dispatcher', '/admin/positions']) {
        const r = await server.request('GET', path);
        expect(r.headers.get('x-content-type-options')).toBe('nosniff');
        expect(r.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
        expect(r.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
        expect(r.headers.get('content-security-policy')).toContain("script-src 'self'");
      }
    });

    it('serves index.html for client routes and hashed assets with a long cache', async () => {
      const page = await server.request('GET', '/admin/positions/12');
      expect(page.status).toBe(200);
      expect(page.text).toContain('<title>Blankett</title>');
      expect(page.headers.get('cache-control')).toBe('no-cache');
      const asset = await server.request('GET', '/assets/index-3f9a1c2bD.js');
      expect(asset.headers.get('cache-control')).toContain('immutable');
      expect(asset.headers.get('content-type')).toContain('text/javascript');
      expect((await server.request('GET', '/favicon.svg')).headers.get('cache-control')).toContain('must-revalidate');
    });

    it('answers a missing asset and an unknown API path with a 404 error, not the app', async () => {
      expect((await server.request('GET', '/assets/gone-12345678.js')).status).toBe(404);
      const api = await server.request('GET', '/api/nothing-here');
      expect(api.status).toBe(404);
      expect(api.body.error.code).toBe('not_found');
    });

    it('does not serve files outside the build directory', async () => {
      for (const path of ['/..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2fpackage.json']) {
        const r = await server.request('GET', path);
        expect(r.text).not.toContain('root:');
        expect(r.text).not.toContain('"dependencies"');
      }
    });

    it('answers a wrong method on the dispatcher with 405 and the error shape', async () => {
      const r = await server.request('GET', '/api/dispatcher');
      expect(r.status).toBe(405);
      expect(r.body.error.code).toBe('method_not_allowed');
    });
  });

  describe('containers', () => {
    it('lists the caller’s organisations with their permissions', async () => {
      const r = await server.call(admin, 'get_containers');
      expect(r.body.data).toEqual([{ id: demoId, name: 'demo', displayName: 'Demoföretaget AB', myPermissions: ['Administrator'] }]);
    });

    it('returns one organisation with labels, types, members and the default theme', async () => {
      const c = (await server.call(admin, 'get_container', { id: demoId })).body.data;
      expect(c.positionTypes.map((t: { name: string }) => t.name)).toEqual(['Sommarjobb', 'Tillsvidareanställning']);
      expect(c.labels.filter((l: { isDefault: boolean }) => l.isDefault).map((l: { name: string }) => l.name)).toEqual(['Ej bedömd', 'Ny']);
      expect(c.permissions.map((p: { email: string }) => p.email).sort()).toEqual([DEMO.admin, DEMO.reader, DEMO.writer]);
      expect(c.theme.button.backgroundColor).toBe('#2522BA');
      expect(c.myPermissions).toEqual(['Administrator']);
      expect(JSON.stringify(c)).not.toMatch(/passwordHash|_id/);
    });

    it('creates an organisation with a unique host name, its labels and a default form template', async () => {
      const r = await server.call(odin, 'create_container', { name: 'nyorg', displayName: 'Ny Org AB' });
      expect(r.status).toBe(200);
      const folders = (await server.call(odin, 'get_folders', { containerId: r.body.data.id })).body.data;
      expect(folders.map((f: { name: string }) => f.name)).toContain('PositionTemplates');
      expect((await server.call(odin, 'create_container', { name: 'nyorg' })).status).toBe(409);
      expect((await server.call(odin, 'create_container', { name: 'Ogiltigt Namn' })).status).toBe(400);
    });

    it('saves profile, theme and message overrides, and resets the theme', async () => {
      const saved = await server.call(admin, 'create_containerMetadata', {
        id: demoId,
        metadata: { displayName: 'Demo AB', city: 'Malmö', showAge: false },
        theme: { button: { backgroundColor: '#000000' } },
        messages: { minLength: 'Minst #DATA# tecken' },
      });
      expect(saved.status).toBe(200);
      expect(saved.body.data).toMatchObject({ displayName: 'Demo AB', profile: { city: 'Malmö', showAge: false }, messages: { minLength: 'Minst #DATA# tecken' } });
      const theme = (await server.call(admin, 'get_containerTheme', { containerId: demoId })).body.data;
      expect(theme.button).toEqual({ backgroundColor: '#000000', textColor: '#FFFFFF', borderRadius: 'rounded-md' });
      expect((await server.call(admin, 'reset_containerTheme', { containerId: demoId })).body.data.button.backgroundColor).toBe('#2522BA');
      expect((await server.call(admin, 'update_containerTheme', { containerId: demoId, theme: { icon: { footerIcon: 'javascript:alert(1)' } } })).status).toBe(400);
    });

    it('deletes an organisation and everything in it', async () => {
      const id = (await server.call(odin, 'create_container', { name: 'bortamed' })).body.data.id;
      expect((await server.call(odin, 'delete_container', { id })).status).toBe(200);
      expect((await server.call(odin, 'get_container', { id })).status).toBe(404);
      for (const name of ['folders', 'assets', 'memberships', 'positions']) {
        expect(await server.deps.store.collection(name).count({ containerId: id })).toBe(0);
      }
    });
  });

  describe('permissions', () => {
    it('adds a registered user by email once the invitation link is followed, invites unknown emails and keeps one Administrator', async () => {
      const reg = await server.request('POST', '/api/account/register', { email: 'kollega@test.se', password: 'Kollega-Sjö-123', confirmPassword: 'Kollega-Sjö-123' });
      expect(reg.status).toBe(201);
      // A registered address is not a proven one: an invitation, and nothing granted before its link is followed.
      const invited = await server.call(admin, 'create_userContainerPermission', { containerId: demoId, email: 'kollega@test.se', permissionId: 2 });
      expect(invited.body.data).toMatchObject({ status: 'invited', email: 'kollega@test.se', permissionIds: [2] });
      expect((await server.login('kollega@test.se', 'Kollega-Sjö-123').then((t) => server.call(t, 'get_containers'))).body.data).toEqual([]);
      const token = await mailedToken(server, 'kollega@test.se', 'invitation');
      expect((await server.request('POST', '/api/account/invitation/accept', { token, password: 'Kollega-Sjö-456', confirmPassword: 'Kollega-Sjö-456' })).status).toBe(200);
      const added = (await server.call(admin, 'get_container', { id: demoId })).body.data.permissions.find((p: { email: string }) => p.email === 'kollega@test.se');
      expect(added).toMatchObject({ email: 'kollega@test.se', permissionIds: [2] });
      // An unknown email is an invitation too (tests/integration/invitations.test.ts).
      expect((await server.call(admin, 'create_userContainerPermission', { containerId: demoId, email: 'okand@test.se', permissionId: 2 })).body.data.status).toBe('invited');
      const last = await server.call(admin, 'update_ContainerUserPermissionsCommand', { containerId: demoId, email: DEMO.admin, permissionIds: [3] });
      expect(last.status).toBe(409);
      expect(last.body.error.message).toBe('Organisationen måste ha minst en administratör');
      expect((await server.call(admin, 'delete_userContainerPermission', { containerId: demoId, id: added.id })).status).toBe(200);
      expect((await server.login('kollega@test.se', 'Kollega-Sjö-456').then((t) => server.call(t, 'get_containers'))).body.data).toEqual([]);
    });

    it('gives per-position rights only to members of the organisation', async () => {
      const positions = (await server.call(admin, 'get_positions', { containerId: demoId })).body.data;
      const positionId = positions[0].id;
      await server.request('POST', '/api/account/register', { email: 'extern@test.se', password: 'Extern-Sjö-123', confirmPassword: 'Extern-Sjö-123' });
      const unknown = await server.call(admin, 'create_positionPermission', { email: 'extern@test.se', positionId, permissionId: 2 });
      expect(unknown.status).toBe(404);
      // Said at the e-mail field of the dialog that asks (its details), in Swedish; the same for an
      // address without an account, so an administrator learns nothing of accounts elsewhere.
      const notMember = { code: 'not_found', message: 'Användaren är inte medlem i organisationen', details: [{ path: '/email', message: 'Användaren är inte medlem i organisationen' }] };
      expect(unknown.body.error).toEqual(notMember);
      const nobody = await server.call(admin, 'create_positionPermission', { email: 'ingen.alls@test.se', positionId, permissionId: 2 });
      expect([nobody.status, nobody.body.error]).toEqual([404, notMember]);
      const r = await server.call(admin, 'create_positionPermission', { email: DEMO.reader, positionId, permissionId: 2 });
      expect(r.status).toBe(200);
      const list = (await server.call(admin, 'get_positionPermissions', { positionId })).body.data;
      expect(list).toContainEqual(expect.objectContaining({ email: DEMO.reader, permissionName: 'Write' }));
      expect((await server.call(admin, 'delete_positionPermission', { email: DEMO.reader, positionId })).status).toBe(200);
      // Taking away a right nobody holds: one answer whether the address has an account elsewhere,
      // none at all, or is a member without a right (the right just taken away).
      const noRight = { code: 'not_found', message: 'Adressen har ingen behörighet till annonsen', details: [{ path: '/email', message: 'Adressen har ingen behörighet till annonsen' }] };
      for (const email of ['extern@test.se', 'ingen.alls@test.se', DEMO.reader]) {
        const gone = await server.call(admin, 'delete_positionPermission', { email, positionId });
        expect([email, gone.status, gone.body.error]).toEqual([email, 404, noRight]);
      }
    });
  });

  describe('notifications', () => {
    it('lists newest first, marks read and unread, deletes one and then all of one organisation only', async () => {
      const col = server.deps.store.collection('notifications');
      const other = (await server.call(odin, 'create_container', { name: 'annan' })).body.data.id;
      for (const [i, containerId] of [demoId, demoId, demoId, other].entries()) {
        await col.insertOne({ id: await server.deps.store.nextSequence('notifications'), containerId, type: 'other', title: `T${i}`, message: 'm', timestamp: 1000 + i, read: false, data: { positionId: 1, id: 1 } });
      }
      const list = (await server.call(admin, 'get_notifications', { containerId: demoId })).body.data;
      expect(list.items.map((n: { title: string }) => n.title)).toEqual(['T2', 'T1', 'T0']);
      expect(list.total).toBe(3);
      const first = list.items[0];
      expect((await server.call(admin, 'update_NotificationRead', { containerId: demoId, id: first.id, read: true })).body.data.read).toBe(true);
      expect((await server.call(admin, 'update_NotificationRead', { containerId: demoId, id: first.id, read: false })).body.data.read).toBe(false);
      expect((await server.call(admin, 'delete_NotificationById', { containerId: demoId, id: first.id })).status).toBe(200);
      expect((await server.call(admin, 'delete_NotificationById', { containerId: demoId, id: first.id })).status).toBe(404);
      expect((await server.call(admin, 'delete_NotificationByContainerId', { containerId: demoId })).body.data.deleted).toBe(2);
      expect(await col.count({ containerId: other })).toBe(1);
    });
  });

  describe('the real-time hub as the app wires it', () => {
    const connect = (token: string) =>
      new Promise<WebSocket>((res, rej) => {
        const ws = new WebSocket(`${server.url.replace('http', 'ws')}/notifications?access_token=${encodeURIComponent(token)}`);
        ws.once('open', () => res(ws));
        ws.once('error', () => rej(new Error('refused')));
      });

    it('refuses a bad token at the handshake', async () => {
      await expect(connect('x.y.z')).rejects.toThrow('refused');
    });

    it('delivers a container’s events to its members and not to others who ask to join', async () => {
      const other = (await server.call(odin, 'create_container', { name: 'hubbtest' })).body.data.id;
      const member = await connect(admin);
      const outsider = await connect(admin);
      const got: unknown[] = [];
      const leaked: unknown[] = [];
      member.on('message', (d) => got.push(JSON.parse(String(d))));
      outsider.on('message', (d) => {
        const m = JSON.parse(String(d));
        if (m.type === 'Notification') leaked.push(m);
      });
      member.send(JSON.stringify({ type: 'Join', containerId: demoId }));
      outsider.send(JSON.stringify({ type: 'Join', containerId: other }));
      await new Promise((r) => setTimeout(r, 300));
      server.deps.hub.publish(demoId, { type: 'Notification', title: 'Hej' });
      server.deps.hub.publish(other, { type: 'Notification', title: 'Hemligt' });
      await new Promise((r) => setTimeout(r, 300));
      expect(got).toContainEqual(expect.objectContaining({ type: 'Notification', title: 'Hej' }));
      expect(leaked).toEqual([]);
      member.close();
      outsider.close();
    });
  });

  describe('the demo seed', () => {
    it('holds the documented organisation, users, templates and positions', async () => {
      const { store } = server.deps;
      expect(await store.collection('users').count({})).toBeGreaterThanOrEqual(4);
      const roles = (await store.collection('users').find({ email: { $in: Object.values(DEMO) } })).map((u) => [u.email, u.role]);
      expect(Object.fromEntries(roles)).toEqual({ [DEMO.odin]: 'odin', [DEMO.admin]: 'user', [DEMO.writer]: 'user', [DEMO.reader]: 'user' });
      const positions = (await server.call(odin, 'get_positions', { containerId: demoId })).body.data;
      expect(positions.length).toBeGreaterThanOrEqual(2);
      expect(positions.some((p: { isInternal: boolean }) => p.isInternal)).toBe(true);
    });
  });
});

describe.each(storeKinds())('production mode on the %s store', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true, config: { isProduction: true, nodeEnv: 'production' } });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('never seeds demo data', async () => {
    expect(await server.deps.store.collection('users').count({})).toBe(0);
  });

  it('redirects plain http behind a proxy to https for a real host, never for localhost', async () => {
    // fetch() may not set Host, so this goes through node:http.
    const get = (host: string) =>
      new Promise<{ status: number; location?: string }>((res, rej) => {
        const req = httpRequest(`${server.url}/admin?x=1`, { headers: { host, 'x-forwarded-proto': 'http' } }, (r) => {
          r.resume();
          res({ status: r.statusCode!, location: r.headers.location });
        });
        req.on('error', rej);
        req.end();
      });
    expect(await get('jobb.example.se')).toEqual({ status: 308, location: 'https://jobb.example.se/admin?x=1' });
    expect((await get('localhost:3000')).status).not.toBe(308);
    expect((await get('demo.localhost:3000')).status).not.toBe(308);
  });
});

describe('graceful shutdown', () => {
  it('finishes a request in flight, then stops accepting', async () => {
    // At the deployment's scrypt cost the login is in flight for ~100 ms after it arrives; the
    // close starts as soon as the server has the request (waiting 20 ms instead closed, under
    // load, before it arrived, and at the test servers' cost after it was answered).
    const server = await startTestServer({ kind: 'embedded', seed: true, config: { passwordCost: PASSWORD_COST } });
    const arrived = new Promise((r) => server.app.httpServer.once('request', r));
    const pending = server.request('POST', '/api/account/login', { email: DEMO.admin, password: 'fel-lösenord' });
    await arrived;
    const closing = server.app.close(5_000);
    expect((await pending).status).toBe(401);
    await closing;
    await expect(fetch(`${server.url}/api/dispatcher`)).rejects.toThrow();
    await server.testStore.cleanup();
  });
});
