import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { demoPositions, insertApplications } from '../integration/helpers/domain';
import { DEMO, startTestServer, type TestServer } from '../integration/helpers/server';

/**
 * Issue 15 part 8: report.csv neutralised formulas in answer cells but wrote the header
 * cells (the form's labels, which staff type in the builder) as they were, so a label like
 * `=HYPERLINK(...)` ran in the spreadsheet of whoever opened the export.
 */
describe.each(storeKinds())('report.csv header cells on the %s store', (kind) => {
  let server: TestServer;
  let c: ContainerDoc;
  let position: PositionDoc;

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    ({ container: c, open: position } = await demoPositions(server));
    await insertApplications(server, position, c, 1, [], 'csvhuvud');
    const labels = ['=HYPERLINK("https://angripare.example/x","Klicka")', '+1+1', '@SUM(A1)', '-2+3', '+46 70 123 45 67'];
    // Not the fields the fixed columns hold (name, e-mail, mobile, Ort): those are not repeated as answer columns.
    const fixed = new Set(['form_firstname', 'form_surname', 'form_email', 'form_mobilePhone', 'form_city']);
    // Fields answered in text (the default form's person fields carry their own types).
    const textual = new Set(['text', 'textarea', 'address', 'zipcode', 'homePhone', 'linkedInUrl']);
    const metadata = (position.metadata ?? []).map((p, i) => textual.has(p.type) && !fixed.has(p.key) && i < 40 ? { ...p, label: labels.shift() ?? p.label } : p);
    expect(labels).toEqual([]);
    await server.deps.store.collection<PositionDoc>('positions').updateOne({ id: position.id }, { $set: { metadata } });
  }, 60_000);
  afterAll(() => server?.close());

  it('neutralises a formula in a form label exactly like one in an answer', async () => {
    const writer = await server.login(DEMO.writer);
    const r = await server.call(writer, 'create_applicantsExport', { containerId: c.id, positionId: position.id });
    expect(r.status).toBe(200);
    const res = await fetch(server.url + r.body.data.url, { headers: { authorization: `Bearer ${writer}` } });
    expect(res.status).toBe(200);
    const header = (await res.text()).replace(/^\uFEFF/, '').split('\r\n')[0]!.split(';').map((h) => h.replace(/^"|"$/g, '').replace(/""/g, '"'));
    expect(header).toContain(`'=HYPERLINK("https://angripare.example/x","Klicka")`);
    expect(header).toContain(`'+1+1`);
    expect(header).toContain(`'@SUM(A1)`);
    expect(header).toContain(`'-2+3`);
    // A phone-number-like label is no formula and stays as written, as in answer cells.
    expect(header).toContain('+46 70 123 45 67');
    expect(header.filter((h) => /^[=+\-@]/.test(h) && h !== '+46 70 123 45 67')).toEqual([]);
  });
});
