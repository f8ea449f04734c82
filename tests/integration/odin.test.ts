import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileTemplate } from '../../engine';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { applyTo, demoPositions, label, validAnswers } from './helpers/domain';
import { mailedToken, mailsTo } from './helpers/mailbox';
import { DEMO, TEST_PASSWORD, startTestServer, type TestServer } from './helpers/server';

const DAY = 86_400;

/** A form with rules that constrain the personnummer and the groups, to prove the generator reads them. */
function strictForm(now: number) {
  const iso = (s: number) => new Date(s * 1000).toISOString().slice(0, 10);
  return [
    { key: 'form_firstname', type: 'text', label: 'Förnamn', required: true, validators: [{ name: 'minLength', data: 1 }] },
    { key: 'form_surname', type: 'text', label: 'Efternamn', required: true, validators: [{ name: 'minLength', data: 1 }] },
    { key: 'form_email', type: 'email', label: 'E-post', required: true, validators: [{ name: 'validEmail' }] },
    {
      key: 'form_ssn', type: 'text', label: 'Personnummer', required: true,
      validators: [{ name: 'ssnValidSwe' }, { name: 'allowedAgeInPeriod', data: { startDate: iso(now + 30 * DAY), endDate: iso(now + 90 * DAY), minAge: 16, maxAge: 19 } }],
    },
    { key: 'form_textarea_1000', type: 'textarea', label: 'Om dig', required: true, validators: [{ name: 'minLength', data: 30 }] },
    { key: 'form_group_1001', type: 'group', label: 'Verksamheter', data: ['form_checkbox_1002', 'form_checkbox_1003', 'form_checkbox_1004'], validators: [{ name: 'minSelectedInGroup', data: 2 }] },
    { key: 'form_checkbox_1002', type: 'checkbox', label: 'Butik' },
    { key: 'form_checkbox_1003', type: 'checkbox', label: 'Lager' },
    { key: 'form_checkbox_1004', type: 'checkbox', label: 'Kassa' },
    { key: 'form_radioGroup_1005', type: 'radioGroup', label: 'Körkort', data: ['form_radio_1006', 'form_radio_1007'], validators: [{ name: 'radioRequired' }] },
    { key: 'form_radio_1006', type: 'radio', label: 'Ja' },
    { key: 'form_radio_1007', type: 'radio', label: 'Nej' },
    { key: 'form_agreement', type: 'checkbox', label: 'Jag godkänner', required: true, validators: [{ name: 'approved' }] },
  ];
}

describe.each(storeKinds())('odin on the %s store', (kind) => {
  let server: TestServer;
  let odin: string;
  let demo: ContainerDoc;
  let open: PositionDoc;

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    odin = await server.login(DEMO.odin);
    ({ container: demo, open } = await demoPositions(server));
  });
  afterAll(() => server?.close());

  it('creates an organisation whose administrator, once the invitation link is followed, can publish a position at once, with no manual setup', async () => {
    const email = 'ny.chef@exempel.se';
    const made = await server.call(odin, 'create_container', { name: 'nyttbolag', displayName: 'Nytt Bolag AB', adminEmail: email });
    expect(made.status, made.text).toBe(200);
    expect(made.body.data.invitedAdmin).toBe(email);
    const id = made.body.data.id as number;
    const token = await mailedToken(server, email, 'invitation');
    expect((await server.request('POST', '/api/account/invitation/accept', { token, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD })).status).toBe(200);
    const admin = await server.login(email);
    const c = (await server.call(admin, 'get_container', { id })).body.data;
    expect(c.myPermissions).toContain('Administrator');
    expect(c.labels.filter((l: { isDefault: boolean }) => l.isDefault)).toHaveLength(2);
    expect(c.theme.button.backgroundColor).toBe('#2522BA');
    const now = Math.floor(Date.now() / 1000);
    const p = await server.call(admin, 'create_position', {
      containerId: id, name: 'Butikssäljare', city: 'Uppsala', description: 'Kort', text: '<p>Välkommen</p>',
      start: now - 60, stop: now + 10 * DAY, isInternal: false, positionTypeId: c.positionTypes[0].id,
    });
    expect(p.status, p.text).toBe(200);
    const pub = await server.request('GET', `/api/public/positions/${p.body.data.id}`);
    expect(pub.status).toBe(200);
    expect(pub.body.data.status).toBe('Öppen');
    // A new organisation asks for a birth date only until it states why it needs a personnummer (issue 28).
    const keys = pub.body.data.metadata.map((f: { key: string }) => f.key);
    expect(keys).toContain('form_birthdate');
    expect(keys).not.toContain('form_ssn');
  });

  it('invites an administrator who has no account instead of asking them to register (staff cannot), and grants nothing before the link is followed', async () => {
    const r = await server.call(odin, 'create_container', { name: 'ingenchef', adminEmail: 'finns.inte@exempel.se' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ invitedAdmin: 'finns.inte@exempel.se', permissions: [] });
    expect(await mailsTo(server, 'finns.inte@exempel.se')).toHaveLength(1);
    expect(await server.deps.store.collection('users').findOne({ email: 'finns.inte@exempel.se' })).toBeNull();
    expect(await server.deps.store.collection('memberships').count({ containerId: r.body.data.id })).toBe(0);
  });

  it('makes a proven account administrator of a new organisation at once and sends it a notice', async () => {
    const r = await server.call(odin, 'create_container', { name: 'kandchef', displayName: 'Känd Chef AB', adminEmail: DEMO.writer });
    expect(r.status).toBe(200);
    expect(r.body.data.invitedAdmin).toBeUndefined();
    expect(r.body.data.permissions).toEqual([expect.objectContaining({ email: DEMO.writer, permissions: ['Administrator'] })]);
    expect((await mailsTo(server, DEMO.writer)).at(-1)).toContain('Känd Chef AB');
  });

  it('makes demo applicants that all pass the position form, with the labels asked for', async () => {
    const r = await server.call(odin, 'create_positionDemoApplicants', {
      containerId: demo.id, positionId: open.id, defaultInterest: label(demo, 'Intressant'), defaultProcess: label(demo, 'Intervju'), amount: 120,
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.created).toBe(120);
    const apps = await server.deps.store.collection<ApplicationDoc>('applications').find({ positionId: open.id });
    expect(apps).toHaveLength(120);
    const form = compileTemplate({ metadata: open.metadata }, { positionStart: open.start });
    for (const a of apps) {
      expect(form.validate(a.metadata).errors).toEqual([]);
      expect(a.interestLabelId).toBe(label(demo, 'Intressant'));
      expect(a.processLabelId).toBe(label(demo, 'Intervju'));
      expect(a.info.ssn).toMatch(/^\d{12}$/);
    }
    expect(new Set(apps.map((a) => a.email)).size).toBe(120);
    // Ids were reserved in blocks from the same counter: a real application after them gets a fresh one.
    const real = await applyTo(server, open.id, 'efter.demo@exempel.se', validAnswers('efter.demo@exempel.se'));
    expect(real.status, real.text).toBe(201);
    expect(real.body.data.id).toBeGreaterThan(Math.max(...apps.map((a) => a.id)));
  });

  it('makes demo applicants that pass a form with age, group and radio rules', async () => {
    const now = Math.floor(Date.now() / 1000);
    const p = await server.call(odin, 'create_position', {
      containerId: demo.id, name: 'Sommarjobb 16–19', city: 'Malmö', description: 'Kort', text: '<p>Text</p>',
      start: now - 60, stop: now + 10 * DAY, isInternal: false, positionTypeId: demo.positionTypes![0]!.id, metadata: strictForm(now),
    });
    expect(p.status, p.text).toBe(200);
    const r = await server.call(odin, 'create_positionDemoApplicants', { containerId: demo.id, positionId: p.body.data.id, amount: 60 });
    expect(r.status, r.text).toBe(200);
    const position = (await server.deps.store.collection<PositionDoc>('positions').findOne({ id: p.body.data.id }))!;
    const form = compileTemplate({ metadata: position.metadata }, { positionStart: position.start });
    const apps = await server.deps.store.collection<ApplicationDoc>('applications').find({ positionId: position.id });
    expect(apps).toHaveLength(60);
    for (const a of apps) expect(form.validate(a.metadata).errors).toEqual([]);
  });

  it.each([0, -5, 100_000, 2.5])('refuses a demo amount of %s with a Swedish message and stores nothing', async (amount) => {
    const before = await server.deps.store.collection('applications').count({});
    const r = await server.call(odin, 'create_positionDemoApplicants', { containerId: demo.id, positionId: open.id, amount });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('Antalet måste vara ett heltal mellan 1 och 10 000.');
    expect(await server.deps.store.collection('applications').count({})).toBe(before);
  });

  it('lets only odin make demo data', async () => {
    const admin = await server.login(DEMO.admin);
    const r = await server.call(admin, 'create_positionDemoApplicants', { containerId: demo.id, positionId: open.id, amount: 1 });
    expect(r.status).toBe(403);
  });

  it('creates a demo organisation with positions and applicants', async () => {
    const r = await server.call(odin, 'create_demoContainer', { name: 'demobolaget', applicants: 5 });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.applicants).toBe(10);
    expect(await server.deps.store.collection('positions').count({ containerId: r.body.data.id })).toBe(2);
  });

  it('logs writes in the event log without personal data, readable per container', async () => {
    const admin = await server.login(DEMO.admin);
    const r = await server.call(admin, 'get_events', { containerId: demo.id });
    expect(r.status).toBe(200);
    const actions = r.body.data.items.map((e: { action: string }) => e.action);
    expect(actions).toContain('create_positionDemoApplicants');
    const e = r.body.data.items.find((x: { action: string; positionId: number }) => x.action === 'create_positionDemoApplicants' && x.positionId === open.id);
    expect(e).toMatchObject({ containerId: demo.id, positionId: open.id, who: 'Oden Allfader' });
    const stored = await server.deps.store.collection('events').find({});
    expect(JSON.stringify(stored)).not.toMatch(/@/);
    // Without a container, a non-odin user reads the events of their own containers only.
    const own = await server.call(admin, 'get_events', {});
    expect(own.status).toBe(200);
    expect(own.body.data.items.length).toBeGreaterThan(0);
    expect(own.body.data.items.every((x: { containerId?: number }) => x.containerId === demo.id)).toBe(true);
    const all = await server.call(odin, 'get_events', { action: 'create_container' });
    expect(all.body.data.items.length).toBeGreaterThan(0);
    // odin's create_container events belong to other organisations: the admin sees none of them.
    const theirs = await server.call(admin, 'get_events', { action: 'create_container' });
    expect(theirs.body.data.items.filter((x: { containerId?: number }) => x.containerId !== demo.id)).toEqual([]);
  });

  it('deletes an organisation only when its name is typed exactly', async () => {
    const id = (await server.call(odin, 'create_container', { name: 'bortamed' })).body.data.id;
    const wrong = await server.call(odin, 'delete_container', { id, confirmName: 'bortamedd' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('Skriv containerns namn exakt för att bekräfta borttagningen.');
    expect((await server.call(odin, 'delete_container', { id, confirmName: 'bortamed' })).status).toBe(200);
    expect(await server.deps.store.collection('containers').findOne({ id })).toBeNull();
  });
});
