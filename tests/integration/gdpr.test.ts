import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { runRetention } from '../../server/domain/gdpr/retention';
import { storeKinds } from '../setup/stores';
import { applyTo, dataUrl, demoPositions, label, personnummer, validAnswers } from './helpers/domain';
import { pdfPageTexts } from './helpers/pdf';
import { scanCollections, scanStorage } from './helpers/scan';
import { readOutbox } from './helpers/walk';
import { MAIL_OUTBOX } from '../../server/mail/store-outbox';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

const GRETA = 'greta.gdpr@exempel.se';
const GRETA_2 = 'greta.privat@exempel.se';
const SSN = personnummer('19910304', '562');
const HANS = 'hans.kvar@exempel.se';

describe.each(storeKinds())('GDPR on the %s store', (kind) => {
  let server: TestServer;
  let c: ContainerDoc;
  let open: PositionDoc;
  let internal: PositionDoc;
  let admin: string;
  let writer: string;
  let gretaApp: number;

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    ({ container: c, open, internal } = await demoPositions(server));
    admin = await server.login(DEMO.admin);
    writer = await server.login(DEMO.writer);
    // A CV whose bytes name the person, so the blob scan has something to find.
    const cv = Buffer.from(`%PDF-1.4\n% ${GRETA} ${SSN}\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`);
    const a = await applyTo(server, open.id, GRETA, validAnswers(GRETA, { form_firstname: 'Greta', form_ssn: SSN, form_file: [{ filename: 'cv.pdf', type: 'application/pdf', data: dataUrl('application/pdf', cv) }] }));
    expect(a.status, a.text).toBe(201);
    gretaApp = a.body.data.id;
    const b = await applyTo(server, internal.id, GRETA_2, validAnswers(GRETA_2, { form_firstname: 'Greta', form_ssn: `${SSN.slice(0, 8)}-${SSN.slice(8)}` }));
    expect(b.status, b.text).toBe(201);
    const h = await applyTo(server, open.id, HANS, validAnswers(HANS, { form_firstname: 'Hans', form_ssn: personnummer('19850505', '123') }));
    expect(h.status).toBe(201);
    // The confirmation mails go out after the answer (the demo seed has the templates): wait
    // until each is logged on its application, so the export and the scans see them settled.
    const apps = server.deps.store.collection<ApplicationDoc>('applications');
    const ids = [gretaApp, b.body.data.id as number, h.body.data.id as number];
    for (let i = 0; ; i++) {
      const logged = await apps.find({ id: { $in: ids } }, { projection: { logs: 1 } });
      if (logged.length === ids.length && logged.every((x) => x.logs.some((l) => l.what === 'email'))) break;
      if (i >= 200) throw new Error('the confirmation mails were never logged');
      await new Promise((r) => setTimeout(r, 25));
    }
    expect((await server.call(writer, 'create_JobApplicantNote', { id: gretaApp, note: 'Ring Greta på fredag om Łódź' })).status).toBe(200);
    expect((await server.call(writer, 'update_jobApplicationStatus', { labelId: label(c, 'Intressant'), ids: [gretaApp] })).status).toBe(200);
  });
  afterAll(() => server?.close());

  it('finds a person by personnummer in any spelling, with every email they applied with', async () => {
    const r = await server.call(admin, 'get_gdprPerson', { containerId: c.id, query: `${SSN.slice(0, 8)}-${SSN.slice(8)}` });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.emails.sort()).toEqual([GRETA, GRETA_2].sort());
    expect(r.body.data.personnummer).toEqual([SSN]);
    expect(r.body.data.applications).toHaveLength(2);
    // By email: that email's applications, and the other email with the same personnummer named, not taken.
    const byEmail = await server.call(admin, 'get_gdprPerson', { containerId: c.id, query: GRETA.toUpperCase() });
    expect(byEmail.body.data.applications).toHaveLength(1);
    expect(byEmail.body.data.sameSsnEmails).toEqual([GRETA_2]);
  });

  it('answers a search that matches nobody with a Swedish 404', async () => {
    const r = await server.call(admin, 'get_gdprPerson', { containerId: c.id, query: 'ingen.alls@exempel.se' });
    expect(r.status).toBe(404);
    expect(r.body.error.message).toBe('Vi hittade ingen person med den e-postadressen eller personnumret i organisationen.');
    expect((await server.call(admin, 'create_userExport', { containerId: c.id, email: 'ingen.alls@exempel.se' })).status).toBe(404);
    expect((await server.call(admin, 'delete_ApplicantFromContainer', { containerId: c.id, userId: 'ingen.alls@exempel.se' })).status).toBe(404);
  });

  it('keeps GDPR to Administrators', async () => {
    expect((await server.call(writer, 'create_userExport', { containerId: c.id, email: GRETA })).status).toBe(403);
    expect((await server.call(writer, 'get_gdprPerson', { containerId: c.id, query: GRETA })).status).toBe(403);
  });

  it('exports everything stored about the person, and after erasure no collection or blob holds their email or personnummer', async () => {
    const exp = await server.call(admin, 'create_userExport', { containerId: c.id, email: SSN });
    expect(exp.status, exp.text).toBe(200);
    const { json, pdf, counts } = exp.body.data;
    expect(Buffer.from(pdf, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    // The readable PDF prints text in any script as typed (issue 26 item 11).
    expect((await pdfPageTexts(Buffer.from(pdf, 'base64'))).join('\n')).toContain('Ring Greta på fredag om Łódź');
    expect(counts).toMatchObject({ applications: 2, files: 1 });
    expect(counts.notifications).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(json)).toContain('Ring Greta på fredag');
    expect(Buffer.from(json.files[0].base64, 'base64').toString()).toContain(GRETA);

    // Everything a scan finds before the erasure is in the export.
    const needles = [GRETA, GRETA_2, SSN];
    const before = await scanCollections(server, needles);
    expect(before.length).toBeGreaterThanOrEqual(2);
    // The mail outbox is no holder (schemas/personal-data.json): its copies are keyed by name,
    // not id, and the export names them through the mail copies that point at them. Read as
    // mail (the copies are base64) on both stores: DATA_DIR/outbox, or mailOutbox on mongo.
    const mailOf = async () => [...(await readOutbox(server))].filter(([, text]) => needles.some((n) => text.includes(n.toLowerCase()))).map(([name]) => name);
    const mailed = await mailOf();
    expect(mailed.length).toBeGreaterThanOrEqual(2);
    const named = ((json.collections.mailCopies ?? []) as { copy: string }[]).map((m) => m.copy);
    for (const name of mailed) expect(named, `outbox copy ${name} is missing from the export`).toContain(name);
    for (const hit of before.filter((x) => x.collection !== MAIL_OUTBOX)) {
      const listed = (json.collections[hit.collection] ?? []) as { id: unknown }[];
      expect(listed.map((d) => d.id), `${hit.collection} #${String(hit.id)} is missing from the export`).toContain(hit.id);
    }
    const stored = await scanStorage(server, needles);
    expect(stored.some((h) => h.where.startsWith('blob:') || h.where === 'mongo:blobs.chunks'), JSON.stringify(stored)).toBe(true);

    const del = await server.call(admin, 'delete_ApplicantFromContainer', { containerId: c.id, userId: SSN });
    expect(del.status, del.text).toBe(200);
    expect(del.body.data).toEqual({ deleted: 2 });
    expect(await scanStorage(server, needles)).toEqual([]);
    expect(await scanCollections(server, needles)).toEqual([]);
    expect(await mailOf()).toEqual([]);

    // The other applicant is untouched, and a record of the erasure holds counts only.
    expect(await server.deps.store.collection('applications').count({ email: HANS })).toBe(1);
    const events = await server.deps.store.collection('events').find({ action: 'gdpr_erasure' });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ containerId: c.id, counts: { applications: 2, blobs: 1 } });
    expect(JSON.stringify(events)).not.toMatch(/greta|19910304/i);
  });

  it('answers a colleague who still has the erased person open with 404', async () => {
    expect((await server.call(writer, 'get_applicantPosition', { id: gretaApp })).status).toBe(404);
    expect((await server.call(writer, 'create_JobApplicantNote', { id: gretaApp, note: 'för sent' })).status).toBe(404);
  });

  it('runs retention with a clock 37 months ahead: old applications go, new ones stay, and the run is recorded', async () => {
    const apps = server.deps.store.collection<ApplicationDoc>('applications');
    const now = Math.floor(Date.now() / 1000);
    const fresh = await applyTo(server, internal.id, 'ny.sokande@exempel.se', validAnswers('ny.sokande@exempel.se', { form_ssn: personnummer('20000101', '234') }));
    expect(fresh.status).toBe(201);
    const later = now + Math.round(37 * 30.44 * 86_400);
    // The fresh one was made "now + 36 months" from the job's point of view: move it there.
    await apps.updateOne({ id: fresh.body.data.id }, { $set: { created: later - 86_400 } });
    // The period counts from the close of the recruitment (issue 28): both recruitments closed yesterday.
    for (const p of [open, internal]) await server.deps.store.collection('positions').updateOne({ id: p.id }, { $set: { stop: now - 86_400 } });
    const before = await apps.count({});
    const r = await runRetention({ ...server.deps, now: () => later }, 36);
    expect(r.applications).toBe(before - 1);
    expect((await apps.find({})).map((a) => a.id)).toEqual([fresh.body.data.id]);
    expect(await server.deps.store.collection('notifications').count({ 'data.id': { $ne: fresh.body.data.id } })).toBe(0);
    const rec = await server.deps.store.collection('events').find({ action: 'gdpr_retention' });
    expect(rec.length).toBeGreaterThan(0);
    expect(rec[0]).toMatchObject({ userId: 0, counts: { months: 36 } });
  });
});
