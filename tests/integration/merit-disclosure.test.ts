import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetadataProperty } from '../../engine/types';
import type { ApplicationDoc, ContainerDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { container, label } from './helpers/domain';
import { pdfPageTexts } from './helpers/pdf';
import { summerAnswers, summerForm, summerPosition, type Person } from './helpers/recruiter';
import { DEMO, startTestServer, type TestServer } from './helpers/server';
import { startSmtp, type TestSmtp } from './helpers/smtp';

/**
 * 'Uppgift om meriter' (diskrimineringslagen 2 kap. 4 §, issue 28 item 6): a writer reviews the
 * hired person's merits for an applicant who was not hired and sends them, as text and PDF, to
 * that applicant; nothing identifies the hired person.
 */
describe.each(storeKinds())('merit disclosure on the %s store', (kind) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let c: ContainerDoc;
  let writer: string;
  let positionId: number;
  let hiredId: number;
  let requesterId: number;
  const EXPERIENCE = 'form_textarea_2000';
  const hired: Person = { first: 'Hedda', last: 'Hiredsdotter', licence: true, jobs: ['Lager'] };
  const hiredEmail = 'hedda.hiredsdotter@example.se';
  const requesterEmail = 'sara.sokande@example.se';
  // Everything that names or reaches the hired person: none of it may leave in the disclosure.
  const identity = ['Hedda', 'Hiredsdotter', hiredEmail, '0701234567', '070-111 22 33', 'Storgatan 1', '11122'];

  const form = (): MetadataProperty[] => [
    ...summerForm(),
    { key: EXPERIENCE, type: 'textarea', label: 'Utbildning och erfarenhet', required: false, isHtml: false, validators: [] },
  ];
  const apply = async (p: Person, email: string, serial: number, experience: string) => {
    const r = await server.call(writer, 'create_jobApplication', { email, positionId, metadata: { ...summerAnswers(p, email, serial), [EXPERIENCE]: experience } });
    expect(r.status).toBe(200);
    return r.body.data.id as number;
  };
  const mailsTo = (to: string) => smtp.mails.filter((m) => m.to && JSON.stringify(m.to).includes(to) && m.subject?.startsWith('Uppgift om meriter'));

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer({ kind, seed: true, config: { smtpUrl: smtp.url } });
    c = await container(server);
    writer = await server.login(DEMO.writer);
    positionId = await summerPosition(server, writer, c.id, 'Lagerarbetare', form());
    hiredId = await apply(hired, hiredEmail, 1, 'Truckförare i fem år, gymnasieexamen. Ring Hedda Hiredsdotter på 070-111 22 33.');
    requesterId = await apply({ first: 'Sara', last: 'Sökande', jobs: ['Kassa'] }, requesterEmail, 2, 'Kassa i två år.');
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  it('answers in Swedish and sends nothing while nobody on the position is hired', async () => {
    const r = await server.call(writer, 'get_meritDisclosure', { id: requesterId });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toContain('Ingen har anställts till Lagerarbetare');
    const s = await server.call(writer, 'send_meritDisclosure', { id: requesterId, keys: [EXPERIENCE] });
    expect(s.status).toBe(400);
    expect(mailsTo(requesterEmail)).toHaveLength(0);
  });

  it('shows the writer the hired person\'s merits with nothing that identifies them', async () => {
    const move = await server.call(writer, 'update_jobApplicationProcess', { labelId: label(c, 'Anställd'), ids: [hiredId] });
    expect(move.status).toBe(200);
    const r = await server.call(writer, 'get_meritDisclosure', { id: requesterId });
    expect(r.status).toBe(200);
    const merits = r.body.data.hired[0].merits as { key: string; label: string; text: string }[];
    expect(merits.find((x) => x.key === EXPERIENCE)?.text).toBe('Truckförare i fem år, gymnasieexamen. Ring [uppgift borttagen] på [uppgift borttagen].');
    expect(merits.find((x) => x.key === 'driverlicenseform_1')).toMatchObject({ label: 'Körkort för manuell växellåda', text: 'Ja' });
    expect(merits.map((x) => x.key)).not.toEqual(expect.arrayContaining(['form_firstname']));
    const json = JSON.stringify(r.body.data);
    for (const v of [...identity, '20040101']) expect(json).not.toContain(v);
    expect(r.body.data.requester).toEqual({ id: requesterId });
  });

  it('refuses a field that is not a merit, and a request from the hired person, sending nothing', async () => {
    const bad = await server.call(writer, 'send_meritDisclosure', { id: requesterId, keys: ['form_ssn'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0]).toMatchObject({ path: '/keys/0' });
    const self = await server.call(writer, 'get_meritDisclosure', { id: hiredId });
    expect(self.status).toBe(400);
    expect(self.body.error.message).toContain('fick tjänsten');
    expect(mailsTo(requesterEmail)).toHaveLength(0);
  });

  it('mails the disclosure as text and PDF to the requester at the SMTP server, logged, without the hired person\'s identity', async () => {
    const r = await server.call(writer, 'send_meritDisclosure', { id: requesterId, keys: [EXPERIENCE, 'driverlicenseform_1'], note: 'Hedda hade längst erfarenhet.' });
    expect(r.status).toBe(200);
    await smtp.waitFor(1);
    const [mail] = mailsTo(requesterEmail);
    expect(mail).toBeDefined();
    expect(mail!.text).toContain('Truckförare i fem år, gymnasieexamen.');
    expect(mail!.text).toContain('Körkort för manuell växellåda: Ja');
    expect(mail!.text).toContain('[uppgift borttagen] hade längst erfarenhet.');
    const pdf = mail!.attachments.find((a) => a.contentType === 'application/pdf');
    expect(pdf?.filename).toBe('uppgift-om-meriter.pdf');
    const pdfText = (await pdfPageTexts(pdf!.content)).join('\n');
    expect(pdfText).toContain('Uppgift om meriter');
    expect(pdfText).toContain('gymnasieexamen');
    for (const v of identity) {
      expect(mail!.text).not.toContain(v);
      expect(mail!.subject).not.toContain(v);
      expect(pdfText).not.toContain(v);
    }
    const doc = await server.deps.store.collection<ApplicationDoc>('applications').findOne({ id: requesterId });
    expect(doc!.logs.at(-1)).toMatchObject({ what: 'merits', text: 'Uppgift om meriter skickad' });
    expect(await server.deps.store.collection('events').count({ action: 'send_meritDisclosure' })).toBe(1);
  });
});
