import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { demoPositions, insertApplications, label } from './helpers/domain';
import { parseCsv } from './helpers/csv';
import { pdfPageTexts, pdfPages } from './helpers/pdf';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

// Sweden's applicants write their names in many scripts (issue 26 item 11); and one name of 200
// characters (issue 26, bad input).
const NAMES = [
  'Łukasz Wiśniewski',
  'Şahin Yılmaz',
  'Nguyễn Thị Minh Khai',
  'Дмитрий Иванов',
  'Γιώργος Παπαδόπουλος',
  'محمد الأحمد',
  'דוד בן גוריון',
  '王小明',
  '山田 さくら',
  '김민준',
];
const LONG = 'Wiśniewska-Nguyễn-Åkesson-'.repeat(8).slice(0, 200);

// The store does not matter here (the names are stored like any text): one store, one server.
describe('names in every script in the staff exports', () => {
  let server: TestServer;
  let writer: string;
  let c: ContainerDoc;
  let position: PositionDoc;
  let people: ApplicationDoc[];

  beforeAll(async () => {
    server = await startTestServer({ kind: 'embedded', seed: true });
    writer = await server.login(DEMO.writer);
    ({ container: c, open: position } = await demoPositions(server));
    const all = [...NAMES, LONG];
    people = await insertApplications(server, position, c, all.length, [label(c, 'Intressant')], 'skrift');
    const apps = server.deps.store.collection<ApplicationDoc>('applications');
    for (const [i, name] of all.entries()) {
      await apps.updateOne({ id: people[i]!.id }, { $set: { 'info.name': name } });
    }
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const download = async (url: string) => Buffer.from(await (await fetch(server.url + url, { headers: { authorization: `Bearer ${writer}` } })).arrayBuffer());

  it('prints each name as typed: PDF.js reads back exactly the name, right-to-left ones in reading order', async () => {
    const r = await server.call(writer, 'create_ApplicantPDFExport', { positionId: position.id, items: people.map((p) => p.id) });
    expect(r.status).toBe(200);
    const pdf = await download(r.body.data.url);
    expect(pdfPages(pdf)).toBe(people.length);
    // Only the glyphs used are embedded (subsets): a few KB per script, not the fonts' megabytes.
    expect(pdf.length).toBeLessThan(300_000);
    const pages = (await pdfPageTexts(pdf)).map((t) => t.normalize('NFC'));
    // Arabic 'أ' is drawn as alef + hamza and reads back so: the same text in Unicode (NFC).
    NAMES.forEach((name, i) => expect(pages[i]!.split('\n')[0]).toBe(name));
    // The long name wraps at its hyphens; its lines together are the name.
    expect(pages[NAMES.length]!.replace(/\n/g, '')).toContain(LONG);
  });

  it('keeps the Arabic and the 200-character name intact in report.csv', async () => {
    const r = await server.call(writer, 'create_applicantsExport', { containerId: c.id, positionId: position.id, filter: 'skrift' });
    expect(r.body.data.total).toBe(people.length);
    const rows = parseCsv((await download(r.body.data.url)).toString('utf8').replace(/^\uFEFF/, ''));
    const names = rows.slice(1).map((row) => row[rows[0]!.indexOf('Namn')]);
    expect(names).toEqual(expect.arrayContaining([...NAMES, LONG]));
  });
});
