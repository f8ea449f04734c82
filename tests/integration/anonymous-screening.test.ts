import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContainerDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { applyTo, container, dataUrl, PDF } from './helpers/domain';
import { mailsTo, signInByLink } from './helpers/mailbox';
import { pdfTexts } from './helpers/pdf';
import { summerAnswers, summerPosition } from './helpers/recruiter';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

/**
 * Issue 24 item 3: anonymous screening means no staff answer ties an anonymous application to
 * a person. Each test is one way the attacker undid it, against the real server.
 */

const ANNA = 'anna.hemlund@example.se';
const BO = 'bo.berglof@example.se';
const leaks = (v: unknown) => /hemlund|berglöf|berglof/i.test(typeof v === 'string' ? v : JSON.stringify(v));

/** '3-character probes extended one character at a time'. */
const probes = (word: string) => Array.from({ length: word.length - 2 }, (_, i) => word.slice(0, i + 3));

describe.each(storeKinds())('anonymous screening on the %s store', (kind) => {
  let server: TestServer;
  let c: ContainerDoc;
  let writer: string;
  let anon: number;
  let named: number;
  let annaHidden: number;
  let boHidden: number;

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    c = await container(server);
    writer = await server.login(DEMO.writer);
    named = await summerPosition(server, writer, c.id, 'Kassa i Umeå');
    anon = await summerPosition(server, writer, c.id, 'Lager i Umeå');
    const p = (await server.call(writer, 'get_position', { id: anon })).body.data;
    const r = await server.call(writer, 'update_position', {
      id: anon, containerId: c.id, name: p.name, start: p.start, stop: p.stop, positionTypeId: p.positionTypeId, anonymous: { untilProcessLabelId: null },
    });
    expect(r.status, r.text).toBe(200);
    const cv = { filename: 'CV Anna Hemlund.pdf', type: 'application/pdf', data: dataUrl('application/pdf', PDF) };
    const apply = async (positionId: number, email: string, first: string, last: string, extra: Record<string, unknown> = {}) => {
      const res = await applyTo(server, positionId, email, { ...summerAnswers({ first, last }, email, 7), ...extra });
      expect(res.status, res.text).toBe(201);
      return res.body.data.id as number;
    };
    await apply(named, ANNA, 'Anna', 'Hemlund');
    annaHidden = await apply(anon, ANNA, 'Anna', 'Hemlund', { form_file: [cv] });
    boHidden = await apply(anon, BO, 'Bo', 'Berglöf');
  });
  afterAll(() => server?.close());

  it('get_applicantPositions by email gives staff none of the person\'s anonymous applications', async () => {
    for (const email of [ANNA, BO]) {
      const r = await server.call(writer, 'get_applicantPositions', { containerId: c.id, email });
      expect(r.status).toBe(200);
      expect((r.body.data as { positionId: number }[]).filter((a) => a.positionId === anon)).toEqual([]);
    }
  });

  it('no text probe over name or e-mail, 3 characters and up, matches an anonymous application in a list or the search', async () => {
    for (const q of [...probes('Hemlund'), ...probes('anna.hemlund@'), ...probes('Berglöf'), ...probes('bo.berglof')]) {
      for (const positionId of [-1, anon]) {
        const r = await server.call(writer, 'get_applicantPositionByLabel', { containerId: c.id, positionId, filter: q });
        expect(r.status, r.text).toBe(200);
        expect((r.body.data.items as { positionId: number }[]).filter((a) => a.positionId === anon), `${q} in ${positionId}`).toEqual([]);
      }
      const byPosition = await server.call(writer, 'get_applicantPositionByPosition', { positionId: anon, filter: q });
      expect(byPosition.body.data.items).toEqual([]);
      const search = await server.call(writer, 'get_applicantPositionBySearchQuery', { containerId: c.id }, `?filter=${encodeURIComponent(q)}`);
      expect((search.body.data.applicants as { positionId: number }[]).filter((a) => a.positionId === anon)).toEqual([]);
    }
  });

  it('\'Ansökta tjänster\' does not single out an anonymous applicant from either side', async () => {
    const fromNamed = await server.call(writer, 'get_applicantPositionByPosition', { positionId: named, appliedPositionIds: [anon] });
    expect(fromNamed.status, fromNamed.text).toBe(200);
    expect(fromNamed.body.data.items).toEqual([]);
    const fromAnon = await server.call(writer, 'get_applicantIdsByFilter', { positionId: anon, appliedPositionIds: [named] });
    expect(fromAnon.body.data).toEqual({ ids: [], total: 0 });
  });

  it('the conversation list, the thread and the bell neither name a hidden applicant nor link to the application', async () => {
    const bo = await signInByLink(server, BO);
    const sent = await server.call(bo, 'send_MessageCommand', { containerId: c.id, message: 'Hej, en fråga om lagerjobbet' });
    expect(sent.status, sent.text).toBe(200);
    const channelId = sent.body.data.channelId as number;
    const list = await server.call(writer, 'get_MessagingChannels', { containerId: c.id });
    const channel = (list.body.data as { id: number; name: string; email: string }[]).find((ch) => ch.id === channelId)!;
    expect(channel).toMatchObject({ name: `Anonym sökande (samtal ${channelId})`, email: '' });
    expect(leaks(list.body.data)).toBe(false);
    const thread = await server.call(writer, 'get_channelMessages', { channelId });
    expect(leaks(thread.body.data)).toBe(false);
    expect(JSON.stringify(thread.body.data)).not.toContain(BO);
    const answer = await server.call(writer, 'send_MessageCommand', { channelId, message: 'Hej! Vi hör av oss.' });
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.body.data)).not.toContain(BO);
    const bell = await server.call(writer, 'get_notifications', { containerId: c.id, take: 200 });
    const rung = (bell.body.data.items as { type: string; message: string; data: { id: number; positionId: number } }[]).filter((n) => n.type === 'send_MessageCommand');
    expect(rung.length).toBeGreaterThan(0);
    expect(leaks(rung)).toBe(false);
    expect(rung.filter((n) => n.data.id === boHidden || n.data.positionId === anon)).toEqual([]);
  });

  it('a mail log keeps the subject and body without the person\'s merge values', async () => {
    const r = await server.call(writer, 'send_emailToApplicants', {
      positionId: anon, recipients: [annaHidden], subject: 'Hej {firstname} {lastname}, om {position}', body: '<p>Hej {name}!</p>',
    });
    expect(r.status, r.text).toBe(200);
    const page = await server.call(writer, 'get_applicantPosition', { id: annaHidden });
    // Staff's mail (the demo's confirmation after applying is logged too, by its template's subject).
    const mails = (page.body.data.logs as { what: string; subject?: string; text: string; by?: string }[]).filter((l) => l.what === 'email' && l.by);
    expect(mails.map((l) => l.subject)).toEqual(['Hej {firstname} {lastname}, om Lager i Umeå']);
    expect(JSON.stringify(page.body.data)).not.toMatch(/Anna|Hemlund/);
  });

  it('the applicant page says which answers are hidden and that no level shows them, so they do not read as unanswered', async () => {
    const page = (await server.call(writer, 'get_applicantPosition', { id: boHidden })).body.data;
    expect(page.hidden.until).toBeNull();
    expect(page.hidden.keys).toEqual(expect.arrayContaining(['form_firstname', 'form_surname', 'form_ssn', 'form_email']));
    expect(page.hidden.keys.every((k: string) => !(k in page.metadata))).toBe(true);
    const shown = (await server.call(writer, 'get_applicantPosition', { id: (await server.call(writer, 'get_applicantPositionByPosition', { positionId: named })).body.data.items[0].id })).body.data;
    expect(shown.hidden).toBeUndefined();
  });

  it('send_email to an anonymous application goes to its own address, never to a guessed one', async () => {
    const before = (await mailsTo(server, ANNA)).length;
    const r = await server.call(writer, 'send_email', { applicantId: annaHidden, email: 'gissning@example.se', subject: 'Fråga', body: '<p>Hej!</p>' });
    expect(r.status, r.text).toBe(200);
    expect(await mailsTo(server, 'gissning@example.se')).toEqual([]);
    expect((await mailsTo(server, ANNA)).length).toBe(before + 1);
  });

  it('file names are neutral in the list, the page, report.csv, the PDF and the download while anonymous', async () => {
    const rows = (await server.call(writer, 'get_applicantPositionByPosition', { positionId: anon })).body.data.items as { id: number; files: { filename: string; url: string }[] }[];
    const row = rows.find((a) => a.id === annaHidden)!;
    expect(row.files.map((f) => f.filename)).toEqual(['Bilaga 1.pdf']);
    expect(leaks(rows)).toBe(false);
    const page = await server.call(writer, 'get_applicantPosition', { id: annaHidden });
    expect(leaks(page.body.data)).toBe(false);
    expect(JSON.stringify(page.body.data.metadata)).toContain('Bilaga 1.pdf');
    const auth = { headers: { authorization: `Bearer ${writer}` } };
    const csvTicket = await server.call(writer, 'create_applicantsExport', { containerId: c.id, positionId: anon });
    const csv = await (await fetch(server.url + csvTicket.body.data.url, auth)).text();
    expect(csv).toContain('Bilaga 1.pdf');
    expect(leaks(csv)).toBe(false);
    const pdfTicket = await server.call(writer, 'create_ApplicantPDFExport', { positionId: anon, items: [annaHidden] });
    const pdf = pdfTexts(Buffer.from(await (await fetch(server.url + pdfTicket.body.data.url, auth)).arrayBuffer())).join('\n');
    expect(leaks(pdf)).toBe(false);
    const download = await fetch(`${server.url}/api/dispatcher/storage/application/${annaHidden}/files/${row.files[0]!.url}`, auth);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('Bilaga 1.pdf');
    expect(leaks(decodeURIComponent(download.headers.get('content-disposition') ?? ''))).toBe(false);
  });
});
