import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import { sha256 } from '../../server/auth/signin';
import { storeKinds } from '../setup/stores';
import { mailedToken, mailsTo, signInByLink } from './helpers/mailbox';
import { DEMO, startTestServer, TEST_PASSWORD, type TestServer } from './helpers/server';

/**
 * Issue 24 item 1: an account moves only with its owner. The three-call takeover (add a proven
 * account to your organisation, change its email to a mailbox you read with your own password,
 * confirm the link) is refused for odin, a candidate and a colleague: nothing is stored and no
 * mail that would move the account is sent. Pending email changes die with a password change,
 * a reset and logout everywhere, and the notice's 'Stoppa ändringen' cancels one.
 */
const MAILBOX = 'admins-postlada@evil.test';

describe.each(storeKinds())('an account moves only with its owner on the %s store', (kind) => {
  let server: TestServer;
  let admin: string;
  let odin: string;
  let containerId: number;

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    admin = await server.login(DEMO.admin);
    odin = await server.login(DEMO.odin);
    containerId = (await server.deps.store.collection('containers').findOne({ name: 'demo' }))!.id as number;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const users = () => server.deps.store.collection('users');
  const userOf = async (email: string) => (await users().findOne({ email }))!;

  /** The attack's three calls on the account of `email`; every step after the first must be refused. */
  async function takeover(email: string, message: string) {
    const before = await userOf(email);
    const added = await server.call(admin, 'create_userContainerPermission', { containerId, email, permissionId: 3 });
    expect(added.body.data?.status, added.text).toBe('added');
    const move = await server.call(admin, 'update_account', { id: before.id, email: MAILBOX, firstname: 'Kapad', lastname: 'Konto', password: TEST_PASSWORD });
    expect([move.status, move.body.error?.message]).toEqual([403, message]);
    const rename = await server.call(admin, 'update_account', { id: before.id, email: before.email, firstname: 'Kapad', lastname: 'Konto' });
    expect([rename.status, rename.body.error?.message]).toEqual([403, message]);
    // Nothing stored, nothing mailed that could move the account.
    expect(await userOf(email)).toEqual(before);
    expect(await mailsTo(server, MAILBOX)).toEqual([]);
    const confirm = await server.request('POST', '/api/account/email/confirm', { token: 'x'.repeat(43) });
    expect(confirm.status).toBe(400);
  }

  it('an Administrator cannot take over odin: adding odin gives no right to its account', async () => {
    await takeover(DEMO.odin, sv.account.odinOnly);
    expect((await server.call(odin, 'get_myContainers', {})).status).toBe(200);
  });

  it('an Administrator cannot take over a proven candidate account added to the organisation', async () => {
    const candidate = await signInByLink(server, 'kandidat.kapning@exempel.se');
    await takeover('kandidat.kapning@exempel.se', sv.account.lockedAccount);
    expect((await server.call(candidate, 'get_myContainers', {})).status).toBe(200);
  });

  it('an Administrator cannot move or rename a colleague the organisation did not create', async () => {
    const reader = await userOf(DEMO.reader);
    const move = await server.call(admin, 'update_account', { id: reader.id, email: MAILBOX, firstname: 'Lisa', lastname: 'Läsare', password: TEST_PASSWORD });
    expect([move.status, move.body.error.message]).toEqual([403, sv.account.lockedAccount]);
    expect(await userOf(DEMO.reader)).toEqual(reader);
    expect(await mailsTo(server, MAILBOX)).toEqual([]);
  });

  it('odin renames anyone but moves nobody’s email; nobody but odin edits an odin account', async () => {
    const reader = await userOf(DEMO.reader);
    const move = await server.call(odin, 'update_account', { id: reader.id, email: MAILBOX, firstname: 'Lisa', lastname: 'Läsare', password: TEST_PASSWORD });
    expect([move.status, move.body.error.details[0].path]).toEqual([403, '/email']);
    expect((await userOf(DEMO.reader)).pendingEmail).toBeUndefined();
    const rename = await server.call(odin, 'update_account', { id: reader.id, email: DEMO.reader, firstname: 'Lisa', lastname: 'Läsare' });
    expect(rename.status, rename.text).toBe(200);
    expect(rename.body.data.token).toBeUndefined();
  });

  it('an Administrator renames only an account their invitation created, and only while it belongs to no other organisation', async () => {
    const email = 'inbjuden.kollega@exempel.se';
    expect((await server.call(admin, 'create_userContainerPermission', { containerId, email, permissionId: 3 })).body.data.status).toBe('invited');
    const token = await mailedToken(server, email, 'invitation');
    expect((await server.request('POST', '/api/account/invitation/accept', { token, password: 'Kollegans-eget-77', confirmPassword: 'Kollegans-eget-77' })).status).toBe(200);
    const id = (await userOf(email)).id;
    const rename = await server.call(admin, 'update_account', { id, email, firstname: 'Ny', lastname: 'Kollega', title: 'Rekryterare' });
    expect(rename.status, rename.text).toBe(200);
    const move = await server.call(admin, 'update_account', { id, email: MAILBOX, firstname: 'Ny', lastname: 'Kollega', password: TEST_PASSWORD });
    expect([move.status, move.body.error.message]).toEqual([403, sv.account.emailOwnOnly]);
    const other = await server.call(odin, 'create_container', { name: 'annat-bolag', displayName: 'Annat Bolag AB' });
    await server.call(odin, 'create_userContainerPermission', { containerId: other.body.data.id, email, permissionId: 3 });
    const again = await server.call(admin, 'update_account', { id, email, firstname: 'Kapad', lastname: 'Kollega' });
    expect([again.status, again.body.error.message]).toEqual([403, sv.account.lockedAccount]);
    expect((await userOf(email)).firstname).toBe('Ny');
  });

  it('a pending change asked for by anyone but the owner (stored before this fix) confirms nothing and signs nobody in', async () => {
    const writer = await userOf(DEMO.writer);
    const token = 'a'.repeat(43);
    await users().updateOne({ id: writer.id }, { $set: { pendingEmail: MAILBOX, pendingEmailTokenHash: sha256(token), pendingEmailExpires: server.deps.now() + 600 } });
    const r = await server.request('POST', '/api/account/email/confirm', { token });
    expect([r.status, r.body.token]).toEqual([400, undefined]);
    expect((await userOf(DEMO.writer)).email).toBe(DEMO.writer);
    await users().updateOne({ id: writer.id }, { $unset: { pendingEmail: true, pendingEmailTokenHash: true, pendingEmailExpires: true } });
  });

  describe('a pending email change ends', () => {
    let k = 0;
    /** A proven account of its own, with an email change pending to a new address; the link's token. */
    async function pending() {
      const email = `byter${++k}@exempel.se`;
      const session = await signInByLink(server, email);
      const id = (await userOf(email)).id;
      const r = await server.call(session, 'update_account', { id, email: `ny${k}@exempel.se`, firstname: 'By', lastname: 'Tare' });
      expect(r.status, r.text).toBe(200);
      return { email, id, session: r.body.data.token as string, link: await mailedToken(server, `ny${k}@exempel.se`, 'confirm-email') };
    }
    const confirmFails = async (link: string, email: string) => {
      expect((await server.request('POST', '/api/account/email/confirm', { token: link })).status).toBe(400);
      const u = await userOf(email);
      expect([u.email, u.pendingEmail]).toEqual([email, undefined]);
    };

    it('with the one-click ‘Stoppa ändringen’ in the notice to the current address (a POST after a click; opening the page does nothing)', async () => {
      const p = await pending();
      const stop = await mailedToken(server, p.email, 'stop-email-change');
      await server.request('GET', `/stop-email-change`);
      expect((await userOf(p.email)).pendingEmail).toBe(`ny${k}@exempel.se`);
      const r = await server.request('POST', '/api/account/email/stop', { token: stop });
      expect(r.status, r.text).toBe(200);
      await confirmFails(p.link, p.email);
      expect((await server.request('POST', '/api/account/email/stop', { token: stop })).status).toBe(400);
    });

    it('with a password change', async () => {
      const p = await pending();
      expect((await server.call(p.session, 'update_password', { password: '', newPassword: 'Nytt-eget-losen-5', confirmNewPassword: 'Nytt-eget-losen-5' })).status).toBe(200);
      await confirmFails(p.link, p.email);
    });

    it('with ‘logga ut överallt’', async () => {
      const p = await pending();
      expect((await server.request('POST', '/api/account/logout', undefined, { authorization: `Bearer ${p.session}` })).status).toBe(200);
      await confirmFails(p.link, p.email);
    });

    it('with a password reset', async () => {
      const p = await pending();
      expect((await server.request('POST', '/api/account/reset', { email: p.email })).status).toBe(200);
      const reset = await mailedToken(server, p.email, 'reset-password');
      expect((await server.request('POST', '/api/account/reset/confirm', { token: reset, password: 'Aterstallt-losen-9', confirmPassword: 'Aterstallt-losen-9' })).status).toBe(200);
      await confirmFails(p.link, p.email);
    });
  });
});
