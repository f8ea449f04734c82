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

  it("lets an administrator edit the details of a colleague their invitation created, but never the email (issue 24)", async () => {
    // ny.kollega@test.se accepted the organisation's invitation in the first test.
    const row = (await server.call(admin, 'get_container', { id: containerId })).body.data.permissions.find((p: { email: string }) => p.email === 'ny.kollega@test.se');
    const updated = await server.call(admin, 'update_account', { id: row.userId, email: 'Ny.Kollega@Test.SE', firstname: ' Lisa ', lastname: 'Läsare', phoneNumber: '070-123 45 67', title: '<b onclick="steal()">Rekryterare</b><script>alert(1)</script>' });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.data.pendingEmail).toBeUndefined();
    const read = (await server.call(admin, 'get_containerUser', { containerId, id: row.id })).body.data;
    expect(read).toMatchObject({ email: 'ny.kollega@test.se', firstname: 'Lisa', lastname: 'Läsare', phoneNumber: '070-123 45 67', title: 'Rekryterare', permissionIds: [2], locked: ['email', 'password'] });
    // The address changes only by its owner, on their own account.
    const moved = await server.call(admin, 'update_account', { id: row.userId, email: 'lasare@demo.test', firstname: 'Lisa', lastname: 'Läsare', password: TEST_PASSWORD });
    expect([moved.status, moved.body.error.details[0].path]).toEqual([403, '/email']);
    expect(await mailsTo(server, 'lasare@demo.test')).toEqual([]);
  });

  it('shows an account the organisation did not create read-only, with the reason, and refuses to edit it', async () => {
    const writer = (await server.call(admin, 'get_container', { id: containerId })).body.data.permissions.find((p: { email: string }) => p.email === DEMO.writer);
    const read = (await server.call(admin, 'get_containerUser', { containerId, id: writer.id })).body.data;
    expect(read.locked).toEqual(['email', 'firstname', 'lastname', 'phoneNumber', 'title', 'password']);
    expect(read.lockedNote).toMatch(/ändrar bara personen själv/);
    const refused = await server.call(admin, 'update_account', { id: writer.userId, email: 'kapad@evil.test', firstname: 'X', lastname: 'Y' });
    expect(refused.status).toBe(403);
    expect((await server.call(admin, 'get_containerUser', { containerId, id: writer.id })).body.data.email).toBe(DEMO.writer);
    // The administrator's own row is theirs to edit.
    const me = (await server.call(admin, 'get_container', { id: containerId })).body.data.permissions.find((p: { email: string }) => p.email === DEMO.admin);
    expect((await server.call(admin, 'get_containerUser', { containerId, id: me.id })).body.data.locked).toEqual([]);
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
