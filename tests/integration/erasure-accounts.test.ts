import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../server/auth/account';
import type { ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { applyTo, demoPositions, otherOrganisation, personnummer, positions, validAnswers } from './helpers/domain';
import { DEMO, TEST_PASSWORD, startTestServer, type TestServer } from './helpers/server';

/**
 * Issue 15 item 2: erasing an applicant never deletes a candidate account that is someone
 * else's — an account with a right anywhere (an organisation or only a position), or whose
 * email still has an application or a conversation in another organisation. An account the
 * person made only for the erased applications goes.
 */
describe.each(storeKinds())('erasure and candidate accounts on the %s store', (kind) => {
  let server: TestServer;
  let c: ContainerDoc;
  let open: PositionDoc;
  let admin: string;
  let other: { container: ContainerDoc; token: string };
  let n = 0;

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    ({ container: c, open } = await demoPositions(server));
    admin = await server.login(DEMO.admin);
    other = await otherOrganisation(server);
  });
  afterAll(() => server?.close());

  async function applicantWithAccount() {
    const email = `konto${++n}@exempel.se`;
    const r = await applyTo(server, open.id, email, validAnswers(email, { form_ssn: personnummer('19770707', String(300 + n)) }));
    expect(r.status, r.text).toBe(201);
    const user = await registerUser(server.deps, { email, password: TEST_PASSWORD, firstname: 'Konto', lastname: 'Innehavare' });
    // Its owner has proven the address (a sign-in link), so the candidate area is open to it.
    await server.deps.store.collection('users').updateOne({ id: user.id }, { $set: { emailVerifiedAt: server.deps.now() } });
    return { email, userId: user.id };
  }

  const erase = async (email: string) => {
    const r = await server.call(admin, 'delete_ApplicantFromContainer', { containerId: c.id, userId: email });
    expect(r.status, r.text).toBe(200);
  };
  const accountLeft = (userId: number) => server.deps.store.collection('users').count({ id: userId });

  it('deletes the account the person made only for the erased application', async () => {
    const p = await applicantWithAccount();
    await erase(p.email);
    expect(await accountLeft(p.userId)).toBe(0);
  });

  it('keeps an account with a right on one position of another organisation', async () => {
    const p = await applicantWithAccount();
    const otherPosition = (await positions(server, other.container.id))[0]!;
    await server.deps.store.collection('positionPermissions').insertOne({
      id: await server.deps.store.nextSequence('positionPermissions'), containerId: other.container.id, positionId: otherPosition.id, userId: p.userId, email: p.email, permissionName: 'Write',
    });
    await erase(p.email);
    expect(await accountLeft(p.userId)).toBe(1);
    expect(await server.login(p.email)).toBeTruthy();
  });

  it('keeps an account whose email has an application and a conversation in another organisation', async () => {
    const p = await applicantWithAccount();
    const otherPosition = (await positions(server, other.container.id)).find((x) => !x.isInternal)!;
    expect((await applyTo(server, otherPosition.id, p.email, validAnswers(p.email, { form_ssn: personnummer('19660606', String(400 + n)) }))).status).toBe(201);
    const token = await server.login(p.email);
    expect((await server.call(token, 'send_MessageCommand', { containerId: other.container.id, message: 'Hej andra företaget' })).status).toBe(200);
    await erase(p.email);
    expect(await accountLeft(p.userId)).toBe(1);
    expect(await server.deps.store.collection('applications').count({ email: p.email, containerId: other.container.id })).toBe(1);
    expect(await server.deps.store.collection('chatMessages').count({ email: p.email, containerId: other.container.id })).toBe(1);
  });

  /** Issue 24: a candidate account with nothing anywhere (its owner withdrew, or only registered). */
  async function accountWithNothing() {
    const email = `ensam${++n}@exempel.se`;
    const user = await registerUser(server.deps, { email, password: TEST_PASSWORD, firstname: 'Ensam', lastname: 'Kandidat' });
    // Made and proven yesterday, before anyone applied with the address.
    const yesterday = server.deps.now() - 86_400;
    await server.deps.store.collection('users').updateOne({ id: user.id }, { $set: { created: yesterday, emailVerifiedAt: yesterday } });
    return { email, userId: user.id };
  }

  it('keeps an account that did not apply here when a stranger applied with its address and is erased (issue 24)', async () => {
    const p = await accountWithNothing();
    const r = await applyTo(server, open.id, p.email, validAnswers(p.email, { form_ssn: personnummer('19550505', String(500 + n)) }));
    expect(r.status, r.text).toBe(201);
    await erase(p.email);
    expect(await server.deps.store.collection('applications').count({ id: r.body.data.id })).toBe(0);
    expect(await accountLeft(p.userId)).toBe(1);
    expect(await server.login(p.email)).toBeTruthy();
  });

  it('keeps an account that did not apply here when the admin registers an application with its address and erases it by personnummer (issue 24)', async () => {
    const p = await accountWithNothing();
    const ssn = personnummer('19440404', String(600 + n));
    const r = await server.call(admin, 'create_jobApplication', { email: p.email, positionId: open.id, metadata: validAnswers(p.email, { form_ssn: ssn }) });
    expect(r.status, r.text).toBe(200);
    const erased = await server.call(admin, 'delete_ApplicantFromContainer', { containerId: c.id, userId: ssn });
    expect(erased.status, erased.text).toBe(200);
    expect(erased.body.data.deleted).toBe(1);
    expect(await accountLeft(p.userId)).toBe(1);
  });
});
