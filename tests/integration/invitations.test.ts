import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeKinds } from '../setup/stores';
import { container } from './helpers/domain';
import { mailedToken, mailsTo } from './helpers/mailbox';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

const OWNER_PASSWORD = 'Agarens-losen-2024';

describe.each(storeKinds())('invitations on the %s store', (kind) => {
  let server: TestServer;
  let admin: string;
  let odin: string;
  let containerId: number;

  const register = (email: string, password: string) => server.request('POST', '/api/account/register', { email, password, confirmPassword: password });
  const accept = (token: string, password?: string) =>
    server.request('POST', '/api/account/invitation/accept', { token, ...(password ? { password, confirmPassword: password } : {}) });
  const rows = async (cid = containerId) => (await server.call(admin, 'get_containerUsers', { containerId: cid })).body.data as { kind: string; email: string; status: string; invitationId?: number; userId?: number }[];

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    admin = await server.login(DEMO.admin);
    odin = await server.login(DEMO.odin);
    containerId = (await container(server)).id;
  }, 60_000);
  afterAll(() => server?.close());

  it('grants an address a stranger pre-registered nothing until the link in the invitation mail is followed, then gives it to the mailbox owner only', async () => {
    const email = 'kollega@test.se';
    expect((await register(email, 'Framlingens-2024')).status).toBe(201);
    const stranger = await server.login(email, 'Framlingens-2024');
    const positionId = (await server.call(admin, 'get_positions', { containerId })).body.data[0].id as number;

    const added = await server.call(admin, 'create_userContainerPermission', { containerId, email, permissionId: 2 });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ status: 'invited', email, permissionIds: [2] });

    // Before the link is followed the account sees nothing of the organisation, in this session or a new one.
    for (const token of [stranger, await server.login(email, 'Framlingens-2024')]) {
      expect((await server.call(token, 'get_containers')).body.data).toEqual([]);
      expect([403, 404]).toContain((await server.call(token, 'get_container', { id: containerId })).status);
      expect([403, 404]).toContain((await server.call(token, 'get_positions', { containerId })).status);
      expect([403, 404]).toContain((await server.call(token, 'get_applicantCounts', { positionId })).status);
    }
    expect((await rows()).filter((r) => r.email === email)).toEqual([expect.objectContaining({ kind: 'invitation', status: 'Inbjudan skickad' })]);
    // A guessed or forged link is refused at /token.
    const forged = await accept('A'.repeat(43), 'Framlingens-2025');
    expect(forged.status).toBe(400);
    expect(forged.body.error.details).toEqual([{ path: '/token', message: 'Inbjudan är ogiltig, redan använd eller har gått ut' }]);

    const token = await mailedToken(server, email, 'invitation');
    const info = await server.request('POST', '/api/account/invitation', { token });
    expect(info.body.data).toEqual({ email, company: 'Demoföretaget AB', needsPassword: true });
    // The account is not proven: whoever follows the link must choose a password (the stranger's stops working).
    const noPassword = await accept(token);
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.error.details[0].path).toBe('/password');

    const accepted = await accept(token, OWNER_PASSWORD);
    expect(accepted.status).toBe(200);
    const owner = accepted.body.data.token as string;
    expect((await server.call(owner, 'get_containers')).body.data).toEqual([expect.objectContaining({ id: containerId, myPermissions: ['Write'] })]);
    expect((await server.call(owner, 'get_positions', { containerId })).status).toBe(200);
    expect((await server.call(owner, 'get_applicantCounts', { positionId })).status).toBe(200);

    // The stranger is out: the old session and the old password both fail.
    expect((await server.call(stranger, 'get_containers')).status).toBe(401);
    expect((await server.request('POST', '/api/account/login', { email, password: 'Framlingens-2024' })).status).toBe(401);
    expect((await server.request('POST', '/api/account/login', { email, password: OWNER_PASSWORD })).status).toBe(200);
    // The link is used up, and the list shows a member where the invitation was.
    expect((await accept(token, 'Nagot-annat-2024')).status).toBe(400);
    expect((await rows()).filter((r) => r.email === email)).toEqual([expect.objectContaining({ kind: 'member', status: 'Aktiv' })]);

    // Following the link proved the address: another organisation now adds the person at once, with a notice.
    const other = await server.call(odin, 'create_container', { name: 'bevisad-kollega', displayName: 'Bevisad AB' });
    const direct = await server.call(odin, 'create_userContainerPermission', { containerId: other.body.data.id, email, permissionId: 3 });
    expect(direct.body.data).toMatchObject({ status: 'added', email, permissionIds: [3] });
    expect((await mailsTo(server, email)).at(-1)).toContain('Bevisad AB');
    expect((await server.call(owner, 'get_containers')).body.data.map((c: { id: number }) => c.id)).toContain(other.body.data.id);

    // A new address counts only once its owner follows the link mailed there: until then an
    // organisation that names the new address invites it.
    const me = (await server.call(owner, 'get_containers')).body.data;
    expect(me.length).toBe(2);
    const userId = (await rows()).find((r) => r.email === email)!.userId!;
    const changed = await server.call(owner, 'update_account', { id: userId, email: 'bytt@test.se', firstname: 'Ägare', lastname: 'Test', password: OWNER_PASSWORD });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data.pendingEmail).toBe('bytt@test.se');
    const third = await server.call(odin, 'create_container', { name: 'tredje-kund', displayName: 'Tredje AB' });
    const renamed = await server.call(odin, 'create_userContainerPermission', { containerId: third.body.data.id, email: 'bytt@test.se', permissionId: 3 });
    expect(renamed.body.data.status).toBe('invited');
  });

  it('lists a pending invitation, refuses its expired link, resends it with a new link (the old one dies) and withdraws it (its link dies too)', async () => {
    const email = 'vantar@test.se';
    const invited = await server.call(admin, 'create_userContainerPermission', { containerId, email, permissionId: 3 });
    const first = await mailedToken(server, email, 'invitation');
    const row = (await rows()).find((r) => r.email === email)!;
    expect(row).toMatchObject({ kind: 'invitation', invitationId: invited.body.data.id, status: 'Inbjudan skickad', permissions: ['Read'] });

    // An expired link is refused and the list says so; resending revives the invitation.
    await server.deps.store.collection('invitations').updateOne({ id: row.invitationId }, { $set: { expires: server.deps.now() - 1 } });
    expect((await rows()).find((r) => r.email === email)!.status).toBe('Inbjudan har gått ut');
    const expired = await server.request('POST', '/api/account/invitation', { token: first });
    expect(expired.status).toBe(400);
    expect(expired.body.error.details[0].path).toBe('/token');
    const resent = await server.call(admin, 'resend_invitation', { containerId, id: row.invitationId });
    expect(resent.status).toBe(200);
    const second = await mailedToken(server, email, 'invitation');
    expect(second).not.toBe(first);
    expect((await server.request('POST', '/api/account/invitation', { token: first })).status).toBe(400);
    expect((await server.request('POST', '/api/account/invitation', { token: second })).status).toBe(200);
    expect((await rows()).find((r) => r.email === email)!.status).toBe('Inbjudan skickad');

    // Only administrators of the organisation see or touch invitations.
    const reader = await server.login(DEMO.reader);
    expect((await server.call(reader, 'get_containerUsers', { containerId })).status).toBe(403);
    expect((await server.call(reader, 'delete_invitation', { containerId, id: row.invitationId })).status).toBe(403);

    expect((await server.call(admin, 'delete_invitation', { containerId, id: row.invitationId })).status).toBe(200);
    expect((await accept(second, OWNER_PASSWORD)).status).toBe(400);
    expect((await rows()).some((r) => r.email === email)).toBe(false);
    expect((await server.call(admin, 'resend_invitation', { containerId, id: row.invitationId })).status).toBe(404);
    expect((await server.request('POST', '/api/account/login', { email, password: OWNER_PASSWORD })).status).toBe(401);
  });

  it('keeps a pending invitation working through a reset request, and the reset link dies when the invitation sets the password', async () => {
    const email = 'aterstall@test.se';
    expect((await register(email, 'Forsta-losen-2024')).status).toBe(201);
    await server.call(admin, 'create_userContainerPermission', { containerId, email, permissionId: 3 });
    const invitation = await mailedToken(server, email, 'invitation');
    expect((await server.request('POST', '/api/account/reset', { email })).status).toBe(200);
    const reset = await mailedToken(server, email, 'reset-password');

    const accepted = await accept(invitation, OWNER_PASSWORD);
    expect(accepted.status).toBe(200);
    expect((await server.call(accepted.body.data.token, 'get_containers')).body.data).toEqual([expect.objectContaining({ id: containerId, myPermissions: ['Read'] })]);
    const late = await server.request('POST', '/api/account/reset/confirm', { token: reset, password: 'Sent-losen-2024', confirmPassword: 'Sent-losen-2024' });
    expect(late.status).toBe(400);
    expect(late.body.error.details[0].path).toBe('/token');
  });

  it('accepts a second invitation without a new password once the first has proven the address', async () => {
    const email = 'tva@test.se';
    const other = await server.call(odin, 'create_container', { name: 'andra-inbjudan', displayName: 'Andra AB' });
    await server.call(admin, 'create_userContainerPermission', { containerId, email, permissionId: 3 });
    const first = await mailedToken(server, email, 'invitation');
    await server.call(odin, 'create_userContainerPermission', { containerId: other.body.data.id, email, permissionId: 2 });
    const second = await mailedToken(server, email, 'invitation');
    expect((await accept(first, OWNER_PASSWORD)).status).toBe(200);
    expect((await server.request('POST', '/api/account/invitation', { token: second })).body.data).toEqual({ email, company: 'Andra AB', needsPassword: false });
    const accepted = await accept(second);
    expect(accepted.status).toBe(200);
    const mine = (await server.call(accepted.body.data.token, 'get_containers')).body.data.map((c: { id: number; myPermissions: string[] }) => [c.id, c.myPermissions]);
    expect(mine).toEqual([[containerId, ['Read']], [other.body.data.id, ['Write']]]);
    expect((await server.request('POST', '/api/account/login', { email, password: OWNER_PASSWORD })).status).toBe(200);
  });

  it('lets a reset link die after a password change and after a newer link', async () => {
    const email = 'byter@test.se';
    expect((await register(email, 'Forsta-losen-2024')).status).toBe(201);
    await server.request('POST', '/api/account/reset', { email });
    const older = await mailedToken(server, email, 'reset-password');
    await server.request('POST', '/api/account/reset', { email });
    const newer = await mailedToken(server, email, 'reset-password');
    const confirm = (token: string) => server.request('POST', '/api/account/reset/confirm', { token, password: 'Annat-losen-2024', confirmPassword: 'Annat-losen-2024' });
    expect((await confirm(older)).status).toBe(400);

    const session = await server.login(email, 'Forsta-losen-2024');
    const changed = await server.call(session, 'update_password', { password: 'Forsta-losen-2024', newPassword: 'Andra-losen-2024', confirmNewPassword: 'Andra-losen-2024' });
    expect(changed.status).toBe(200);
    expect((await confirm(newer)).status).toBe(400);
    expect((await server.request('POST', '/api/account/login', { email, password: 'Andra-losen-2024' })).status).toBe(200);
  });

  it('keeps the session when rights are only added, and ends it when they are lowered or removed', async () => {
    const writer = await server.login(DEMO.writer);
    expect((await server.call(writer, 'get_containerUsers', { containerId })).status).toBe(403);
    expect((await server.call(admin, 'update_ContainerUserPermissionsCommand', { containerId, email: DEMO.writer, permissionIds: [1] })).status).toBe(200);
    // Same session, new right at once.
    expect((await server.call(writer, 'get_containerUsers', { containerId })).status).toBe(200);

    const positionId = (await server.call(admin, 'get_positions', { containerId })).body.data[0].id as number;
    const reader = await server.login(DEMO.reader);
    expect((await server.call(admin, 'create_positionPermission', { email: DEMO.reader, positionId, permissionId: 2 })).status).toBe(200);
    expect((await server.call(admin, 'create_positionPermission', { email: DEMO.reader, positionId, permissionId: 1 })).status).toBe(200);
    expect((await server.call(reader, 'get_containers')).status).toBe(200);
    expect((await server.call(admin, 'create_positionPermission', { email: DEMO.reader, positionId, permissionId: 2 })).status).toBe(200);
    expect((await server.call(reader, 'get_containers')).status).toBe(401);

    expect((await server.call(admin, 'update_ContainerUserPermissionsCommand', { containerId, email: DEMO.writer, permissionIds: [2] })).status).toBe(200);
    expect((await server.call(writer, 'get_containers')).status).toBe(401);
    const again = await server.login(DEMO.writer);
    expect((await server.call(again, 'get_containerUsers', { containerId })).status).toBe(403);
    // A right for someone outside the organisation is never set by a rights change: it goes through an invitation.
    const outsider = await server.call(admin, 'update_ContainerUserPermissionsCommand', { containerId, email: 'byter@test.se', permissionIds: [1] });
    expect(outsider.status).toBe(404);
  });

  it('sends the administrator of a new organisation an invitation that works when odin names an address without an account', async () => {
    const created = await server.call(odin, 'create_container', { name: 'ny-kund', displayName: 'Ny Kund AB', adminEmail: 'Chef@Ny-Kund.se' });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ invitedAdmin: 'chef@ny-kund.se', permissions: [] });
    const newId = created.body.data.id as number;
    expect((await mailsTo(server, 'chef@ny-kund.se'))[0]).toContain('Ny Kund AB');
    const accepted = await accept(await mailedToken(server, 'chef@ny-kund.se', 'invitation'), OWNER_PASSWORD);
    expect(accepted.status).toBe(200);
    const chef = accepted.body.data.token as string;
    expect((await server.call(chef, 'get_containers')).body.data).toEqual([expect.objectContaining({ id: newId, myPermissions: ['Administrator'] })]);
    expect((await server.call(chef, 'get_containerUsers', { containerId: newId })).body.data).toEqual([expect.objectContaining({ kind: 'member', email: 'chef@ny-kund.se', permissions: ['Administrator'] })]);
  });

  it('gives a pre-registered address nothing when odin names it as a new organisation’s administrator', async () => {
    const email = 'kapare@test.se';
    await register(email, 'Kapare-losen-2024');
    const hijacker = await server.login(email, 'Kapare-losen-2024');
    const created = await server.call(odin, 'create_container', { name: 'kapad-kund', displayName: 'Kapad AB', adminEmail: email });
    expect(created.body.data).toMatchObject({ invitedAdmin: email, permissions: [] });
    expect((await server.call(hijacker, 'get_containers')).body.data).toEqual([]);
    expect([403, 404]).toContain((await server.call(hijacker, 'get_container', { id: created.body.data.id })).status);
  });

  it('keeps the first and last name an administrator gives: the users list shows them while the invitation is pending, and the account it makes carries them', async () => {
    const email = 'namngiven@test.se';
    const added = await server.call(admin, 'create_userContainerPermission', { containerId, email, firstname: ' Nora ', lastname: 'Namngiven', permissionIds: [3] });
    expect(added.status).toBe(200);
    expect((await rows()).filter((r) => r.email === email)).toEqual([expect.objectContaining({ kind: 'invitation', firstname: 'Nora', lastname: 'Namngiven' })]);
    const accepted = await accept(await mailedToken(server, email, 'invitation'), OWNER_PASSWORD);
    expect(accepted.status).toBe(200);
    expect((await rows()).filter((r) => r.email === email)).toEqual([expect.objectContaining({ kind: 'member', firstname: 'Nora', lastname: 'Namngiven' })]);
    // A first administrator named on 'Ny Container' gets the name the same way.
    const created = await server.call(odin, 'create_container', { name: 'namngiven-kund', displayName: 'Namngiven AB', adminEmail: 'chef@namngiven.se', adminFirstname: 'Cecilia', adminLastname: 'Chef' });
    expect(created.status).toBe(200);
    expect((await accept(await mailedToken(server, 'chef@namngiven.se', 'invitation'), OWNER_PASSWORD)).status).toBe(200);
    expect((await server.call(odin, 'get_containerUsers', { containerId: created.body.data.id })).body.data).toEqual([expect.objectContaining({ email: 'chef@namngiven.se', firstname: 'Cecilia', lastname: 'Chef' })]);
  });
});
