import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { CSV_BATCH } from '../../server/domain/exports/exports-csv';
import { storeKinds } from '../setup/stores';
import { applyTo, demoPositions, insertApplications, label, otherOrganisation, personnummer, validAnswers } from './helpers/domain';
import { parseCsv } from './helpers/csv';
import { pdfPages, pdfTexts } from './helpers/pdf';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

describe.each(storeKinds())('exports on the %s store', (kind) => {
  let server: TestServer;
  let writer: string;
  let reader: string;
  let c: ContainerDoc;
  let position: PositionDoc;
  let people: ApplicationDoc[];

  const download = (token: string | null, url: string) =>
    fetch(server.url + url, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    writer = await server.login(DEMO.writer);
    reader = await server.login(DEMO.reader);
    ({ container: c, open: position } = await demoPositions(server));
    people = await insertApplications(server, position, c, 6, [label(c, 'Ej bedömd'), label(c, 'Intressant')], 'export');
    const apps = server.deps.store.collection<ApplicationDoc>('applications');
    // Swedish names, answers by label, a quote and a ';' that must be quoted, a formula.
    await apps.updateOne({ id: people[1]!.id }, {
      $set: {
        'info.name': 'Åsa Öberg', 'info.firstname': 'Åsa', 'info.lastname': 'Öberg', 'info.phone': '+46701234567', 'info.city': 'Göteborg',
        metadata: { form_firstname: 'Åsa', form_referer: 'form_referer_2', form_agreement: true, form_additional: 'Jag gillar "kaffe"; och té', form_linkedInUrl: '=HYPERLINK("x")' },
      },
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('writes report.csv with a BOM, ; separators and exactly the applicants under the filter', async () => {
    const r = await server.call(writer, 'create_applicantsExport', { containerId: c.id, positionId: position.id, labelId: label(c, 'Intressant') });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ filename: 'report.csv', total: 3 });
    const res = await download(writer, r.body.data.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('filename="report.csv"');
    expect(res.headers.get('content-type')).toContain('text/csv');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.subarray(3).toString('utf8'));
    expect(rows[0]!.slice(0, 7)).toEqual(['Namn', 'E-post', 'Telefon', 'Ort', 'Status', 'Processnivå', 'Ansökt']);
    expect(rows[0]).toContain('Var hittade du annonsen?');
    const expected = people.filter((_, i) => i % 2 === 1).map((p) => p.email).sort();
    expect(rows.slice(1).map((row) => row[1]).sort()).toEqual(expected);
    const asa = rows.find((row) => row[0] === 'Åsa Öberg')!;
    const col = (name: string) => asa[rows[0]!.indexOf(name)];
    // The phone as text in Swedish Excel (issue 17 item 7): ="…" keeps the '+'.
    expect(asa.slice(1, 5)).toEqual([people[1]!.email, '="+46701234567"', 'Göteborg', 'Intressant']);
    expect(col('Ansökt')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(col('Var hittade du annonsen?')).toBe('Vår webbplats');
    expect(col('Övrigt du vill berätta')).toBe('Jag gillar "kaffe"; och té');
    expect(col('LinkedIn-profil')).toBe(`'=HYPERLINK("x")`);
  });

  it('follows the text filter and sort, and a reader may export', async () => {
    const r = await server.call(reader, 'create_applicantsExport', { containerId: c.id, positionId: position.id, filter: 'åsa', sort: 'name' });
    expect(r.body.data.total).toBe(1);
    const rows = parseCsv((await (await download(reader, r.body.data.url)).text()).replace(/^\uFEFF/, ''));
    expect(rows.slice(1).map((row) => row[0])).toEqual(['Åsa Öberg']);
  });

  it('gives a ticket once, to its own user only, and never another organisation’s applicants', async () => {
    const r = await server.call(writer, 'create_applicantsExport', { containerId: c.id, positionId: position.id });
    expect((await download(null, r.body.data.url)).status).toBe(401);
    expect((await download(reader, r.body.data.url)).status).toBe(404);
    expect((await download(writer, r.body.data.url)).status).toBe(200);
    expect((await download(writer, r.body.data.url)).status).toBe(404);
    const other = await otherOrganisation(server, `exp${kind}`);
    expect((await server.call(other.token, 'create_applicantsExport', { containerId: c.id, positionId: position.id })).status).toBe(404);
    const theirs = (await server.deps.store.collection<PositionDoc>('positions').findOne({ containerId: other.container.id }))!;
    // Mixing our container with their position is refused like any unknown object.
    expect((await server.call(writer, 'create_applicantsExport', { containerId: c.id, positionId: theirs.id })).status).toBe(404);
    expect((await server.call(writer, 'create_ApplicantPDFExport', { positionId: position.id, items: [people[0]!.id, 999_999] })).status).toBe(404);
  });

  it('keeps a phone number as text in Swedish Excel, masks the personnummer and repeats no column (issues 17 item 7, 28)', async () => {
    const email = 'texttal@example.se';
    const ssn = personnummer('19900101', '411');
    const applied = await applyTo(server, position.id, email, validAnswers(email, { form_firstname: 'Tore', form_surname: 'Text', form_ssn: ssn, form_mobilePhone: '0701234567', form_homePhone: '+46 8 123 45 67' }));
    expect(applied.status).toBe(201);
    const r = await server.call(writer, 'create_applicantsExport', { containerId: c.id, positionId: position.id, filter: 'texttal' });
    expect(r.body.data.total).toBe(1);
    const rows = parseCsv((await (await download(writer, r.body.data.url)).text()).replace(/^\uFEFF/, ''));
    const header = rows[0]!;
    expect(new Set(header.map((h) => h.toLowerCase())).size).toBe(header.length);
    // Each fact once: the fixed Namn, E-post, Telefon, Ort, not again as form answers.
    for (const repeated of ['Förnamn', 'Efternamn', 'Mobiltelefon']) expect(header).not.toContain(repeated);
    const row = rows[1]!;
    const col = (name: string) => row[header.indexOf(name)];
    expect(col('Namn')).toBe('Tore Text');
    expect(col('Telefon')).toBe('="0701234567"');
    expect(col('Hemtelefon')).toBe('="+46 8 123 45 67"');
    // Masked in exports (issue 28): the birth date and XXXX, never the last four.
    expect(col('Personnummer')).toBe('19900101-XXXX');
    expect(col('Postnummer')).toBe('11122');
  });

  it('writes a PDF with one page per applicant and Swedish characters intact', async () => {
    const items = [people[1]!.id, people[0]!.id, people[2]!.id];
    const r = await server.call(writer, 'create_ApplicantPDFExport', { positionId: position.id, items });
    expect(r.status).toBe(200);
    const res = await download(writer, r.body.data.url);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPages(pdf)).toBe(3);
    const texts = pdfTexts(pdf);
    expect(texts[0]).toContain('Åsa Öberg');
    expect(texts[0]).toContain('Jag gillar "kaffe"; och té');
    expect(texts[0]).toContain('Vår webbplats');
    expect(texts.join('\n')).toContain(people[2]!.info.name);
  });
});

describe('a report.csv that fails half-way on the embedded store', () => {
  let server: TestServer;
  afterAll(async () => {
    await server?.close();
  });

  it('cuts the connection, so the browser never keeps a short file', async () => {
    server = await startTestServer({ kind: 'embedded', seed: true });
    const writer = await server.login(DEMO.writer);
    const { container: c, open: position } = await demoPositions(server);
    await insertApplications(server, position, c, 1200, [label(c, 'Ej bedömd')], 'avbrott');
    const store = server.deps.store;
    const original = store.collection.bind(store);
    let pages = 0;
    store.collection = ((name: string) => {
      const col = original(name);
      if (name !== 'applications') return col;
      return new Proxy(col, {
        get(target, prop, receiver) {
          if (prop !== 'find') return Reflect.get(target, prop, receiver);
          return async (...args: Parameters<typeof col.find>) => {
            if (args[1]?.limit === CSV_BATCH + 1 && ++pages === 2) throw new Error('disk borta');
            return target.find(...args);
          };
        },
      });
    }) as typeof store.collection;
    try {
      const r = await server.call(writer, 'create_applicantsExport', { containerId: c.id, positionId: position.id });
      const res = await fetch(server.url + r.body.data.url, { headers: { authorization: `Bearer ${writer}` } });
      expect(res.status).toBe(200);
      await expect(res.arrayBuffer()).rejects.toThrow();
      expect(pages).toBe(2);
    } finally {
      store.collection = original;
    }
  });
});

describe('report.csv of 50,000 applicants on the embedded store', () => {
  let server: TestServer;
  afterAll(async () => {
    await server?.close();
  });

  it('streams every row', async () => {
    server = await startTestServer({ kind: 'embedded', seed: true });
    const writer = await server.login(DEMO.writer);
    const { container: c, open: position } = await demoPositions(server);
    const apps = server.deps.store.collection<ApplicationDoc>('applications');
    const first = await server.deps.store.nextSequence('applications');
    const batch: ApplicationDoc[] = [];
    for (let i = 0; i < 50_000; i++) {
      const n = String(i).padStart(5, '0');
      batch.push({
        id: first + 10 + i, containerId: c.id, positionId: position.id, email: `massa${n}@example.se`, created: 1_700_000_000 + i,
        metadata: { form_firstname: 'Örjan', form_agreement: true }, formVersion: position.formVersion,
        info: { firstname: 'Örjan', lastname: `Ström${n}`, name: `Örjan Ström${n}`, email: `massa${n}@example.se` },
        interestLabelId: label(c, 'Ej bedömd'), processLabelId: null, notes: [], logs: [], files: [],
      });
      if (batch.length === 5000) await apps.insertMany(batch.splice(0));
    }
    const r = await server.call(writer, 'create_applicantsExport', { containerId: c.id, positionId: position.id });
    expect(r.body.data.total).toBe(50_000);
    const res = await fetch(server.url + r.body.data.url, { headers: { authorization: `Bearer ${writer}` } });
    const reader = res.body!.getReader();
    let lines = 0;
    let chunks = 0;
    let tail = '';
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks++;
      const text = tail + decoder.decode(value, { stream: true });
      const parts = text.split('\r\n');
      tail = parts.pop()!;
      lines += parts.length;
    }
    expect(lines).toBe(50_001);
    // Streamed: the body arrived in many pieces rather than one buffer at the end.
    expect(chunks).toBeGreaterThan(10);
  }, 180_000);
});
