import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import type { MetadataProperty } from '../../engine/types';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { applyTo, container, validAnswers } from './helpers/domain';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

const DAY = 86_400;

/** The default form's fields plus: Har körkort (Ja/Nej), Bilmärke shown when Ja, Varför natt required when Nattjobb is checked. */
function withConditions(metadata: MetadataProperty[]): MetadataProperty[] {
  const last = Math.max(...metadata.map((p, i) => p.order ?? i)) + 1;
  return [
    ...metadata,
    { key: 'form_radiogroup_licence', type: 'radioGroup', label: 'Har körkort', order: last, data: ['form_radio_yes', 'form_radio_no'], required: true },
    { key: 'form_radio_yes', type: 'radio', label: 'Ja' },
    { key: 'form_radio_no', type: 'radio', label: 'Nej' },
    { key: 'form_text_car', type: 'text', label: 'Bilmärke', order: last + 1, required: true, data: { maxLength: 20 }, visibleWhen: { field: 'form_radiogroup_licence', op: 'equals', value: 'form_radio_yes' } },
    { key: 'form_checkbox_night', type: 'checkbox', label: 'Kan jobba natt', order: last + 2 },
    { key: 'form_textarea_why', type: 'textarea', label: 'Varför natt', order: last + 3, requiredWhen: { field: 'form_checkbox_night', op: 'checked' } },
  ];
}

describe.each(storeKinds())('conditional fields on the %s store', (kind) => {
  let server: TestServer;
  let c: ContainerDoc;
  let writer: string;
  let position: PositionDoc;

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    c = await container(server);
    writer = await server.login(DEMO.writer);
    const now = server.deps.now();
    const base = { containerId: c.id, name: 'Sommarchaufför', city: 'Umeå', description: 'Kort', text: '<p>Kör</p>', start: now - DAY, stop: now + 10 * DAY, positionTypeId: c.positionTypes![0]!.id };
    const plain = (await server.call(writer, 'create_position', base)).body.data as PositionDoc;
    const r = await server.call(writer, 'update_position', { ...base, id: plain.id, metadata: withConditions(plain.metadata) });
    expect([r.status, r.body.error]).toEqual([200, undefined]);
    position = r.body.data;
  });
  afterAll(() => server?.close());

  const stored = (email: string) => server.deps.store.collection<ApplicationDoc>('applications').findOne({ positionId: position.id, email });

  it('drops an answer to a hidden field that is sent anyway, and stores the rest', async () => {
    const email = 'nej@example.se';
    const r = await applyTo(server, position.id, email, validAnswers(email, { form_radiogroup_licence: 'form_radio_no', form_text_car: 'smuggled text far longer than twenty characters' }));
    expect(r.status).toBe(201);
    const doc = await stored(email);
    expect(doc?.metadata.form_radiogroup_licence).toBe('form_radio_no');
    expect(doc?.metadata).not.toHaveProperty('form_text_car');
  });

  it('validates and keeps a shown field, refusing it at its field when missing', async () => {
    const email = 'ja@example.se';
    const missing = await applyTo(server, position.id, email, validAnswers(email, { form_radiogroup_licence: 'form_radio_yes' }));
    expect(missing.status).toBe(400);
    // An empty required field says so (issue 26 item 8), not the minimum-length text.
    expect(missing.body.error.details).toEqual([expect.objectContaining({ key: 'form_text_car', message: sv.engine.fieldRequired })]);
    const ok = await applyTo(server, position.id, email, validAnswers(email, { form_radiogroup_licence: 'form_radio_yes', form_text_car: 'Volvo' }));
    expect(ok.status).toBe(201);
    expect((await stored(email))?.metadata.form_text_car).toBe('Volvo');
  });

  it('drops a hidden answer that staff send when editing an application', async () => {
    const email = 'redigera@example.se';
    const answers = validAnswers(email, { form_radiogroup_licence: 'form_radio_no' });
    expect((await applyTo(server, position.id, email, answers)).status).toBe(201);
    const doc = await stored(email);
    const r = await server.call(writer, 'update_jobApplicant', { applicant: { id: doc!.id, metadata: { ...answers, form_text_car: 'Saab' } } });
    expect(r.status).toBe(200);
    expect((await stored(email))?.metadata).not.toHaveProperty('form_text_car');
  });

  it('refuses a required-when field that is missing while its condition holds, at its field, storing nothing', async () => {
    const email = 'natt@example.se';
    const r = await applyTo(server, position.id, email, validAnswers(email, { form_radiogroup_licence: 'form_radio_no', form_checkbox_night: true }));
    expect(r.status).toBe(400);
    expect((r.body.error.details as { key: string }[]).map((d) => d.key)).toEqual(['form_textarea_why']);
    expect(await stored(email)).toBeNull();
    const day = await applyTo(server, position.id, email, validAnswers(email, { form_radiogroup_licence: 'form_radio_no', form_checkbox_night: false }));
    expect(day.status).toBe(201);
  });

  it.each([
    ['a deleted field', { field: 'form_gone', op: 'equals', value: 'x' }, 'missing'],
    ['itself', { field: 'form_text_car', op: 'notEmpty' }, 'self'],
    ['a field below it', { field: 'form_checkbox_night', op: 'checked' }, 'below'],
  ])('refuses saving a condition on %s with a structured Swedish error, keeping the form', async (_what, condition, code) => {
    const metadata = position.metadata.map((p) => (p.key === 'form_text_car' ? { ...p, visibleWhen: condition } : p));
    const r = await server.call(writer, 'update_position', { ...positionInput(position), metadata });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toContainEqual(expect.objectContaining({ key: 'form_text_car', code, path: 'visibleWhen', problem: sv.conditions[code as 'missing'] }));
    const kept = await server.deps.store.collection<PositionDoc>('positions').findOne({ id: position.id });
    expect(kept?.formVersion).toBe(position.formVersion);
  });

  it('refuses a cycle and a condition on a file field in a new template', async () => {
    const metadata: MetadataProperty[] = [
      { key: 'form_file_cv', type: 'file', label: 'CV', order: 0 },
      { key: 'form_text_a', type: 'text', label: 'A', order: 1, visibleWhen: { field: 'form_text_b', op: 'notEmpty' } },
      { key: 'form_text_b', type: 'text', label: 'B', order: 2, visibleWhen: { field: 'form_text_a', op: 'notEmpty' } },
      { key: 'form_text_c', type: 'text', label: 'C', order: 3, visibleWhen: { field: 'form_file_cv', op: 'notEmpty' } },
    ];
    const folders = await server.call(writer, 'get_folders', { containerId: c.id });
    const folderId = folders.body.data.find((f: { name: string }) => f.name === 'PositionTemplates').id;
    const data = Buffer.from(JSON.stringify({ key: 'villkor', name: 'Villkor', description: '', availableInPositionTypes: [], metadata })).toString('base64');
    const r = await server.call(writer, 'create_positionTemplateAssetCommand', { folderId, containerId: c.id, contentType: 'application/json', name: 'Villkor', data });
    expect(r.status).toBe(400);
    const codes = (r.body.error.details as { key: string; code: string }[]).map((d) => [d.key, d.code]);
    expect(codes).toEqual([['form_text_a', 'cycle'], ['form_text_b', 'cycle'], ['form_text_c', 'sourceType']]);
  });

  it('refuses a malformed condition at the dispatcher', async () => {
    const metadata = position.metadata.map((p) => (p.key === 'form_text_car' ? { ...p, visibleWhen: { field: 'form_radiogroup_licence', op: 'greaterThan', value: 3 } } : p));
    const r = await server.call(writer, 'update_position', { ...positionInput(position), metadata });
    expect(r.status).toBe(400);
  });
});

function positionInput(p: PositionDoc) {
  return { id: p.id, containerId: p.containerId, name: p.name, city: p.city, description: p.description, text: p.text, start: p.start, stop: p.stop, positionTypeId: p.positionTypeId };
}
