import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { flushReadLog, pruneReadLog, recordReads } from '../../server/domain/gdpr/read-log';
import { storeKinds } from '../setup/stores';
import { applyTo, container, demoPositions, otherOrganisation, personnummer, validAnswers } from './helpers/domain';
import { pdfPageTexts } from './helpers/pdf';
import { mailsTo } from './helpers/mailbox';
import { DEMO, startTestServer, type TestServer } from './helpers/server';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };

/**
 * Issue 28 items 3–5: the personnummer masked outside the applicant page, protected identity
 * (skyddade personuppgifter) and the read log, over real HTTP on both stores.
 */
describe.each(storeKinds())('privacy on the %s store', (kind) => {
  let server: TestServer;
  let c: ContainerDoc;
  let open: PositionDoc;
  let admin: string;
  let writer: string;
  let outsider: string;
  const SSN = personnummer('19900101', '411');
  const MASKED = '19900101-XXXX';
  const TORA = 'tora.pnr@exempel.se';
  const SKYDD = 'skyddad.person@exempel.se';
  let tora: number;
  let skydd: number;

  const download = async (token: string, url: string) => (await fetch(server.url + url, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer();
  const csvOf = async (token: string, filter: string) => {
    const r = await server.call(token, 'create_applicantsExport', { containerId: c.id, positionId: open.id, filter });
    expect(r.status, r.text).toBe(200);
    return Buffer.from(await download(token, r.body.data.url)).toString('utf8');
  };

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    ({ container: c, open } = await demoPositions(server));
    admin = await server.login(DEMO.admin);
    writer = await server.login(DEMO.writer);
    outsider = (await otherOrganisation(server)).token;
    const a = await applyTo(server, open.id, TORA, validAnswers(TORA, { form_firstname: 'Tora', form_surname: 'Pnr', form_ssn: SSN }));
    expect(a.status, a.text).toBe(201);
    tora = a.body.data.id;
    const b = await applyTo(server, open.id, SKYDD, validAnswers(SKYDD, { form_firstname: 'Sigrid', form_surname: 'Skydd', form_address: 'Hemligvägen 7', form_city: 'Hemliga', form_mobilePhone: '0709998877' }));
    expect(b.status, b.text).toBe(201);
    skydd = b.body.data.id;
  }, 60_000);
  afterAll(() => server?.close());

  it('shows the personnummer masked in the list, search and CSV, in full only to the roles the organisation allows', async () => {
    const list = await server.call(writer, 'get_applicantPositionByPosition', { positionId: open.id, filter: 'Tora' });
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.items[0].info.ssn).toBe(MASKED);
    expect(JSON.stringify(list.body.data)).not.toContain(SSN.slice(8));
    const found = await server.call(writer, 'get_applicantPositionBySearchQuery', { containerId: c.id }, '?filter=Tora');
    expect(found.status, found.text).toBe(200);
    expect(found.text).not.toContain(SSN);
    expect(await csvOf(writer, 'Tora')).toContain(MASKED);
    expect(await csvOf(writer, 'Tora')).not.toContain(SSN.slice(8));
    // The applicant page: a writer sees it masked (administrators only by default), an administrator in full.
    const asWriter = await server.call(writer, 'get_applicantPosition', { id: tora });
    expect(asWriter.body.data.info.ssn).toBe(MASKED);
    expect(asWriter.body.data.metadata.form_ssn).toBe(MASKED);
    const asAdmin = await server.call(admin, 'get_applicantPosition', { id: tora });
    expect(asAdmin.body.data.info.ssn).toBe(SSN);
    const log = await server.call(admin, 'get_applicantReadLog', { id: tora });
    expect(log.body.data.items.map((e: { kind: string }) => e.kind)).toEqual(expect.arrayContaining(['personnummer', 'applicant', 'search', 'export']));
  });

  it('refuses a personnummer search on a masked list with a Swedish answer that reveals nothing', async () => {
    for (const probe of [SSN, `${SSN.slice(0, 8)}-${SSN.slice(8, 10)}`, `${SSN.slice(2, 8)}-${SSN.slice(8)}`]) {
      const list = await server.call(writer, 'get_applicantPositionByPosition', { positionId: open.id, filter: probe });
      expect(list.status).toBe(400);
      expect(list.body.error.message).toBe(sv.privacy.personnummerSearch);
      const search = await server.call(writer, 'get_applicantPositionBySearchQuery', { containerId: c.id }, `?filter=${encodeURIComponent(probe)}`);
      expect(search.status).toBe(400);
      expect(search.text).not.toContain('Tora');
    }
  });

  it("hides a protected applicant's address and contact data from a writer in the list, CSV, PDF and search; an administrator's read is logged", async () => {
    const mark = await server.call(writer, 'update_protectedIdentity', { id: skydd, protectedIdentity: true });
    expect(mark.status, mark.text).toBe(200);
    const secrets = ['Hemligvägen', 'Hemliga', '0709998877', SKYDD];
    const list = await server.call(writer, 'get_applicantPositionByPosition', { positionId: open.id, filter: 'Sigrid' });
    expect(list.body.data.items).toHaveLength(1);
    expect(list.body.data.items[0].protectedIdentity).toBe(true);
    const view = await server.call(writer, 'get_applicantPosition', { id: skydd });
    const csv = await csvOf(writer, 'Sigrid');
    expect(csv).toContain('Sigrid');
    const pdfTicket = await server.call(writer, 'create_ApplicantPDFExport', { positionId: open.id, items: [skydd] });
    const pdf = (await pdfPageTexts(Buffer.from(await download(writer, pdfTicket.body.data.url)))).join('\n');
    expect(pdf).toContain('Sigrid');
    const search = await server.call(writer, 'get_applicantPositionBySearchQuery', { containerId: c.id }, '?filter=Sigrid');
    expect(search.body.data.applicants).toHaveLength(1);
    // Not found by the e-mail either: a hit would confirm the address.
    const byEmail = await server.call(writer, 'get_applicantPositionBySearchQuery', { containerId: c.id }, '?filter=skyddad.person');
    for (const text of [list.text, view.text, csv, pdf, search.text, byEmail.text]) for (const s of secrets) expect(text).not.toContain(s);
    // An administrator sees them, and that read is logged.
    const asAdmin = await server.call(admin, 'get_applicantPosition', { id: skydd });
    expect(asAdmin.text).toContain('Hemligvägen');
    const log = await server.call(admin, 'get_applicantReadLog', { id: skydd });
    expect(log.body.data.items.map((e: { kind: string }) => e.kind)).toContain('protected');
  });

  it('mails a protected applicant for a writer at its own address: the preview reads no address, a typed one is not used', async () => {
    // The compose dialog's preview fills {email}, {phone} and {city} from the applicant page's answer (MergePreview.tsx).
    const page = await server.call(writer, 'get_applicantPosition', { id: skydd });
    expect(page.body.data.protectedIdentity).toBe(true);
    expect(page.body.data.email).toBe('');
    for (const s of ['Hemligvägen', 'Hemliga', '0709998877', SKYDD]) expect(page.text).not.toContain(s);
    const before = (await mailsTo(server, SKYDD)).length;
    const sent = await server.call(writer, 'send_email', { applicantId: skydd, email: 'gissad.adress@exempel.se', subject: 'Fråga', body: '<p>Hej {firstname}, vi hör av oss.</p>' });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.text).not.toContain(SKYDD);
    expect(await mailsTo(server, 'gissad.adress@exempel.se')).toEqual([]);
    expect((await mailsTo(server, SKYDD)).length).toBe(before + 1);
  });

  it("lists a staff read in the person's GDPR export and keeps the read log to the organisation's administrators", async () => {
    expect((await server.call(writer, 'get_applicantPosition', { id: tora })).status).toBe(200);
    const exp = await server.call(admin, 'create_userExport', { containerId: c.id, email: TORA });
    expect(exp.status, exp.text).toBe(200);
    expect(exp.body.data.json.reads).toEqual(expect.arrayContaining([expect.objectContaining({ role: 'write', kind: 'applicant', organisation: c.displayName ?? c.name })]));
    // Who by role and organisation, no staff ids or names.
    expect(JSON.stringify(exp.body.data.json.reads)).not.toContain('userId');
    expect((await pdfPageTexts(Buffer.from(exp.body.data.pdf, 'base64'))).join('\n')).toContain(sv.privacy.readLog.kinds.applicant);
    // Another organisation's administrator: 404, nothing shown; a writer: 403.
    const foreign = await server.call(outsider, 'get_applicantReadLog', { id: tora });
    expect(foreign.status).toBe(404);
    expect(foreign.text).not.toContain('applicant');
    expect((await server.call(writer, 'get_applicantReadLog', { id: tora })).status).toBe(403);
  });

  const positionIn = (org: ContainerDoc, name: string) => ({ containerId: org.id, name, text: '<p>Text</p>', description: 'B', city: 'Umeå', start: server.deps.now() - 3600, stop: server.deps.now() + 86400 * 30, isInternal: false, positionTypeId: org.positionTypes![0]!.id });

  /** Applies with a personnummer and a birth date; answers what was stored and how the list shows it. */
  const applyWithBoth = async (token: string, positionId: number, email: string) => {
    // A personnummer sent anyway is not part of the form: dropped, never stored.
    const applied = await applyTo(server, positionId, email, validAnswers(email, { form_firstname: 'Birgit', form_ssn: SSN, form_birthdate: '1990-01-01' }));
    expect(applied.status, applied.text).toBe(201);
    const stored = await server.deps.store.collection('applications').findOne({ id: applied.body.data.id });
    const list = await server.call(token, 'get_applicantPositionByPosition', { positionId });
    expect(list.status, list.text).toBe(200);
    return { stored: stored!, list };
  };

  it("asks a new organisation's positions for a birth date only: an apply stores no personnummer, the list shows none; a personnummer needs a reason", async () => {
    const odin = await server.login(DEMO.odin);
    const org = await container(server, (await server.call(odin, 'create_container', { name: 'bara-datum', displayName: 'Bara datum AB' })).body.data.name);
    // Bad input: asking for a personnummer without the organisation's reason changes nothing.
    const refused = await server.call(odin, 'create_position', { ...positionIn(org, 'Personnummer utan skäl'), ssnMode: 'ssn' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(sv.privacy.ssnReasonRequired);
    expect(await server.deps.store.collection('positions').count({ containerId: org.id })).toBe(0);
    // No ssnMode on the position: the organisation's default (the standard template has a personnummer field).
    const made = await server.call(odin, 'create_position', positionIn(org, 'Standardmallen'));
    expect(made.status, made.text).toBe(200);
    const { stored, list } = await applyWithBoth(odin, made.body.data.id, 'ny.org@exempel.se');
    expect(JSON.stringify(stored)).not.toContain(SSN);
    expect(stored.metadata).not.toHaveProperty('form_ssn');
    expect(stored.info).toMatchObject({ dateOfBirth: '1990-01-01' });
    expect(stored.info).not.toHaveProperty('ssn');
    expect(list.body.data.items[0].info).not.toHaveProperty('ssn');
    expect(list.text).not.toContain(SSN.slice(0, 8) + '-');

    // The organisation states why and asks for a personnummer or 'Jag har inget svenskt personnummer': its next form follows.
    const set = await server.call(odin, 'update_privacySettings', { containerId: org.id, ssnMode: 'ssnOrBirthDate', ssnReason: 'Identifiering vid anställning' });
    expect(set.status, set.text).toBe(200);
    const both = await server.call(odin, 'create_position', positionIn(org, 'Med eller utan personnummer'));
    expect(both.body.data.metadata.map((f: { key: string }) => f.key)).toEqual(expect.arrayContaining(['form_ssn', 'form_checkbox_noSwedishSsn', 'form_birthdate']));
    const neither = await applyTo(server, both.body.data.id, 'ingetdera@exempel.se', validAnswers('ingetdera@exempel.se', { form_ssn: '' }));
    expect(neither.status).toBe(400);
    expect(neither.body.error.message).toBe(sv.privacy.birthDateOrSsn);
    const noSsn = await applyTo(server, both.body.data.id, 'utan.pnr@exempel.se', validAnswers('utan.pnr@exempel.se', { form_ssn: '', form_checkbox_noSwedishSsn: true, form_birthdate: '1991-02-03' }));
    expect(noSsn.status, noSsn.text).toBe(201);
  });

  it('stores no personnummer from a form set to birth date only, and its list shows none', async () => {
    const base = positionIn(c, 'Födelsedatum räcker');
    const noReason = await server.call(admin, 'update_privacySettings', { containerId: c.id, ssnMode: 'ssnOrBirthDate', ssnReason: '  ' });
    expect(noReason.status).toBe(400);
    expect((await server.call(admin, 'get_privacySettings', { containerId: c.id })).body.data.ssnMode).not.toBe('ssnOrBirthDate');

    const made = await server.call(admin, 'create_position', { ...base, ssnMode: 'birthDate' });
    expect(made.status, made.text).toBe(200);
    const { stored, list } = await applyWithBoth(admin, made.body.data.id, 'bara.datum@exempel.se');
    expect(JSON.stringify(stored)).not.toContain(SSN);
    expect(stored.info).toMatchObject({ dateOfBirth: '1990-01-01' });
    expect(stored.info).not.toHaveProperty('ssn');
    expect(list.body.data.items[0].info).not.toHaveProperty('ssn');
    expect(list.text).not.toContain(SSN.slice(0, 8) + '-');
  });

  it('drops read log entries after 12 months, and with the person', async () => {
    const log = server.deps.store.collection('readLog');
    await log.insertOne({ containerId: c.id, applicantId: tora, userId: 1, role: 'read', kind: 'applicant', at: server.deps.now() - 366 * 86400 });
    const before = await log.count({ applicantId: tora });
    expect((await pruneReadLog(server.deps)).erased).toBeGreaterThanOrEqual(1);
    expect(await log.count({ applicantId: tora })).toBe(before - 1);
    expect((await server.call(admin, 'delete_ApplicantFromContainer', { containerId: c.id, userId: TORA })).status).toBe(200);
    expect(await log.count({ applicantId: tora })).toBe(0);
    // A read still in the buffer when the erasure ran (recorded after its flush) is not written.
    recordReads(server.deps, { userId: 1, containerId: c.id, role: 'write' }, 'applicant', [tora]);
    await flushReadLog(server.deps);
    expect(await log.count({ applicantId: tora })).toBe(0);
  });
});
