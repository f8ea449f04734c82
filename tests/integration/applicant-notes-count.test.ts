import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { applyTo, demoPositions, insertApplications, label, validAnswers } from './helpers/domain';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

type Row = { id: number; notesCount: number };

describe.each(storeKinds())('notes counted on the list rows on the %s store', (kind) => {
  let server: TestServer;
  let c: ContainerDoc;
  let open: PositionDoc;
  let writer: string;
  let reader: string;
  let fresh: number;
  let legacy: number;

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    ({ container: c, open } = await demoPositions(server));
    writer = await server.login(DEMO.writer);
    reader = await server.login(DEMO.reader);
    const r = await applyTo(server, open.id, 'anteckna@example.se', validAnswers('anteckna@example.se'));
    expect(r.status).toBe(201);
    fresh = r.body.data.id;
    // An application stored before the counter existed: two notes and no notesCount.
    const [old] = await insertApplications(server, open, c, 1, [label(c, 'Ej bedömd')], 'gammal');
    legacy = old!.id;
    const notes = [1, 2].map((n) => ({ id: 900_000 + n, note: `Gammal anteckning ${n}`, created: 1_700_000_000 + n, author: 'Viktor Skribent' }));
    await server.deps.store.collection<ApplicationDoc>('applications').updateOne({ id: legacy }, { $set: { notes } });
  });
  afterAll(() => server?.close());

  const stored = (id: number) => server.deps.store.collection<ApplicationDoc>('applications').findOne({ id });
  const rows = async (): Promise<Row[]> => {
    const byPosition = await server.call(reader, 'get_applicantPositionByPosition', { positionId: open.id });
    const byLabel = await server.call(reader, 'get_applicantPositionByLabel', { containerId: c.id, positionId: open.id });
    expect(byLabel.body.data.items.map((a: Row) => [a.id, a.notesCount])).toEqual(byPosition.body.data.items.map((a: Row) => [a.id, a.notesCount]));
    return byPosition.body.data.items;
  };
  const countOf = async (id: number) => (await rows()).find((a) => a.id === id)?.notesCount;

  it('starts a new application at zero notes, stored on the document', async () => {
    expect((await stored(fresh))?.notesCount).toBe(0);
    expect(await countOf(fresh)).toBe(0);
  });

  it('counts each note in the list, from the counter written with the note', async () => {
    for (const note of ['Ring på måndag', 'Bra intervju']) {
      expect((await server.call(writer, 'create_JobApplicantNote', { id: fresh, note })).status).toBe(200);
    }
    expect((await stored(fresh))?.notesCount).toBe(2);
    expect(await countOf(fresh)).toBe(2);
    const mine = await server.call(reader, 'get_applicantPositions', { containerId: c.id, email: 'anteckna@example.se' });
    expect(mine.body.data[0].notesCount).toBe(2);
  });

  it('counts the notes of an application written before the counter, and gives it the counter with its next note', async () => {
    expect((await stored(legacy))?.notesCount).toBeUndefined();
    expect(await countOf(legacy)).toBe(2);
    expect((await server.call(writer, 'create_JobApplicantNote', { id: legacy, note: 'Tredje' })).status).toBe(200);
    expect((await stored(legacy))?.notesCount).toBe(3);
    expect(await countOf(legacy)).toBe(3);
    expect((await server.call(writer, 'create_JobApplicantNote', { id: legacy, note: 'Fjärde' })).status).toBe(200);
    expect((await stored(legacy))?.notes).toHaveLength(4);
    expect(await countOf(legacy)).toBe(4);
  });

  it('keeps the count exact when notes arrive at the same moment', async () => {
    const before = (await stored(fresh))!.notesCount!;
    const all = await Promise.all(Array.from({ length: 5 }, (_, i) => server.call(writer, 'create_JobApplicantNote', { id: fresh, note: `Samtidig ${i}` })));
    expect(all.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const after = (await stored(fresh))!;
    expect(after.notesCount).toBe(before + 5);
    expect(after.notes).toHaveLength(before + 5);
  });

  it('keeps the count exact when the first notes of an application written before the counter arrive together', async () => {
    const [old] = await insertApplications(server, open, c, 1, [label(c, 'Ej bedömd')], 'samtidig');
    const note = { id: 910_000, note: 'Gammal', created: 1_700_000_000, author: 'Viktor Skribent' };
    await server.deps.store.collection<ApplicationDoc>('applications').updateOne({ id: old!.id }, { $set: { notes: [note] } });
    const all = await Promise.all(Array.from({ length: 4 }, (_, i) => server.call(writer, 'create_JobApplicantNote', { id: old!.id, note: `Ny ${i}` })));
    expect(all.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const after = (await stored(old!.id))!;
    expect(after.notes).toHaveLength(5);
    expect(after.notesCount).toBe(5);
  });
});
