import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBlock, addField, builderCatalog, type BuilderForm } from '../../engine/builder';
import { defaultRegistry } from '../../engine';
import type { MetadataProperty } from '../../engine/types';
import type { ContainerDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { applyTo, container, personnummer } from './helpers/domain';
import { DEMO, startTestServer, type TestServer } from './helpers/server';
import { pdfTexts } from './helpers/pdf';

const DAY = 86_400;
const catalog = builderCatalog(defaultRegistry().fieldTypes);
const ctx = { today: '2026-11-26' };

/** A form built the way the builder builds one from 'Tomt formulär': person fields, then the ready blocks. */
function builtForm(types: string[], blocks: string[] = []): MetadataProperty[] {
  let form: BuilderForm = { metadata: [], nextKey: 1000 };
  for (const t of types) {
    const r = addField(form, t, catalog, ctx);
    if (!r.ok) throw new Error(r.message);
    form = r.form;
  }
  for (const b of blocks) {
    const r = addBlock(form, b, catalog, ctx);
    if (!r.ok) throw new Error(r.message);
    form = r.form;
  }
  return form.metadata;
}

const PERSON = ['firstname', 'surname', 'email', 'ssn', 'address', 'zipcode', 'city', 'mobilePhone', 'homePhone'];

describe.each(storeKinds())('person fields and fair screening on the %s store', (kind) => {
  let server: TestServer;
  let c: ContainerDoc;
  let writer: string;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    c = await container(server);
    writer = await server.login(DEMO.writer);
    admin = await server.login(DEMO.admin);
  });
  afterAll(() => server?.close());

  const base = (name = 'Butikssäljare') => {
    const now = server.deps.now();
    return { containerId: c.id, name, city: 'Umeå', description: 'Kort', text: '<p>Text</p>', start: now - DAY, stop: now + 10 * DAY, positionTypeId: c.positionTypes![0]!.id };
  };
  const create = async (metadata: MetadataProperty[], extra: Record<string, unknown> = {}) => {
    const r = await server.call(writer, 'create_position', { ...base(), metadata, ...extra });
    if (r.status !== 200) throw new Error(`create_position ${r.status} ${r.text}`);
    return r.body.data as { id: number; metadata: MetadataProperty[] };
  };
  const person = (first: string, last: string, email: string, serial: string, extra: Record<string, unknown> = {}) => ({
    form_firstname: first, form_surname: last, form_email: email, form_ssn: personnummer('19950505', serial), form_address: 'Storgatan 2',
    form_zipcode: '90325', form_city: 'Umeå', form_mobilePhone: '0701112233', ...extra,
  });
  const list = async (positionId: number, q: Record<string, unknown> = {}) => {
    const r = await server.call(writer, 'get_applicantPositionByPosition', { positionId, ...q });
    expect(r.status).toBe(200);
    return r.body.data.items as { id: number; email: string; info: Record<string, unknown>; metadata: Record<string, unknown>; anonymous?: true }[];
  };

  describe('refusal without one E-post field', () => {
    it('refuses create_position for a form without an E-post field, naming E-post, and stores nothing', async () => {
      const before = await server.deps.store.collection('positions').count({});
      const r = await server.call(writer, 'create_position', { ...base(), metadata: builtForm(['firstname', 'surname']) });
      expect(r.status).toBe(400);
      expect(r.body.error.message).toContain('E-post');
      expect(r.body.error.details).toEqual([{ path: '/metadata', message: r.body.error.message }]);
      expect(await server.deps.store.collection('positions').count({})).toBe(before);
    });

    it('refuses a form with two E-post fields', async () => {
      const form = builtForm(['firstname', 'email']);
      const second = { ...form.find((p) => p.type === 'email')!, key: 'form_email_1001', order: 9 };
      const r = await server.call(writer, 'create_position', { ...base(), metadata: [...form, second] });
      expect(r.status).toBe(400);
      expect(r.body.error.message).toContain('E-post');
    });

    it('refuses update_position that removes the E-post field and keeps the stored form', async () => {
      const p = await create(builtForm(PERSON));
      const r = await server.call(writer, 'update_position', { ...base(), id: p.id, metadata: p.metadata.filter((f) => f.type !== 'email') });
      expect(r.status).toBe(400);
      expect(r.body.error.message).toContain('E-post');
      const stored = await server.call(writer, 'get_position', { id: p.id });
      expect(stored.body.data.formVersion).toBe(1);
      expect(stored.body.data.metadata.some((f: MetadataProperty) => f.type === 'email')).toBe(true);
    });
  });

  describe('person fields map to the applicant', () => {
    it('a form built from person fields alone names the applicant in the list, the search and the apply answer', async () => {
      const p = await create(builtForm(PERSON));
      expect(p.metadata.map((f) => f.key)).toEqual(expect.arrayContaining(['form_firstname', 'form_surname', 'form_email', 'form_ssn', 'form_address']));
      const applied = await applyTo(server, p.id, 'greta.lind@example.se', person('Greta', 'Lind', 'greta.lind@example.se', '101'));
      expect(applied.status).toBe(201);
      expect(applied.body.data.firstname).toBe('Greta');
      const [row] = await list(p.id);
      expect(row!.info).toMatchObject({ firstname: 'Greta', lastname: 'Lind', name: 'Greta Lind', city: 'Umeå', address: 'Storgatan 2', phone: '0701112233' });
      expect((await list(p.id, { filter: 'lind' })).map((a) => a.id)).toEqual([row!.id]);
    });

    it('maps a person field by its type when its key is not the special key', async () => {
      const form = builtForm(PERSON).map((f) => (f.type === 'firstname' ? { ...f, key: 'fornamn' } : f));
      const p = await create(form);
      const answers = person('Ture', 'Ek', 'ture.ek@example.se', '102');
      const { form_firstname: first, ...rest } = answers;
      expect((await applyTo(server, p.id, 'ture.ek@example.se', { ...rest, fornamn: first })).status).toBe(201);
      const [row] = await list(p.id);
      expect(row!.info).toMatchObject({ firstname: 'Ture', name: 'Ture Ek' });
    });

    it('checks a personnummer and an e-mail on person fields with no validator attached', async () => {
      const p = await create(builtForm(PERSON));
      expect(p.metadata.find((f) => f.type === 'ssn')!.validators).toEqual([]);
      const bad = await applyTo(server, p.id, 'fel@example.se', person('Fel', 'Nummer', 'inte-en-adress', '103', { form_ssn: '199505051234' }));
      expect(bad.status).toBe(400);
      const keys = (bad.body.error.details as { key: string; validator: string }[]).map((d) => `${d.key}:${d.validator}`);
      expect(keys).toEqual(expect.arrayContaining(['form_ssn:ssnValidSwe', 'form_email:validEmail']));
    });
  });

  describe('the ready blocks feed the four filter groups', () => {
    it('filters by Tjänster, Perioder, Har körkort och egen bil and Meriterande on a form built from the blocks', async () => {
      const p = await create(builtForm(PERSON, ['summerJobs', 'summerPeriods', 'driving', 'requirements', 'referral']));
      const period = (key: string, checked: boolean) => {
        const d = p.metadata.find((f) => f.key === key)!.data as { startDate: string; endDate: string };
        return { ...d, checked };
      };
      const people = [
        { who: person('Alva', 'Ny', 'alva@example.se', '111'), extra: { summerpositionchoicesform_1: true, summerperiodsform_2: period('summerperiodsform_2', true), driverlicenseform_1: true, driverlicenseform_2: true, requirementsform_1: true, form_referer: 'form_referer_3' } },
        { who: person('Bo', 'Ny', 'bo@example.se', '112'), extra: { summerpositionchoicesform_2: true, summerperiodsform_1: period('summerperiodsform_1', true), driverlicenseform_1: true } },
        { who: person('Cai', 'Ny', 'cai@example.se', '113'), extra: { summerperiodsform_2: period('summerperiodsform_2', true), driverlicenseform_2: true } },
      ];
      const ids: Record<string, number> = {};
      for (const x of people) {
        const r = await applyTo(server, p.id, x.who.form_email, { ...x.who, ...x.extra });
        expect(r.status, r.text).toBe(201);
        ids[x.who.form_firstname] = r.body.data.id;
      }
      const names = async (q: Record<string, unknown>) => (await list(p.id, q)).map((a) => a.info.firstname).sort();
      expect(await names({ answers: [{ key: 'summerperiodsform_2', value: true }] })).toEqual(['Alva', 'Cai']);
      expect(await names({ answers: [{ key: 'summerpositionchoicesform_2', value: true }] })).toEqual(['Bo']);
      expect(await names({ driverLicenceAndCar: true })).toEqual(['Alva']);
      expect(await names({ answers: [{ key: 'requirementsform_1', value: true }] })).toEqual(['Alva']);
      expect(await names({ answers: [{ key: 'form_referer', value: 'form_referer_3' }] })).toEqual(['Alva']);
    });
  });

  describe('fair screening', () => {
    it('leaves age and gender out of the answers until an administrator turns them on', async () => {
      const p = await create(builtForm(PERSON));
      expect((await applyTo(server, p.id, 'ada@example.se', person('Ada', 'Ålder', 'ada@example.se', '121'))).status).toBe(201);
      const [hidden] = await list(p.id);
      expect(hidden!.info).not.toHaveProperty('age');
      expect(hidden!.info).not.toHaveProperty('gender');
      expect(hidden!.info).not.toHaveProperty('dateOfBirth');
      const detail = await server.call(writer, 'get_applicantPosition', { id: hidden!.id });
      expect(detail.body.data.info).not.toHaveProperty('age');

      const on = await server.call(admin, 'create_containerMetadata', { id: c.id, metadata: { showAge: true, showGender: true } });
      expect(on.status).toBe(200);
      const [shown] = await list(p.id);
      expect(shown!.info).toMatchObject({ age: expect.any(Number), gender: expect.stringMatching(/^(Man|Kvinna)$/) });
      expect((await server.call(admin, 'create_containerMetadata', { id: c.id, metadata: { showAge: false, showGender: false } })).status).toBe(200);
    });

    it('hides who applied from the list, the board and the applicant page until the chosen Process level', async () => {
      const levels = (c.labels ?? []).filter((l) => l.labelType === 'Process');
      expect(levels.length).toBeGreaterThan(1);
      const reveal = levels[1]!;
      const p = await create(builtForm([...PERSON, 'imageBase64']), { anonymous: { untilProcessLabelId: reveal.id } });
      const photo = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==';
      const photoKey = p.metadata.find((f) => f.type === 'imageBase64')!.key;
      const r = await applyTo(server, p.id, 'hemlig.person@example.se', person('Hemlig', 'Person', 'hemlig.person@example.se', '131', { [photoKey]: photo }));
      expect(r.status, r.text).toBe(201);
      const id = r.body.data.id as number;

      const [row] = await list(p.id);
      const leaks = (v: unknown) => /Hemlig|\bPerson\b|hemlig\.person|Storgatan|90325|19950505|data:image/.test(JSON.stringify(v));
      // The bell names them as the list does.
      const bell = await server.call(writer, 'get_notifications', { containerId: c.id, take: 200 });
      const rung = (bell.body.data.items as { message: string; data?: { id?: number } }[]).filter((n) => n.data?.id === id);
      expect(rung.map((n) => n.message)).toEqual([expect.stringContaining(`Sökande ${id}`)]);
      expect(leaks(rung)).toBe(false);
      expect(row!.anonymous).toBe(true);
      expect(row!.info.name).toBe(`Sökande ${id}`);
      expect(leaks(row)).toBe(false);
      const detail = await server.call(writer, 'get_applicantPosition', { id });
      expect(detail.status).toBe(200);
      expect(detail.body.data.info.name).toBe(`Sökande ${id}`);
      expect(leaks(detail.body.data.info)).toBe(false);
      expect(leaks(detail.body.data.metadata)).toBe(false);
      const board = await server.call(writer, 'get_applicantBoard', { positionId: p.id });
      expect(board.status).toBe(200);
      expect(leaks(board.body.data)).toBe(false);
      expect(JSON.stringify(board.body.data)).toContain(`Sökande ${id}`);
      // Nor can a search by name find who it is.
      const globalSearch = () => server.call(writer, 'get_applicantPositionBySearchQuery', { containerId: c.id }, '?filter=Hemlig');
      expect(await list(p.id, { filter: 'Hemlig' })).toEqual([]);
      expect((await globalSearch()).body.data.applicants).toEqual([]);
      // report.csv names them as the list does.
      const csv = async () => {
        const ticket = await server.call(writer, 'create_applicantsExport', { containerId: c.id, positionId: p.id });
        expect(ticket.status).toBe(200);
        return (await fetch(server.url + ticket.body.data.url, { headers: { authorization: `Bearer ${writer}` } })).text();
      };
      const hiddenCsv = await csv();
      expect(hiddenCsv).toContain(`Sökande ${id}`);
      expect(leaks(hiddenCsv)).toBe(false);
      // So does the PDF of a selection.
      const pdf = async () => {
        const ticket = await server.call(writer, 'create_ApplicantPDFExport', { positionId: p.id, items: [id] });
        expect(ticket.status).toBe(200);
        const res = await fetch(server.url + ticket.body.data.url, { headers: { authorization: `Bearer ${writer}` } });
        return pdfTexts(Buffer.from(await res.arrayBuffer())).join('\n');
      };
      const hiddenPdf = await pdf();
      expect(hiddenPdf).toContain(`Sökande ${id}`);
      expect(leaks(hiddenPdf)).toBe(false);

      const moved = await server.call(writer, 'update_jobApplicationProcess', { labelId: reveal.id, ids: [id] });
      expect(moved.status).toBe(200);
      const [after] = await list(p.id);
      expect(after!.anonymous).toBeUndefined();
      expect(after!.info).toMatchObject({ name: 'Hemlig Person', address: 'Storgatan 2' });
      expect(after!.email).toBe('hemlig.person@example.se');
      expect((await list(p.id, { filter: 'Hemlig' })).map((a) => a.id)).toEqual([id]);
      expect((await globalSearch()).body.data.applicants.map((a: { id: number }) => a.id)).toEqual([id]);
      expect(await csv()).toContain('Hemlig Person');
      expect(await pdf()).toContain('Hemlig Person');
    });

    it('does not order an anonymous position\'s applicants by name: the order would say who is who', async () => {
      const p = await create(builtForm(PERSON), { anonymous: { untilProcessLabelId: null } });
      const first = await applyTo(server, p.id, 'anna.alm@example.se', person('Anna', 'Alm', 'anna.alm@example.se', '173'));
      const second = await applyTo(server, p.id, 'orjan.oster@example.se', person('Örjan', 'Öster', 'orjan.oster@example.se', '181'));
      expect([first.status, second.status]).toEqual([201, 201]);
      const newestFirst = [second.body.data.id, first.body.data.id];
      expect((await list(p.id, { sort: 'name' })).map((a) => a.id)).toEqual(newestFirst);
      const ids = await server.call(writer, 'get_applicantIdsByFilter', { positionId: p.id, sort: 'name' });
      expect(ids.body.data.ids).toEqual(newestFirst);
    });

    it('refuses an anonymous mode until a label that is not one of the organisation\'s Process levels', async () => {
      const interest = (c.labels ?? []).find((l) => l.labelType === 'Interest')!;
      const r = await server.call(writer, 'create_position', { ...base(), metadata: builtForm(PERSON), anonymous: { untilProcessLabelId: interest.id } });
      expect(r.status).toBe(400);
      expect(r.body.error.details[0].path).toBe('/anonymous/untilProcessLabelId');
    });
  });
});
