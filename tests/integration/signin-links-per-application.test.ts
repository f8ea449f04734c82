import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { monthsBefore, runRetention } from '../../server/domain/gdpr/retention';
import { storeKinds } from '../setup/stores';
import { applyTo, demoPositions, label, otherOrganisation, personnummer, positions, validAnswers } from './helpers/domain';
import { mailsTo } from './helpers/mailbox';
import { DEMO, startTestServer, type TestServer } from './helpers/server';
import { linksJob } from '../../server/jobs/schedule';

/**
 * Issue 24: 'Se din ansökan' links are per application, several alive at once — anyone
 * applying with an address (a stranger, or its owner elsewhere) adds a link and never revokes
 * another application's; and the sign-in link records of a person who never signed in go with
 * their last application on every removal path (staff delete, erasure, retention, position
 * delete), so no record keeps their address.
 */
describe.each(storeKinds())('sign-in links per application on the %s store', (kind) => {
  let server: TestServer;
  let c: ContainerDoc;
  let open: PositionDoc;
  let writer: string;
  let admin: string;
  let elsewhere: PositionDoc;
  let n = 0;

  const follow = (token: string) => server.request('POST', '/api/account/signin-link/confirm', { token });
  const tokensTo = async (email: string) => (await mailsTo(server, email)).map((t) => /\/signin-link#token=([A-Za-z0-9_-]+)/.exec(t)?.[1]).filter((t): t is string => !!t);
  /** Applies and waits for the confirmation's 'Se din ansökan' link; answers the application id and the link's token. */
  async function applyForLink(position: PositionDoc, email: string) {
    const before = (await tokensTo(email)).length;
    const r = await applyTo(server, position.id, email, validAnswers(email, { form_ssn: personnummer('19850505', String(100 + ++n)) }));
    expect(r.status, r.text).toBe(201);
    await expect.poll(async () => (await tokensTo(email)).length, { timeout: 10_000 }).toBe(before + 1);
    return { id: r.body.data.id as number, token: (await tokensTo(email)).at(-1)! };
  }
  /** Every sign-in link record that names the address, in either collection. */
  const linkRecords = async (email: string) => (await server.deps.store.collection('signinLinks').count({ email })) + (await server.deps.store.collection('applicationLinks').count({ email }));

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    ({ container: c, open } = await demoPositions(server));
    writer = await server.login(DEMO.writer);
    admin = await server.login(DEMO.admin);
    const other = await otherOrganisation(server);
    elsewhere = (await positions(server, other.container.id)).find((p) => !p.isInternal)!;
    // Both organisations send a confirmation (with 'Se din ansökan') after applying.
    const template = { subject: 'Tack {firstname}', content: '<p>Tack för din ansökan.</p>' };
    expect((await server.call(writer, 'update_containerTemplate', { ...template, containerId: c.id, positionTypeId: open.positionTypeId, labelId: label(c, 'Ej bedömd') })).status).toBe(200);
    const t = await server.call(other.token, 'update_containerTemplate', { ...template, containerId: other.container.id, positionTypeId: elsewhere.positionTypeId, labelId: label(other.container, 'Ej bedömd') });
    expect(t.status, t.text).toBe(200);
  }, 60_000);
  afterAll(() => server?.close());

  it('a stranger applying with the address elsewhere adds a link: the applicant’s own link still signs them in', async () => {
    const email = 'ofrivillig.lank@exempel.se';
    const mine = await applyForLink(open, email);
    const strangers = await applyForLink(elsewhere, email);
    const r = await follow(mine.token);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.next).toBe(`/admin/minasidor?org=${c.id}`);
    // Each link is used once, and only its own.
    expect((await follow(mine.token)).status).toBe(400);
    expect((await follow(strangers.token)).status).toBe(200);
  });

  it('several links are alive at once: following one application’s link leaves the other’s, and a page-requested link, working', async () => {
    const email = 'tva.ansokningar@exempel.se';
    const first = await applyForLink(elsewhere, email);
    const second = await applyForLink(open, email);
    expect((await follow(second.token)).status).toBe(200);
    expect((await follow(first.token)).status).toBe(200);
  });

  type Path = 'staff delete' | 'erasure' | 'retention' | 'position delete';
  const remove: Record<Path, (id: number, email: string, position: PositionDoc) => Promise<void>> = {
    'staff delete': async (id, _e, position) => {
      const r = await server.call(writer, 'delete_jobapplication', { id, positionId: position.id });
      expect(r.status, r.text).toBe(200);
    },
    erasure: async (_id, email) => {
      const r = await server.call(admin, 'delete_ApplicantFromContainer', { containerId: c.id, userId: email });
      expect(r.status, r.text).toBe(200);
    },
    retention: async (id) => {
      await server.deps.store.collection('applications').updateOne({ id }, { $set: { created: monthsBefore(server.deps.now(), 37) } });
      expect((await runRetention(server.deps, 36)).applications).toBeGreaterThanOrEqual(1);
    },
    'position delete': async (_id, _e, position) => {
      const r = await server.call(writer, 'delete_position', { id: position.id });
      expect(r.status, r.text).toBe(200);
    },
  };

  it.each(Object.keys(remove) as Path[])('after %s of their last application, no sign-in link record keeps the address of an applicant who never signed in', async (path) => {
    let position = open;
    if (path === 'position delete') {
      const now = server.deps.now();
      const made = await server.call(writer, 'create_position', { containerId: c.id, name: 'Kortvarig', city: 'Umeå', description: 'Kort', text: '<p>Hej</p>', start: now - 60, stop: now + 86_400, isInternal: false, positionTypeId: open.positionTypeId });
      expect(made.status, made.text).toBe(200);
      position = made.body.data;
    }
    const email = `aldrig.inloggad.${path.replace(' ', '-')}@exempel.se`;
    const { id, token } = await applyForLink(position, email);
    // They also asked for a sign-in link on the candidate page, and never followed either.
    expect((await server.request('POST', '/api/account/signin-link', { email })).status).toBe(200);
    expect(await linkRecords(email)).toBe(2);
    await remove[path](id, email, position);
    expect(await linkRecords(email)).toBe(0);
    expect((await follow(token)).status).toBe(400);
  });

  it('the hourly links job removes expired links of both kinds and keeps live ones: applying sweeps nothing', async () => {
    const email = 'utgangen.lank@exempel.se';
    const old = await applyForLink(open, email);
    const links = server.deps.store.collection('applicationLinks');
    const requests = server.deps.store.collection('signinLinks');
    const now = server.deps.now();
    await links.updateOne({ applicationId: old.id }, { $set: { expires: now - 1 } });
    expect((await server.request('POST', '/api/account/signin-link', { email })).status).toBe(200);
    await expect.poll(() => requests.count({ email, kind: 'request' }), { timeout: 10_000 }).toBe(1);
    await requests.updateOne({ email, kind: 'request' }, { $set: { expires: now - 1 } });
    // A new application leaves the expired link where it is: the job sweeps it.
    const live = await applyForLink(elsewhere, email);
    expect(await links.count({ applicationId: old.id })).toBe(1);
    const job = linksJob();
    expect(job.periodMs).toBe(60 * 60 * 1000);
    const swept = await job.run(server.deps);
    expect(swept.applicationLinks).toBeGreaterThanOrEqual(1);
    expect(swept.signinLinks).toBeGreaterThanOrEqual(1);
    expect(await links.count({ applicationId: old.id })).toBe(0);
    expect(await requests.count({ email })).toBe(0);
    expect(await links.count({ applicationId: live.id })).toBe(1);
    // The live link still signs in; the swept one is refused.
    expect((await follow(old.token)).status).toBe(400);
    const r = await follow(live.token);
    expect(r.status, r.text).toBe(200);
    expect(await job.run(server.deps)).toEqual({ applicationLinks: 0, signinLinks: 0 });
  });

  it('an application removed while the address has another keeps that application’s link alive', async () => {
    const email = 'kvar.pa.annat.hall@exempel.se';
    const kept = await applyForLink(elsewhere, email);
    const gone = await applyForLink(open, email);
    expect((await server.call(writer, 'delete_jobapplication', { id: gone.id, positionId: open.id })).status).toBe(200);
    expect((await follow(gone.token)).status).toBe(400);
    expect((await follow(kept.token)).status).toBe(200);
  });
});
