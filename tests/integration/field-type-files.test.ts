import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetadataProperty } from '../../engine/types';
import type { ApplicationDoc } from '../../server/domain/core/docs';
import { defaultApplicationMetadata } from '../../server/domain/demo/demo';
import { answersFromForm, type FormPosition } from '../../server/http/apply-form-answers';
import { PostedForm } from '../../server/http/form-body';
import { storeKinds } from '../setup/stores';
import { copyCatalogueWith, newsletterType, orgnrType } from '../unit/engine/new-field-type';
import { applyTo, container, validAnswers } from './helpers/domain';
import { pdfTexts } from './helpers/pdf';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

/**
 * The integrator's path on the server (issue 25): two field types added as files to a copy
 * of the catalogue (CATALOGUE_DIR), each reusing a widget, with no other change. Every context
 * an answer reaches: the apply JSON and the no-script post, the server's Swedish verdict, the
 * staff applicant page, the filters, the CSV, PDF and GDPR exports, demo data and the
 * exported JSON Schema.
 */
const NEWS = 'form_newsletter_1000';
const ORGNR = 'form_orgnr_1000';
const form = (): MetadataProperty[] => [
  ...defaultApplicationMetadata(),
  { key: NEWS, type: 'newsletter', label: 'Vill du ha vårt nyhetsbrev?', required: false, isHtml: false, validators: [], data: null },
  { key: ORGNR, type: 'orgnr', label: 'Företagets organisationsnummer', required: true, isHtml: false, validators: [], data: null },
];

describe.each(storeKinds())('two field types added as files, on the %s store', (kind) => {
  const dir = copyCatalogueWith({ newsletter: newsletterType, orgnr: orgnrType });
  let server: TestServer;
  let writer: string;
  let admin: string;
  let containerId: number;
  let positionId: number;
  const download = async (token: string, url: string) => Buffer.from(await (await fetch(server.url + url, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer());

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true, config: { catalogueDirs: [dir] } });
    writer = await server.login(DEMO.writer);
    admin = await server.login(DEMO.admin);
    const c = await container(server);
    containerId = c.id;
    const now = server.deps.now();
    const types = (c.positionTypes ?? []) as { id: number }[];
    const r = await server.call(writer, 'create_position', {
      containerId, name: 'Säljare', text: '<p>Text</p>', description: 'Sälj', city: 'Malmö',
      start: now - 3600, stop: now + 31 * 86400, isInternal: false, positionTypeId: types[0]!.id, metadata: form(),
    });
    expect(r.status, r.text).toBe(200);
    positionId = r.body.data.id;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const appOf = (email: string) => server.deps.store.collection<ApplicationDoc>('applications').findOne({ positionId, email });

  it('judges their answers on the server with Swedish messages', async () => {
    const r = await applyTo(server, positionId, 'fel@exempel.se', validAnswers('fel@exempel.se', { [ORGNR]: '55667788' }));
    expect(r.status).toBe(400);
    expect(r.body.error.details).toContainEqual(expect.objectContaining({ key: ORGNR, message: 'Värdet har fel format' }));
    const missing = await applyTo(server, positionId, 'tom@exempel.se', validAnswers('tom@exempel.se'));
    expect(missing.status).toBe(400);
    expect(missing.body.error.details.map((d: { key: string }) => d.key)).toEqual([ORGNR]);
  });

  it('takes an application as JSON and one posted without script, and shows both on the staff applicant page', async () => {
    const json = await applyTo(server, positionId, 'anna@exempel.se', validAnswers('anna@exempel.se', { [NEWS]: true, [ORGNR]: '556677-8899' }));
    expect(json.status, json.text).toBe(201);

    const pub = await server.request('GET', `/api/public/positions/${positionId}`);
    expect(pub.status).toBe(200);
    const posted = new PostedForm();
    for (const [k, v] of Object.entries(validAnswers('bo@exempel.se', { form_firstname: 'Bo', [ORGNR]: '112233-4455' }))) if (v !== false) posted.add(k, v === true ? 'on' : String(v));
    const { answers } = answersFromForm(posted, pub.body.data as FormPosition, null);
    expect(answers).toMatchObject({ [NEWS]: false, [ORGNR]: '112233-4455' });
    const noScript = await applyTo(server, positionId, 'bo@exempel.se', answers);
    expect(noScript.status, noScript.text).toBe(201);

    const anna = (await appOf('anna@exempel.se'))!;
    const page = await server.call(writer, 'get_applicantPosition', { id: anna.id });
    expect(page.status, page.text).toBe(200);
    expect(JSON.stringify(page.body.data)).toContain('556677-8899');
    expect(page.body.data.metadata ?? page.body.data.application?.metadata).toMatchObject({ [NEWS]: true, [ORGNR]: '556677-8899' });
  });

  it('filters on the yes/no type and refuses a filter on the free text one', async () => {
    const list = await server.call(writer, 'get_applicantPositionByPosition', { positionId, answers: [{ key: NEWS, value: true }] });
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.items.map((a: { email: string }) => a.email)).toEqual(['anna@exempel.se']);
    const text = await server.call(writer, 'get_applicantPositionByPosition', { positionId, answers: [{ key: ORGNR, value: '556677-8899' }] });
    expect(text.status).toBe(400);
  });

  it('shows their answers in the CSV and the PDF export', async () => {
    const csv = await server.call(writer, 'create_applicantsExport', { containerId, positionId });
    expect(csv.status, csv.text).toBe(200);
    const rows = (await download(writer, csv.body.data.url)).toString('utf8').split('\r\n');
    const head = rows[0]!.split(';');
    const anna = rows.find((row) => row.includes('anna@exempel.se'))!.split(';');
    expect(anna[head.indexOf('Vill du ha vårt nyhetsbrev?')]).toBe('Ja');
    expect(anna[head.indexOf('Företagets organisationsnummer')]).toBe('556677-8899');

    const anna2 = (await appOf('anna@exempel.se'))!;
    const pdf = await server.call(writer, 'create_ApplicantPDFExport', { positionId, items: [anna2.id] });
    expect(pdf.status, pdf.text).toBe(200);
    const text = pdfTexts(await download(writer, pdf.body.data.url)).join('\n');
    expect(text).toContain('Vill du ha vårt nyhetsbrev?');
    expect(text).toContain('556677-8899');
  });

  it('shows their answers in the GDPR export', async () => {
    const r = await server.call(admin, 'create_userExport', { containerId, email: 'anna@exempel.se' });
    expect(r.status, r.text).toBe(200);
    const text = pdfTexts(Buffer.from(r.body.data.pdf, 'base64')).join('\n');
    expect(text).toContain('Vill du ha vårt nyhetsbrev?');
    expect(text).toMatch(/Vill du ha vårt nyhetsbrev\?[^\n]*\n?Ja/);
    expect(text).toContain('556677-8899');
  });

  it('fakes demo answers for them that pass the form', async () => {
    const odin = await server.login(DEMO.odin);
    const r = await server.call(odin, 'create_positionDemoApplicants', { containerId, positionId, amount: 3 });
    expect(r.status, r.text).toBe(200);
    const fake = await server.deps.store.collection<ApplicationDoc>('applications').find({ positionId, email: { $regex: 'exempel\\.se$' } });
    const made = fake.filter((a) => !['anna@exempel.se', 'bo@exempel.se'].includes(a.email));
    expect(made).toHaveLength(3);
    for (const a of made) {
      expect(typeof a.metadata[NEWS]).toBe('boolean');
      expect(a.metadata[ORGNR]).toMatch(/^[0-9]{6}-[0-9]{4}$/);
    }
  });

  it('exports them in the JSON Schema with their own rules', async () => {
    const r = await server.request('GET', `/api/public/positions/${positionId}/schema`);
    expect(r.status, r.text).toBe(200);
    const props = r.body.data.schema.properties;
    expect(props[NEWS]).toMatchObject({ type: 'boolean' });
    expect(props[ORGNR]).toMatchObject({ type: 'string', pattern: '^[0-9]{6}-[0-9]{4}$' });
    expect(r.body.data.schema.required).toContain(ORGNR);
  });
});
