import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeKinds } from '../setup/stores';
import { container } from './helpers/domain';
import { mailedToken, mailsTo } from './helpers/mailbox';
import { DEMO, startTestServer, TEST_PASSWORD, type TestServer } from './helpers/server';

describe.each(storeKinds())('organisation users on the %s store', (kind) => {
  let server: TestServer;
  let admin: string;
  let containerId: number;

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    admin = await server.login(DEMO.admin);
    containerId = (await container(server)).id;
  }, 60_000);
  afterAll(() => server?.close());

  it('invites a person without an account, who chooses a password through the mailed link and logs in with the right given', async () => {
    const added = await server.call(admin, 'create_userContainerPermission', { containerId, email: 'Ny.Kollega@Test.se', permissionId: 2 });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ status: 'invited', email: 'ny.kollega@test.se', permissionIds: [2] });
    const [mail] = await mailsTo(server, 'ny.kollega@test.se');
    expect(mail).toContain('Demoföretaget AB');
    // Nothing exists for the address until the link is followed.
    expect(await server.deps.store.collection('users').findOne({ email: 'ny.kollega@test.se' })).toBeNull();
    const token = await mailedToken(server, 'ny.kollega@test.se', 'invitation');
    const set = await server.request('POST', '/api/account/invitation/accept', { token, password: 'Kollega-2024!', confirmPassword: 'Kollega-2024!' });
    expect(set.status).toBe(200);
    const colleague = await server.login('ny.kollega@test.se', 'Kollega-2024!');
    const containers = await server.call(colleague, 'get_containers');
    expect(containers.body.data).toEqual([expect.objectContaining({ id: containerId, myPermissions: ['Write'] })]);
    const row = (await server.call(admin, 'get_container', { id: containerId })).body.data.permissions.find((p: { email: string }) => p.email === 'ny.kollega@test.se');
    expect((await server.call(colleague, 'get_containerUser', { containerId, id: row.id })).status).toBe(403);
    // The link is used up.
    expect((await server.request('POST', '/api/account/invitation/accept', { token, password: 'Annat-2024!!', confirmPassword: 'Annat-2024!!' })).status).toBe(400);
  });

  it('adds a colleague with several rights at once (the same control as editing), and refuses both or neither of permissionId and permissionIds', async () => {
    const added = await server.call(admin, 'create_userContainerPermission', { containerId, email: 'flera@test.se', permissionIds: [1, 2] });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ status: 'invited', email: 'flera@test.se', permissionIds: [1, 2] });
    expect((await server.call(admin, 'create_userContainerPermission', { containerId, email: 'bada@test.se', permissionId: 2, permissionIds: [2] })).status).toBe(400);
    expect((await server.call(admin, 'create_userContainerPermission', { containerId, email: 'ingen@test.se' })).status).toBe(400);
    expect((await server.call(admin, 'create_userContainerPermission', { containerId, email: 'tom@test.se', permissionIds: [] })).status).toBe(400);
  });

  it('refuses adding someone who is already a user of the organisation, at the email field, and sends no mail', async () => {
    const before = (await mailsTo(server, DEMO.writer)).length;
    const again = await server.call(admin, 'create_userContainerPermission', { containerId, email: DEMO.writer.toUpperCase(), permissionId: 3 });
    expect(again.status).toBe(409);
    expect(again.body.error.details).toEqual([{ path: '/email', message: 'Användaren finns redan i företaget' }]);
    expect((await mailsTo(server, DEMO.writer)).length).toBe(before);
    const writerRow = (await server.call(admin, 'get_container', { id: containerId })).body.data.permissions.find((p: { email: string }) => p.email === DEMO.writer);
    expect(writerRow.permissionIds).toEqual([2]);
  });

  it("lets an administrator edit a colleague's details, email lower-cased, and read them back", async () => {
    const rows = (await server.call(admin, 'get_container', { id: containerId })).body.data.permissions;
    const reader = rows.find((p: { email: string }) => p.email === DEMO.reader);
    const updated = await server.call(admin, 'update_account', { id: reader.userId, email: 'Lasare@Demo.TEST', firstname: ' Lisa ', lastname: 'Läsare', phoneNumber: '070-123 45 67', title: '<b onclick="steal()">Rekryterare</b><script>alert(1)</script>', password: TEST_PASSWORD });
    expect(updated.status).toBe(200);
    // The address changes only when its owner follows the link mailed there (issue 15).
    expect(updated.body.data.pendingEmail).toBe('lasare@demo.test');
    expect((await server.call(admin, 'get_containerUser', { containerId, id: reader.id })).body.data.email).toBe(DEMO.reader);
    const confirmed = await server.request('POST', '/api/account/email/confirm', { token: await mailedToken(server, 'lasare@demo.test', 'confirm-email') });
    expect(confirmed.status, confirmed.text).toBe(200);
    const row = (await server.call(admin, 'get_containerUser', { containerId, id: reader.id })).body.data;
    expect(row).toMatchObject({ email: 'lasare@demo.test', firstname: 'Lisa', lastname: 'Läsare', phoneNumber: '070-123 45 67', title: 'Rekryterare', permissionIds: [3] });
    const taken = await server.call(admin, 'update_account', { id: reader.userId, email: DEMO.writer, firstname: 'Lisa', lastname: 'Läsare', password: TEST_PASSWORD });
    expect(taken.status).toBe(409);
    expect(taken.body.error.details[0].path).toBe('/email');
  });

  it('does not let an administrator edit someone who also belongs to an organisation they do not administer', async () => {
    const odin = await server.login(DEMO.odin);
    const other = await server.call(odin, 'create_container', { name: 'annat-foretag' });
    await server.call(odin, 'create_userContainerPermission', { containerId: other.body.data.id, email: DEMO.writer, permissionId: 3 });
    const writer = (await server.call(admin, 'get_container', { id: containerId })).body.data.permissions.find((p: { email: string }) => p.email === DEMO.writer);
    const refused = await server.call(admin, 'update_account', { id: writer.userId, email: 'kapad@evil.test', firstname: 'X', lastname: 'Y' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/administratör/);
    expect((await server.call(admin, 'get_containerUser', { containerId, id: writer.id })).body.data.email).toBe(DEMO.writer);
  });

  it('keeps the last Administrator: removing or demoting yourself is refused with a Swedish message', async () => {
    const me = (await server.call(admin, 'get_container', { id: containerId })).body.data.permissions.find((p: { email: string }) => p.email === DEMO.admin);
    const remove = await server.call(admin, 'delete_userContainerPermission', { containerId, id: me.id });
    expect(remove.status).toBe(409);
    expect(remove.body.error.message).toBe('Organisationen måste ha minst en administratör');
    const demote = await server.call(admin, 'update_ContainerUserPermissionsCommand', { containerId, email: DEMO.admin, permissionIds: [2] });
    expect(demote.status).toBe(409);
    expect((await server.call(admin, 'get_container', { id: containerId })).status).toBe(200);
  });

  it("applies a rights change on the user's next call", async () => {
    const writer = await server.login(DEMO.writer);
    expect((await server.call(writer, 'get_folders', { containerId })).status).toBe(200);
    const changed = await server.call(admin, 'update_ContainerUserPermissionsCommand', { containerId, email: DEMO.writer, permissionIds: [3] });
    expect(changed.status).toBe(200);
    // Lowered: the old session ends at once; a new one carries only Read.
    expect((await server.call(writer, 'get_folders', { containerId })).status).toBe(401);
    const again = await server.login(DEMO.writer);
    expect((await server.call(again, 'create_Folder', { containerId, name: 'Får inte' })).status).toBe(403);
  });
});
