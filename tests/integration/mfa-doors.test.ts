import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeKinds } from '../setup/stores';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../../engine/fill';
import { container } from './helpers/domain';
import { mailedToken } from './helpers/mailbox';
import { DEMO, startTestServer, TEST_PASSWORD, type TestServer } from './helpers/server';
import { totpCode } from './helpers/totp';

const NEW_PASSWORD = 'Inbjuden-Kollega-2026';

/**
 * The other doors to a session follow the password login's rules (issue 29 items 1 and 3):
 * the e-mail change confirmation and the invitation accept answer a ticket when a second
 * factor is enrolled or required, and refuse staff of an organisation that enforces its own
 * sign-in. The clock of this process moves (as in mfa.test.ts) so a TOTP step is fresh.
 */
describe.each(storeKinds())('second factor and SSO at the mailed doors on the %s store', (kind) => {
  const realNow = Date.now;
  let skew = 0;
  let server: TestServer;
  let admin: string;
  let containerId: number;
  beforeAll(async () => {
    Date.now = () => realNow() + skew;
    server = await startTestServer({ kind, seed: true });
    admin = await server.login(DEMO.admin);
    containerId = (await container(server)).id;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    Date.now = realNow;
  });

  const userId = async (email: string) => (await server.deps.store.collection('users').findOne({ email }))!.id as number;
  const accept = (token: string) => server.request('POST', '/api/account/invitation/accept', { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
  const confirmEmail = (token: string) => server.request('POST', '/api/account/email/confirm', { token });
  /** Invites `email` to the demo organisation as a reader; the invitation link's token. */
  async function invite(email: string) {
    const added = await server.call(admin, 'create_userContainerPermission', { containerId, email, permissionId: 3 });
    expect(added.status, added.text).toBe(200);
    return mailedToken(server, email, 'invitation');
  }
  /** `email`'s own change of address to `to`; the confirmation link's token. */
  async function changeEmail(session: string, email: string, to: string) {
    const r = await server.call(session, 'update_account', { id: await userId(email), email: to, firstname: 'By', lastname: 'Tare', password: TEST_PASSWORD });
    expect(r.status, r.text).toBe(200);
    return mailedToken(server, to, 'confirm-email');
  }
  /** Enforced OpenID sign-in for `domain` in the demo organisation (as update_containerSso stores it). */
  const enforceSso = (domain: string) =>
    server.deps.store.collection('ssoSettings').updateOne(
      { containerId },
      { $set: { containerId, issuer: 'https://idp.exempel.se', clientId: 'blankett', clientSecret: 'hemlig', domains: [domain], enforce: true, requireMfa: false, updated: server.deps.now() } },
      { upsert: true },
    );
  const ssoRefusal = fill(sv.sso.required, { organisation: 'Demoföretaget AB' });

  it('the e-mail change confirmation of someone with TOTP answers a ticket, and a code finishes it', async () => {
    const session = await server.login(DEMO.writer);
    const started = await server.call(session, 'create_totpEnrollment', {});
    const secret = started.body.data.secret as string;
    expect((await server.call(session, 'update_totpEnrollment', { code: totpCode(secret) })).status).toBe(200);
    const link = await changeEmail(session, DEMO.writer, 'skribent@exempel.se');
    const first = await confirmEmail(link);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ mfa: ['totp'], ticket: expect.any(String) });
    expect(first.body.token).toBeUndefined();
    expect(first.body.data.token).toBeUndefined();
    skew += 60_000;
    const done = await server.request('POST', '/api/account/login/mfa', { ticket: first.body.ticket, code: totpCode(secret) });
    expect(done.status, done.text).toBe(200);
    expect((await server.call(done.body.token, 'get_mfa', {})).body.data).toMatchObject({ totp: true });
  });

  it('the invitation accept under a required second factor answers an enrolment ticket, not a session', async () => {
    expect((await server.call(admin, 'update_containerMfa', { containerId, requireMfa: true })).status).toBe(200);
    try {
      const first = await accept(await invite('inbjuden@exempel.se'));
      expect(first.status, first.text).toBe(200);
      expect(first.body).toMatchObject({ mfaEnrolmentRequired: true, ticket: expect.any(String) });
      expect(first.body.token).toBeUndefined();
      const enrol = await server.request('POST', '/api/account/login/mfa/enrol', { ticket: first.body.ticket });
      const done = await server.request('POST', '/api/account/login/mfa', { ticket: first.body.ticket, code: totpCode(enrol.body.data.secret) });
      expect(done.status, done.text).toBe(200);
      expect(done.body.data.recoveryCodes).toHaveLength(10);
    } finally {
      await server.call(admin, 'update_containerMfa', { containerId, requireMfa: false });
    }
  });

  it('under enforced SSO the invitation accept and the e-mail change confirmation refuse with the Swedish words and give no session', async () => {
    await enforceSso('sso-exempel.se');
    try {
      const invited = await accept(await invite('kollega@sso-exempel.se'));
      expect([invited.status, invited.body.error?.code, invited.body.error?.message]).toEqual([403, 'sso_required', ssoRefusal]);
      expect(invited.body.token).toBeUndefined();

      const reader = await server.login(DEMO.reader);
      const moved = await confirmEmail(await changeEmail(reader, DEMO.reader, 'lasare@sso-exempel.se'));
      expect([moved.status, moved.body.error?.code, moved.body.error?.message]).toEqual([403, 'sso_required', ssoRefusal]);
      expect(moved.body.token).toBeUndefined();
      expect(JSON.stringify(moved.body)).not.toMatch(/ey[A-Za-z0-9_-]{10,}\./);
    } finally {
      await server.deps.store.collection('ssoSettings').deleteOne({ containerId });
    }
  });
});
