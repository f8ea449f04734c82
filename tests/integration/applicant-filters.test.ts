import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationDoc, ContainerDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { container, insertApplications, label } from './helpers/domain';
import { register, summerPosition, type Person } from './helpers/recruiter';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

const PEOPLE: Person[] = [
  { first: 'Anna', last: 'Berg', licence: true, car: true, jobs: ['Kassa'] },
  { first: 'Bo', last: 'Ek', licence: true, car: false, jobs: ['Lager'] },
  { first: 'Cecilia', last: 'Falk', licence: false, car: true, jobs: ['Kassa', 'Lager'] },
  { first: 'David', last: 'Gran', licence: true, car: true, jobs: ['Lager'], referer: 'form_referer_3' },
  { first: 'Eva', last: 'Holm', jobs: [] },
  { first: 'Filip', last: 'Ahl', licence: true, car: true, jobs: ['Kassa'], referer: 'form_referer_3' },
];

describe.each(storeKinds())('applicant filters on the %s store', (kind) => {
  let server: TestServer;
  let writer: string;
  let reader: string;
  let c: ContainerDoc;
  let positionId: number;
  let ids: number[];
  const byName = (name: string) => ids[PEOPLE.findIndex((p) => p.first === name)]!;
  const list = async (q: Record<string, unknown>) => {
    const r = await server.call(reader, 'get_applicantPositionByPosition', { positionId, ...q });
    expect(r.status, r.text).toBe(200);
    return r.body.data.items.map((a: { info: { firstname: string } }) => a.info.firstname) as string[];
  };

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    writer = await server.login(DEMO.writer);
    reader = await server.login(DEMO.reader);
    c = await container(server);
    positionId = await summerPosition(server, writer, c.id);
    ids = await register(server, writer, positionId, PEOPLE);
    const r = await server.call(writer, 'update_jobApplicationStatus', { labelId: label(c, 'Intressant'), ids: [byName('Anna'), byName('Bo'), byName('David'), byName('Eva')] });
    expect(r.status, r.text).toBe(200);
  });
  afterAll(() => server?.close());

  it("filters by an Interest label and 'Har körkort och egen bil' on the server", async () => {
    expect(await list({ labelId: label(c, 'Intressant'), driverLicenceAndCar: true })).toEqual(['David', 'Anna']);
    expect(await list({ driverLicenceAndCar: true })).toEqual(['Filip', 'David', 'Anna']);
  });

  it('ORs the choices of one group and ANDs different groups', async () => {
    const kassa = { key: 'summerpositionchoicesform_1', value: true };
    const lager = { key: 'summerpositionchoicesform_2', value: true };
    expect(await list({ answers: [kassa, lager] })).toEqual(['Filip', 'David', 'Cecilia', 'Bo', 'Anna']);
    expect(await list({ answers: [lager, { key: 'form_referer', value: 'form_referer_3' }] })).toEqual(['David']);
    expect(await list({ answers: [{ key: 'form_referer_3', value: true }] })).toEqual(['Filip', 'David']);
  });

  it('sorts oldest first and by name, and combines with the text filter', async () => {
    expect(await list({ sort: 'oldest' })).toEqual(PEOPLE.map((p) => p.first));
    expect(await list({ sort: 'name' })).toEqual(['Anna', 'Bo', 'Cecilia', 'David', 'Eva', 'Filip']);
    expect(await list({ filter: 'berg' })).toEqual(['Anna']);
  });

  it('refuses a filter on a key that is not a choice of the form, naming the field', async () => {
    for (const answers of [[{ key: 'form_firstname', value: true }], [{ key: 'finns_inte', value: true }], [{ key: 'form_referer', value: 'form_ssn' }]]) {
      const r = await server.call(reader, 'get_applicantPositionByPosition', { positionId, answers });
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe('Filtret passar inte annonsens formulär.');
    }
  });

  it('counts per label under the rest of the filter', async () => {
    const r = await server.call(reader, 'get_applicantCounts', { positionId, driverLicenceAndCar: true });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.total).toBe(3);
    const count = (name: string) => r.body.data.labels.find((l: { labelId: number }) => l.labelId === label(c, name)).count;
    expect(count('Intressant')).toBe(2);
    expect(count('Ej bedömd')).toBe(1);
  });

  it('steps to the previous and next applicant under the same filter and sort', async () => {
    const q = { positionId, driverLicenceAndCar: true };
    const mid = await server.call(reader, 'get_applicantNeighbours', { ...q, id: byName('David') });
    expect(mid.body.data).toEqual({ prev: byName('Filip'), next: byName('Anna') });
    const last = await server.call(reader, 'get_applicantNeighbours', { ...q, id: byName('Anna') });
    expect(last.body.data).toEqual({ prev: byName('David'), next: null });
    const named = await server.call(reader, 'get_applicantNeighbours', { positionId, sort: 'name', id: byName('Bo') });
    expect(named.body.data).toEqual({ prev: byName('Anna'), next: byName('Cecilia') });
  });

  describe('with more applicants than one batch', () => {
    let docs: ApplicationDoc[];
    let bulkPosition: number;
    beforeAll(async () => {
      bulkPosition = await summerPosition(server, writer, c.id, 'Många sökande');
      const p = (await server.deps.store.collection('positions').findOne({ id: bulkPosition })) as never;
      docs = await insertApplications(server, p, c, 75, [label(c, 'Ej bedömd'), label(c, 'Kanske'), label(c, 'Ej intressant')]);
    });

    it('pages by name across batches without gaps or repeats', async () => {
      const names: string[] = [];
      let after: unknown;
      do {
        const r = await server.call(reader, 'get_applicantPositionByPosition', { positionId: bulkPosition, sort: 'name', ...(after ? { after } : {}) });
        expect(r.status, r.text).toBe(200);
        names.push(...r.body.data.items.map((a: { info: { name: string } }) => a.info.name));
        after = r.body.data.next;
      } while (after);
      expect(names).toEqual(docs.map((d) => d.info.name).sort());
    });

    it("'Välj alla' resolves every id under the filter, not only the first batch, and one move takes them all", async () => {
      const kanske = label(c, 'Kanske');
      const all = await server.call(reader, 'get_applicantIdsByFilter', { positionId: bulkPosition, labelId: kanske });
      const expected = docs.filter((d) => d.interestLabelId === kanske).map((d) => d.id).sort((a, b) => b - a);
      expect(all.body.data).toEqual({ ids: expected, total: 25 });
      const moved = await server.call(writer, 'update_jobApplicationStatus', { labelId: label(c, 'Intressant'), ids: all.body.data.ids });
      expect(moved.status, moved.text).toBe(200);
      const after = await server.call(reader, 'get_applicantIdsByFilter', { positionId: bulkPosition, labelId: label(c, 'Intressant') });
      expect(after.body.data.ids).toEqual(expected);
      const rest = await server.call(reader, 'get_applicantCounts', { positionId: bulkPosition });
      expect(rest.body.data.total).toBe(75);
    });

    it('sets the Process level of a selection in one call and logs it for each', async () => {
      const chosen = docs.slice(0, 40).map((d) => d.id);
      const r = await server.call(writer, 'update_jobApplicationProcess', { labelId: label(c, 'Intervju'), ids: chosen });
      expect(r.status, r.text).toBe(200);
      const listed = await server.call(reader, 'get_applicantIdsByFilter', { positionId: bulkPosition, processLabelId: label(c, 'Intervju') });
      expect(listed.body.data.ids.sort()).toEqual([...chosen].sort());
      const one = await server.call(reader, 'get_applicantPosition', { id: chosen[0] });
      expect(one.body.data.logs.at(-1)).toMatchObject({ what: 'process', text: 'Processnivå ändrad till Intervju' });
    });

    it('refuses a bulk move that names an applicant a colleague deleted, and changes nobody', async () => {
      const [gone, ...others] = docs.slice(40, 45).map((d) => d.id);
      const del = await server.call(writer, 'delete_jobapplication', { positionId: bulkPosition, id: gone });
      expect(del.status).toBe(200);
      const apps = server.deps.store.collection<ApplicationDoc>('applications');
      const labelsOf = async () => (await apps.find({ id: { $in: others } }, { sort: { id: 1 } })).map((a) => a.interestLabelId);
      const before = await labelsOf();
      const r = await server.call(writer, 'update_jobApplicationStatus', { labelId: label(c, 'Ej intressant'), ids: [gone, ...others] });
      expect(r.status).toBe(404);
      expect(r.body.error.message).toMatch(/har tagits bort av någon annan\. Ingenting ändrades/);
      expect(await labelsOf()).toEqual(before);
      expect(before).not.toEqual(others.map(() => label(c, 'Ej intressant')));
    });
  });
});
