import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../../engine/fill';
import type { MetadataProperty } from '../../engine/types';
import type { ContainerDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { container } from './helpers/domain';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');
const decode = (data: string) => JSON.parse(Buffer.from(data, 'base64').toString('utf8'));

/** A form with a choice, a condition on it, a required-when rule, a group and a personnummer. */
const FORM: MetadataProperty[] = [
  { key: 'form_text_name', type: 'text', label: 'Namn', required: true, order: 0, validators: [{ name: 'minLength', data: 2 }] },
  { key: 'form_text_ssn', type: 'text', label: 'Personnummer', required: true, order: 1, validators: [{ name: 'ssnValidSwe', data: null }] },
  { key: 'form_radiogroup_licence', type: 'radioGroup', label: 'Har körkort', required: true, order: 2, data: ['form_radio_yes', 'form_radio_no'] },
  { key: 'form_radio_yes', type: 'radio', label: 'Ja' },
  { key: 'form_radio_no', type: 'radio', label: 'Nej' },
  { key: 'form_text_car', type: 'text', label: 'Bilmärke', required: true, order: 3, visibleWhen: { field: 'form_radiogroup_licence', op: 'equals', value: 'form_radio_yes' } },
  { key: 'form_checkbox_night', type: 'checkbox', label: 'Natt', order: 4 },
  { key: 'form_textarea_why', type: 'textarea', label: 'Varför', order: 5, requiredWhen: { field: 'form_checkbox_night', op: 'checked' } },
  { key: 'form_group_areas', type: 'group', label: 'Områden', order: 6, data: ['form_checkbox_shop', 'form_checkbox_park'], validators: [{ name: 'minSelectedInGroup', data: 1 }] },
  { key: 'form_checkbox_shop', type: 'checkbox', label: 'Butik' },
  { key: 'form_checkbox_park', type: 'checkbox', label: 'Park' },
];

describe.each(storeKinds())('form templates exported as JSON Schema and imported back on the %s store', (kind) => {
  let server: TestServer;
  let c: ContainerDoc;
  let writer: string;
  let folderId: number;
  let sourceId: number;

  const assets = async () => (await server.call(writer, 'get_folder', { containerId: c.id, id: folderId })).body.data.assets as { id: number; name: string; data: string }[];
  const importFile = (file: unknown, token = writer) =>
    server.call(token, 'import_formTemplateSchema', { containerId: c.id, name: 'Sommarjobb importerat', file: typeof file === 'string' ? file : JSON.stringify(file) });
  const exported = async (id: number) => {
    const r = await server.call(writer, 'get_formTemplateSchema', { containerId: c.id, id });
    expect([r.status, r.body.error]).toEqual([200, undefined]);
    return r.body.data as { schema: Record<string, unknown>; uiSchema: Record<string, unknown> };
  };
  /** Every refusal must leave the folder as it was. */
  const refusedWith = async (file: unknown, message: string | RegExp) => {
    const before = (await assets()).length;
    const r = await importFile(file);
    expect(r.status).toBe(400);
    expect(r.body.error.details[0].path).toMatch(/^\/file/);
    if (typeof message === 'string') expect(r.body.error.message).toBe(message);
    else expect(r.body.error.message).toMatch(message);
    expect((await assets()).length).toBe(before);
  };

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    c = await container(server);
    writer = await server.login(DEMO.writer);
    folderId = (await server.call(writer, 'get_folders', { containerId: c.id })).body.data.find((f: { name: string }) => f.name === 'PositionTemplates').id;
    const r = await server.call(writer, 'create_positionTemplateAssetCommand', {
      folderId, containerId: c.id, contentType: 'application/json', name: 'Sommarjobb',
      data: b64({ key: 'sommarjobb', name: 'Sommarjobb', availableInPositionTypes: [], metadata: FORM }),
    });
    expect([r.status, r.body.error]).toEqual([200, undefined]);
    sourceId = r.body.data.id;
  });
  afterAll(() => server?.close());

  it('round-trips: a template exported as { schema, uiSchema } and imported back is the same form, exported the same', async () => {
    const file = await exported(sourceId);
    expect(file.schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    const r = await importFile(file);
    expect([r.status, r.body.error]).toEqual([200, undefined]);
    const stored = decode(r.body.data.data);
    expect(stored.name).toBe('Sommarjobb importerat');
    expect(stored.key).toBe('Sommarjobb-importerat');
    expect(stored.metadata).toEqual(FORM);
    expect(await exported(r.body.data.id)).toEqual(file);
    // A second import of the same file gets a key of its own.
    const again = await importFile(file);
    expect(decode(again.body.data.data).key).toBe('Sommarjobb-importerat-2');
  });

  it('exports a schema plain ajv reads (Blankett keywords only where standard cannot say it)', async () => {
    const { schema } = await exported(sourceId);
    const plain = new Ajv2020({ strict: false, allErrors: true }).compile(schema);
    expect(plain({ form_text_name: 'Nora', form_text_ssn: '200601012384', form_radiogroup_licence: 'form_radio_no', form_checkbox_shop: true })).toBe(true);
    expect(plain({ form_text_name: 'Nora', form_text_ssn: '200601012384', form_radiogroup_licence: 'form_radio_yes', form_checkbox_shop: true })).toBe(false);
    expect(String(schema.$comment)).toContain('x-ssnValidSwe');
  });

  it('refuses a $ref to a remote document', async () => {
    const file = await exported(sourceId);
    const schema = { ...file.schema, properties: { ...(file.schema.properties as object), form_text_name: { $ref: 'https://evil.example/name.json' } } };
    await refusedWith({ ...file, schema }, /\$ref "https:\/\/evil\.example\/name\.json"/);
  });

  it('refuses 10,000 properties and more, at the limit', async () => {
    const properties = Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`f${i}`, { type: 'string' }]));
    await refusedWith({ schema: { type: 'object', properties } }, fill(sv.formImport.tooMany, { n: '10000' }));
  });

  it('refuses a keyword that is neither JSON Schema nor Blankett’s, naming it', async () => {
    const file = await exported(sourceId);
    await refusedWith({ ...file, schema: { ...file.schema, 'x-secret': true } }, /"x-secret"/);
    await refusedWith({ schema: { type: 'object', properties: { a: { type: 'string', widget: 'big' } } } }, /"widget"/);
  });

  it('refuses a Blankett file whose schema was edited after the export', async () => {
    const file = await exported(sourceId);
    await refusedWith({ ...file, schema: { ...file.schema, required: [] } }, sv.formImport.mismatch);
  });

  it('refuses text that is not JSON, and Blankett fields the engine refuses', async () => {
    await refusedWith('{"schema": ', sv.formImport.notJson);
    const file = await exported(sourceId);
    const broken = { ...file, uiSchema: { ...file.uiSchema, 'ui:blankett': { metadata: [{ key: 'a', type: 'noSuchType' }] } } };
    await refusedWith(broken, /^Formuläret i filen går inte att använda/);
  });

  it('refuses a file with every kind of bad field with one Swedish sentence per field, at that field, and stores nothing', async () => {
    const file = await exported(sourceId);
    const bad = [
      { key: 'f_type', type: 'noSuchType', label: 'Okänd' },
      { key: 'f_rule', type: 'checkbox', label: 'Villkor', validators: [{ name: 'minLength', data: 2 }] },
      { key: 'f_data', type: 'text', label: 'Längd', validators: [{ name: 'minLength', data: 'många' }] },
      { key: 'f_period', type: 'text', label: 'Period', validators: [{ name: 'allowedAgeInPeriod', data: { startDate: '2026-08-01', endDate: '2026-06-01' } }] },
      { key: 'f_group', type: 'group', label: 'Grupp', data: ['f_ghost'] },
      { key: 'f_radio', type: 'radio', label: 'Ensam' },
      { key: 'f_label', type: 'text', label: 12 },
    ];
    const before = (await assets()).length;
    const r = await importFile({ ...file, uiSchema: { ...file.uiSchema, 'ui:blankett': { metadata: bad } } });
    expect(r.status).toBe(400);
    const details = r.body.error.details as { path: string; key: string; code: string; message: string }[];
    expect(details.map((d) => [d.key, d.path, d.code])).toEqual([
      ['f_type', '/file/uiSchema/ui:blankett/metadata/0', 'unknownType'],
      ['f_rule', '/file/uiSchema/ui:blankett/metadata/1', 'validatorNotAllowed'],
      ['f_data', '/file/uiSchema/ui:blankett/metadata/2', 'validatorData'],
      ['f_period', '/file/uiSchema/ui:blankett/metadata/3', 'validatorDataReason'],
      ['f_label', '/file/uiSchema/ui:blankett/metadata/6', 'labelNotText'],
      ['f_group', '/file/uiSchema/ui:blankett/metadata/4', 'childMissing'],
      ['f_radio', '/file/uiSchema/ui:blankett/metadata/5', 'childOnly'],
    ]);
    for (const d of details) expect(d.message).toMatch(/^Formuläret i filen går inte att använda: f_\w+: [A-ZÅÄÖ"]/);
    expect(details.find((d) => d.key === 'f_rule')?.message).toContain('Valideringen minLength kan inte användas på ett fält av typen checkbox (tillåtna: approved)');
    expect(details.find((d) => d.key === 'f_period')?.message).toContain('periodens startdatum är efter slutdatumet');
    expect(JSON.stringify(r.body)).not.toMatch(/\b(is not allowed|malformed|must be|does not exist|unknown)\b/i);
    expect((await assets()).length).toBe(before);
  });

  it('imports a plain JSON Schema field by field and refuses a rule no Blankett field holds', async () => {
    const r = await importFile({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: { namn: { type: 'string', title: 'Namn' }, epost: { type: 'string', format: 'email', title: 'E-post' }, ok: { type: 'boolean', title: 'Jag godkänner' } }, required: ['namn', 'ok'] });
    expect([r.status, r.body.error]).toEqual([200, undefined]);
    const metadata = decode(r.body.data.data).metadata as MetadataProperty[];
    expect(metadata.map((p) => [p.key, p.type, p.label, p.required])).toEqual([['namn', 'text', 'Namn', true], ['epost', 'email', 'E-post', false], ['ok', 'checkbox', 'Jag godkänner', true]]);
    await refusedWith({ type: 'object', properties: { postnummer: { type: 'string', pattern: '^\\d{5}$' } } }, /"pattern"/);
  });

  it('lets only writers import (a reader is refused, nothing stored)', async () => {
    const reader = await server.login(DEMO.reader);
    const before = (await assets()).length;
    expect((await importFile(await exported(sourceId), reader)).status).toBe(403);
    expect((await assets()).length).toBe(before);
  });
});
