import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { monthsBefore, runRetention } from '../../server/domain/gdpr/retention';
import { storeKinds } from '../setup/stores';
import { demoPositions, insertApplications } from './helpers/domain';
import { mailsTo } from './helpers/mailbox';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

/**
 * Issue 28 item 1: retention by purpose. Each organisation's period counts from the close of
 * the recruitment (an open-ended position from the application), a legal hold stops it, the
 * administrators hear a week before, and the record of an erasure holds counts only.
 */
const DAY = 86_400;

describe.each(storeKinds())('retention by purpose on the %s store', (kind) => {
  let server: TestServer;
  let c: ContainerDoc;
  let admin: string;
  let writer: string;
  const now = Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    ({ container: c } = await demoPositions(server));
    admin = await server.login(DEMO.admin);
    writer = await server.login(DEMO.writer);
  });
  afterAll(() => server?.close());

  async function position(name: string, stop: number): Promise<PositionDoc> {
    const { open } = await demoPositions(server);
    const r = await server.call(writer, 'create_position', { containerId: c.id, name, city: 'Lund', description: 'Kort', text: '<p>Hej</p>', start: now - 60 * DAY, stop, isInternal: false, positionTypeId: open.positionTypeId });
    expect(r.status, r.text).toBe(200);
    return (await server.deps.store.collection<PositionDoc>('positions').findOne({ id: r.body.data.id }))!;
  }
  async function applied(p: PositionDoc, prefix: string, created: number): Promise<number> {
    const [a] = await insertApplications(server, p, c, 1, [0], prefix);
    await server.deps.store.collection('applications').updateOne({ id: a!.id }, { $set: { created } });
    return a!.id;
  }
  const left = async (ids: number[]) => (await server.deps.store.collection<ApplicationDoc>('applications').find({ id: { $in: ids } })).map((a) => a.id).sort((x, y) => x - y);
  const at = (t: number) => runRetention({ ...server.deps, now: () => t });

  it('refuses a period of 0 or 120 months in Swedish and changes nothing; 24 is the default', async () => {
    expect((await server.call(admin, 'get_retentionSettings', { containerId: c.id })).body.data).toMatchObject({ retentionMonths: 24, talentPoolMonths: 24 });
    for (const months of [0, 120, 5, 37]) {
      const r = await server.call(admin, 'update_retentionSettings', { containerId: c.id, retentionMonths: months });
      expect(r.status, r.text).toBe(400);
      expect(r.body.error).toMatchObject({ code: 'invalid', message: 'Lagringstiden måste vara ett helt antal månader mellan 6 och 36.' });
      expect(r.body.error.details[0].path).toBe('/retentionMonths');
    }
    expect((await server.call(writer, 'update_retentionSettings', { containerId: c.id, retentionMonths: 12 })).status).toBe(403);
    expect((await server.call(admin, 'get_retentionSettings', { containerId: c.id })).body.data.retentionMonths).toBe(24);
    const ok = await server.call(admin, 'update_retentionSettings', { containerId: c.id, retentionMonths: 12 });
    expect(ok.status, ok.text).toBe(200);
    // Shown to the public: the career page's container and so its privacy notice.
    const pub = await server.request('GET', `/api/public/containers/${c.name}`);
    expect(pub.body.data).toMatchObject({ retentionMonths: 12, talentPool: { version: 1, label: 'Spara mina uppgifter i talangpoolen i 24 månader' } });
  });

  it('erases on the close date plus the period (an open-ended position from the application), warns a week before, and nothing under a legal hold', async () => {
    const closed = await position('Avslutad rekrytering', now - DAY);
    const held = await position('Rekrytering med anspråk', now - DAY);
    const running = await position('Löpande annons', now + 3650 * DAY);
    const ids = {
      closed: await applied(closed, 'stangd', now - 30 * DAY),
      held: await applied(held, 'sparrad', now - 30 * DAY),
      runningOld: await applied(running, 'lopande-gammal', now - 30 * DAY),
      runningNew: await applied(running, 'lopande-ny', now),
    };
    const all = Object.values(ids).sort((x, y) => x - y);
    const hold = await server.call(admin, 'create_legalHold', { positionId: held.id, reason: 'Anspråk enligt diskrimineringslagen inkom' });
    expect(hold.status, hold.text).toBe(200);
    expect((await server.call(admin, 'create_legalHold', { positionId: held.id, reason: 'igen' })).body.error.code).toBe('conflict');
    const due = monthsBefore(now, -12); // the close date + 12 months, give or take the day before close

    // A week before: only the old application of the running ad is past its period; the administrators hear about the closed position (not the held one).
    await at(due - 5 * DAY);
    expect(await left(all)).toEqual(all.filter((id) => id !== ids.runningOld));
    const warned = await mailsTo(server, DEMO.admin);
    expect(warned.some((m) => m.includes('Avslutad rekrytering') && m.includes('raderas'))).toBe(true);
    expect(warned.some((m) => m.includes('Rekrytering med anspråk'))).toBe(false);
    // The same day again: no second mail.
    const count = warned.length;
    await at(due - 5 * DAY);
    expect((await mailsTo(server, DEMO.admin)).length).toBe(count);

    // Past the close date + 12 months: the closed position's application and the new running one go; the held one stays.
    await at(due + 2 * DAY);
    expect(await left(all)).toEqual([ids.held]);
    // Lifted (with who and why): the clock runs again; lifting twice answers clearly.
    const lift = await server.call(admin, 'delete_legalHold', { positionId: held.id, reason: 'Anspråket är avgjort' });
    expect(lift.status, lift.text).toBe(200);
    const again = await server.call(admin, 'delete_legalHold', { positionId: held.id, reason: 'Anspråket är avgjort' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Tjänsten har ingen rättslig spärr att häva. Den kan redan ha hävts.');
    const me = await server.deps.store.collection<{ id: number; email: string }>('users').findOne({ email: DEMO.admin });
    const holds = (await server.call(admin, 'get_retentionSettings', { containerId: c.id })).body.data.holds;
    expect(holds).toEqual([expect.objectContaining({ positionName: 'Rekrytering med anspråk', reason: 'Anspråk enligt diskrimineringslagen inkom', by: me!.id, liftedBy: me!.id, liftReason: 'Anspråket är avgjort' })]);
    await at(due + 2 * DAY);
    expect(await left(all)).toEqual([]);

    // The GDPR record of the erasures: counts and the period, no personal data.
    const events = await server.deps.store.collection('events').find({ action: 'gdpr_retention', containerId: c.id });
    expect(events.length).toBeGreaterThan(0);
    expect(events[0]).toMatchObject({ userId: 0, counts: { months: 12 } });
    expect(JSON.stringify(events)).not.toMatch(/@|stangd|sparrad|lopande/);
  });
});
