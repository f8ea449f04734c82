import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { runTalentPool, type PoolEntry } from '../../server/domain/gdpr/talent-pool';
import { storeKinds } from '../setup/stores';
import { applyTo, demoPositions, label, personnummer, validAnswers } from './helpers/domain';
import { mailsTo, signInByLink } from './helpers/mailbox';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

/**
 * Issue 28 item 2: the talent pool on consent. The separate box on applying, an invitation
 * link (single use, expiring, bound to its person), every consent recorded and exported, a
 * renewal link before expiry, erasure at expiry without renewal and at once on withdrawal.
 */
const DAY = 86_400;
const TICKED = 'tickad.pool@exempel.se';
const INVITED = 'inbjuden.pool@exempel.se';
const LATE = 'sen.pool@exempel.se';

describe.each(storeKinds())('the talent pool on the %s store', (kind) => {
  let server: TestServer;
  let c: ContainerDoc;
  let open: PositionDoc;
  let admin: string;
  let writer: string;
  const pool = () => server.deps.store.collection<PoolEntry>('talentPool');
  const entryOf = (email: string) => pool().findOne({ containerId: c.id, email });
  /** The token of the newest /talangpool link mailed to `to`. */
  const linkTo = async (to: string) => {
    for (const text of (await mailsTo(server, to)).reverse()) {
      const m = /\/talangpool\?token=([A-Za-z0-9_-]+)/.exec(text);
      if (m) return m[1]!;
    }
    throw new Error(`no talent pool link to ${to}`);
  };
  const consent = (token: string, bearer?: string) => server.request('POST', '/api/public/talent-pool/consent', { token }, bearer ? { authorization: `Bearer ${bearer}` } : {});
  const apply = async (email: string, extra: Record<string, unknown> = {}, serial = '123') => {
    const r = await server.request('POST', '/api/public/positions/apply', {
      action: 'create_jobApplication',
      data: { email, positionId: open.id, metadata: validAnswers(email, { form_firstname: 'Pia', form_ssn: personnummer('19900101', serial), form_city: 'Kiruna' }), ...extra },
    });
    expect(r.status, r.text).toBe(201);
    return r.body.data.id as number;
  };

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    ({ container: c, open } = await demoPositions(server));
    admin = await server.login(DEMO.admin);
    writer = await server.login(DEMO.writer);
  });
  afterAll(() => server?.close());

  it('keeps nobody unless the separate box is ticked; ticked, records the consent with its text version and how', async () => {
    await applyTo(server, open.id, 'otickad@exempel.se', validAnswers('otickad@exempel.se', { form_ssn: personnummer('19900101', '345') }));
    expect(await entryOf('otickad@exempel.se')).toBeNull();
    const bad = await server.request('POST', '/api/public/positions/apply', { action: 'create_jobApplication', data: { email: 'x@exempel.se', positionId: open.id, metadata: {}, talentPool: 'ja' } });
    expect(bad.status).toBe(400);
    await apply(TICKED, { talentPool: true });
    const e = await entryOf(TICKED);
    expect(e).toMatchObject({ name: expect.stringContaining('Pia'), consents: [{ what: 'talentPool', textVersion: 1, how: 'apply', months: 24 }] });
    // No personnummer in the pool.
    expect(JSON.stringify(e)).not.toContain('19900101');
    // The confirmation mail names the retention period and the pool consent.
    await expect.poll(async () => (await mailsTo(server, TICKED)).join('\n'), { timeout: 10_000 }).toContain('talangpool i 24 månader');
  });

  it('invites an applicant who was not hired by a link that is single use, expiring and bound to that person', async () => {
    const id = await apply(INVITED, {}, '456');
    const hired = await apply('anstalld@exempel.se', {}, '567');
    await server.deps.store.collection('applications').updateOne({ id: hired }, { $set: { processLabelId: label(c, 'Anställd') } });
    const refused = await server.call(writer, 'create_talentPoolInvitation', { id: hired });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('Bara den som inte har fått tjänsten kan bjudas in till talangpoolen.');

    expect((await server.call(writer, 'create_talentPoolInvitation', { id })).status).toBe(200);
    const token = await linkTo(INVITED);
    // Opening the link changes nothing (a mail scanner may open it): the page shows the text and one button.
    const page = await server.request('GET', `/talangpool?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Spara mina uppgifter i talangpoolen i 24 månader');
    expect(await entryOf(INVITED)).toBeNull();
    // Someone else signed in cannot consent for the person.
    const other = await server.call(null, 'get_talentPool', { containerId: c.id });
    expect(other.status).toBe(401);
    const stranger = await consent(token, writer);
    expect(stranger.status).toBe(403);
    expect(stranger.body.error.message).toBe('Länken är skickad till en annan person. Du kan inte ge samtycke åt någon annan.');
    expect(await entryOf(INVITED)).toBeNull();

    const given = await consent(token);
    expect(given.status, given.text).toBe(200);
    expect(await entryOf(INVITED)).toMatchObject({ consents: [{ how: 'invite', textVersion: 1 }] });
    const replay = await consent(token);
    expect(replay.status).toBe(409);
    expect(replay.body.error.message).toBe('Länken har redan använts. Be organisationen skicka en ny om du vill ge ditt samtycke igen.');
    expect((await consent('a'.repeat(43))).body.error.message).toBe('Länken är ogiltig. Kontrollera att du har kopierat hela länken.');

    // An expired invitation.
    const late = await apply(LATE, {}, '678');
    expect((await server.call(writer, 'create_talentPoolInvitation', { id: late })).status).toBe(200);
    const lateToken = await linkTo(LATE);
    await server.deps.store.collection('talentPoolLinks').updateOne({ email: LATE }, { $set: { expires: server.deps.now() - 1 } });
    const expired = await consent(lateToken);
    expect(expired.status).toBe(410);
    expect(expired.body.error.message).toBe('Länken har gått ut. Be organisationen skicka en ny.');
    expect((await server.request('GET', `/talangpool?token=${lateToken}`)).text).toContain('Länken har gått ut');
    expect(await entryOf(LATE)).toBeNull();
  });

  it('shows staff the pool with every consent, searchable by answers, and invites from it to apply', async () => {
    const r = await server.call(writer, 'get_talentPool', { containerId: c.id, query: 'kiruna pia' });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.rows.map((x: { email: string }) => x.email).sort()).toEqual([INVITED, TICKED].sort());
    expect(r.body.data.rows[0].consentText).toMatch(/text v1/);
    expect((await server.call(writer, 'get_talentPool', { containerId: c.id, query: 'dykcertifikat' })).body.data.rows).toEqual([]);
    const entry = (await entryOf(TICKED))!;
    const invited = await server.call(writer, 'create_talentPoolApplyInvite', { containerId: c.id, id: entry.id, positionId: open.id });
    expect(invited.status, invited.text).toBe(200);
    expect((await mailsTo(server, TICKED)).some((m) => m.includes(`/${open.id}_`))).toBe(true);
  });

  it('puts the consents in the GDPR export', async () => {
    const r = await server.call(admin, 'create_userExport', { containerId: c.id, email: INVITED });
    expect(r.status, r.text).toBe(200);
    expect(JSON.stringify(r.body.data)).toContain('"how":"invite"');
  });

  it('erases at once on withdrawal on Mina sidor; withdrawing a consent never given answers clearly', async () => {
    const me = await signInByLink(server, TICKED);
    expect((await server.call(me, 'get_myTalentPool', {})).body.data.rows).toEqual([expect.objectContaining({ containerId: c.id, consents: [expect.objectContaining({ how: 'apply' })] })]);
    const w = await server.call(me, 'delete_myTalentPoolConsent', { containerId: c.id });
    expect(w.status, w.text).toBe(200);
    expect(await entryOf(TICKED)).toBeNull();
    const again = await server.call(me, 'delete_myTalentPoolConsent', { containerId: c.id });
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe('Du har inget samtycke till talangpoolen hos organisationen att ta tillbaka.');
  });
  it('renews a consent by the link mailed before expiry, and erases the pooled data at expiry without another renewal', async () => {
    const first = (await entryOf(INVITED))!;
    const clock = (t: number) => runTalentPool({ ...server.deps, now: () => t });
    // A month before expiry: the renewal mail with a one-click link.
    expect((await clock(first.expires - 20 * DAY)).renewMails).toBeGreaterThanOrEqual(1);
    const token = await linkTo(INVITED);
    expect((await mailsTo(server, INVITED)).some((m) => m.includes('finns i talangpoolen'))).toBe(true);
    expect((await consent(token)).status).toBe(200);
    const renewed = (await entryOf(INVITED))!;
    expect(renewed.expires).toBeGreaterThan(first.expires);
    expect(renewed.consents.map((k) => k.how)).toEqual(['invite', 'renew']);
    // Not renewed again: still there the day before the new expiry, gone at it.
    await clock(renewed.expires - DAY);
    expect(await entryOf(INVITED)).not.toBeNull();
    const gone = await clock(renewed.expires);
    expect(gone.expired).toBeGreaterThanOrEqual(1);
    expect(await entryOf(INVITED)).toBeNull();
    expect(await server.deps.store.collection('talentPoolLinks').count({ email: INVITED })).toBe(0);
    // The application keeps its own clock.
    expect(await server.deps.store.collection<ApplicationDoc>('applications').count({ email: INVITED })).toBe(1);
    const events = await server.deps.store.collection('events').find({ action: 'talent_pool_expiry' });
    expect(JSON.stringify(events)).not.toContain('@');
  });

});
