import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visibleAnswers } from '../../engine/conditions';
import { compileTemplate } from '../../engine/index';
import { PERSONNUMMER_PATTERN } from '../../engine/personnummer';
import type { MetadataProperty } from '../../engine/types';
import type { ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { container, demoPositions } from './helpers/domain';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

const DAY = 86_400;

/** A summer-job form using every rule standard keywords can say, conditions included. */
const FORM: MetadataProperty[] = [
  { key: 'form_text_name', type: 'text', label: 'Namn', required: true, order: 0, data: { maxLength: 40 } },
  { key: 'form_text_nick', type: 'text', label: 'Smeknamn', order: 1, validators: [{ name: 'minLength', data: 3 }] },
  { key: 'form_radiogroup_licence', type: 'radioGroup', label: 'Har körkort', required: true, order: 2, data: ['form_radio_yes', 'form_radio_no'] },
  { key: 'form_radio_yes', type: 'radio', label: 'Ja' },
  { key: 'form_radio_no', type: 'radio', label: 'Nej' },
  { key: 'form_text_car', type: 'text', label: 'Bilmärke', required: true, order: 3, visibleWhen: { field: 'form_radiogroup_licence', op: 'equals', value: 'form_radio_yes' } },
  { key: 'form_checkbox_night', type: 'checkbox', label: 'Natt', order: 4 },
  { key: 'form_textarea_why', type: 'textarea', label: 'Varför', order: 5, requiredWhen: { field: 'form_checkbox_night', op: 'checked' } },
  { key: 'form_group_areas', type: 'group', label: 'Områden', required: true, order: 6, data: ['form_checkbox_shop', 'form_checkbox_park'], visibleWhen: { field: 'form_text_nick', op: 'notEmpty' } },
  { key: 'form_checkbox_shop', type: 'checkbox', label: 'Butik' },
  { key: 'form_checkbox_park', type: 'checkbox', label: 'Park' },
  { key: 'form_checkbox_terms', type: 'checkbox', label: 'Villkor', order: 7, validators: [{ name: 'approved' }] },
  // A position form has exactly one E-post field (create_position refuses one without).
  { key: 'form_email', type: 'email', label: 'E-post', order: 8 },
];

/** A fixed corpus: a valid base and one change at a time, each rule on both sides of its line. */
function corpus(): Record<string, unknown>[] {
  // E-post is always required (its field type says so), so a valid base has one.
  const base = { form_text_name: 'Nora', form_text_nick: 'Noris', form_checkbox_shop: true, form_radiogroup_licence: 'form_radio_no', form_checkbox_terms: true, form_email: 'nora@exempel.se' };
  const changes: Record<string, unknown>[] = [
    {}, { form_text_name: '' }, { form_text_name: '   ' }, { form_text_name: 'x'.repeat(41) }, { form_text_name: 7 },
    { form_text_nick: 'ab', form_checkbox_shop: true }, { form_text_nick: ' a b ', form_checkbox_shop: true }, { form_text_nick: 'abc', form_checkbox_shop: true },
    { form_text_nick: 'åäö' }, { form_text_nick: '😀😀😀', form_checkbox_park: true }, { form_text_nick: '  ab  ', form_checkbox_park: true },
    { form_text_nick: 'abc', form_checkbox_shop: false, form_checkbox_park: false }, { form_text_nick: '   ' }, { form_text_nick: undefined, form_checkbox_shop: undefined },
    { form_radiogroup_licence: 'form_radio_yes' }, { form_radiogroup_licence: 'form_radio_yes', form_text_car: 'Volvo' },
    { form_radiogroup_licence: 'form_radio_yes', form_text_car: '' }, { form_radiogroup_licence: 'form_radio_no', form_text_car: 42 },
    { form_radiogroup_licence: 'form_radio_maybe' }, { form_radiogroup_licence: '' },
    { form_checkbox_night: true }, { form_checkbox_night: true, form_textarea_why: 'Nattuggla' }, { form_checkbox_night: true, form_textarea_why: ' ' },
    { form_checkbox_night: false }, { form_checkbox_night: 'yes' },
    { form_checkbox_terms: false }, { form_checkbox_terms: undefined },
    { form_email: undefined }, { form_email: '' }, { form_email: 'nora.exempel.se' }, { form_email: 'nora@@exempel.se' },
  ];
  const out = changes.map((c) => {
    const a: Record<string, unknown> = { ...base, ...c };
    for (const k of Object.keys(a)) if (a[k] === undefined) delete a[k];
    return a;
  });
  return [...out, {}];
}

describe.each(storeKinds())('a position form exported as JSON Schema on the %s store', (kind) => {
  let server: TestServer;
  let c: ContainerDoc;
  let position: PositionDoc;
  let open: PositionDoc;

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    c = await container(server);
    ({ open } = await demoPositions(server));
    const writer = await server.login(DEMO.writer);
    const now = server.deps.now();
    const r = await server.call(writer, 'create_position', {
      containerId: c.id, name: 'Export', city: 'Luleå', description: 'Kort', text: '<p>x</p>', start: now - DAY, stop: now + 10 * DAY, positionTypeId: c.positionTypes![0]!.id, metadata: FORM,
    });
    expect([r.status, r.body.error]).toEqual([200, undefined]);
    position = r.body.data;
  });
  afterAll(() => server?.close());

  it('answers { schema, uiSchema } in the envelope, as standard JSON Schema 2020-12 with no Blankett keyword left', async () => {
    const r = await server.request('GET', `/api/public/positions/${position.id}/schema`);
    expect(r.status).toBe(200);
    expect(r.body.data.schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(r.body.data.uiSchema['ui:order']).toContain('form_text_car');
    // Every position form has its one E-post field; its check (validEmail) is a pattern now.
    expect(JSON.stringify(r.body.data.schema)).not.toMatch(/"x-[A-Za-z]+/);
    expect(r.body.data.schema.$comment).toBeUndefined();
  });

  it('gives plain ajv (no Blankett code) the verdict Blankett gives on a fixed corpus of answers', async () => {
    const { schema } = (await server.request('GET', `/api/public/positions/${position.id}/schema`)).body.data;
    // Strict, with no Blankett keyword declared: the form says everything in standard keywords.
    const plain = new Ajv2020({ strict: true, allErrors: true }).compile(schema);
    const blankett = compileTemplate({ metadata: FORM });
    const layout = blankett.uiSchema['ui:options'].layout;
    // Blankett's verdict as the apply route reaches it: hidden answers dropped, then the engine.
    const verdicts = corpus().map((answers) => ({ answers, plain: plain(answers), blankett: blankett.validate(visibleAnswers(layout, answers)).valid }));
    for (const v of verdicts) expect({ answers: v.answers, verdict: v.plain }).toEqual({ answers: v.answers, verdict: v.blankett });
    // The corpus is not one-sided.
    expect(verdicts.filter((v) => v.plain).length).toBeGreaterThan(5);
    expect(verdicts.filter((v) => !v.plain).length).toBeGreaterThan(5);
  });

  it('names in $comment the Blankett keyword a pattern cannot say (the personnummer\'s check digit), with the pattern beside it', async () => {
    const r = await server.request('GET', `/api/public/positions/${open.id}/schema`);
    expect(r.status).toBe(200);
    expect(r.body.data.schema.$comment).toContain('x-ssnValidSwe');
    expect(r.body.data.schema.$comment).not.toContain('x-validEmail');
    expect(r.body.data.schema.properties.form_ssn.allOf).toContainEqual({ type: 'string', pattern: PERSONNUMMER_PATTERN });
    expect(r.body.data.schema.required).toContain('form_firstname');
  });

  it('answers 404 for a position that does not exist or is internal by number', async () => {
    expect((await server.request('GET', '/api/public/positions/999999/schema')).status).toBe(404);
  });
});
