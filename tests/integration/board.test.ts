import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { demoPositions, label } from './helpers/domain';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

/** The pipeline board (issue 17 item 1): its read, and a move as the board makes it. */
describe.each(storeKinds())('the pipeline board on the %s store', (kind) => {
  let server: TestServer;
  let c: ContainerDoc;
  let p: PositionDoc;
  let writer: string;
  let reader: string;
  let ny: number;
  let intervju: number;
  const ids: number[] = [];
  const DAY = 86_400;

  type Column = { labelId: number; name: string; count: number; cards: { id: number; name: string; days: number; unread: boolean; rating: { count: number; average: number | null } }[]; next: number | null };
  const board = async (token: string, data: Record<string, unknown> = {}) => {
    const r = await server.call(token, 'get_applicantBoard', { positionId: p.id, ...data });
    expect(r.status).toBe(200);
    return r.body.data.columns as Column[];
  };
  const columnOf = (cols: Column[], labelId: number) => cols.find((x) => x.labelId === labelId)!;
  const doc = (id: number) => server.deps.store.collection<ApplicationDoc>('applications').findOne({ id });

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    ({ container: c, internal: p } = await demoPositions(server));
    writer = await server.login(DEMO.writer);
    reader = await server.login(DEMO.reader);
    ny = label(c, 'Ny');
    intervju = label(c, 'Intervju');
    const now = server.deps.now();
    const docs: ApplicationDoc[] = [];
    // 65 in 'Ny' (three batches of the column), applied 5 days ago.
    for (let i = 0; i < 65; i++) {
      const id = await server.deps.store.nextSequence('applications');
      ids.push(id);
      const email = `tavla${i}@example.se`;
      docs.push({
        id, containerId: c.id, positionId: p.id, email, created: now - 5 * DAY, metadata: {}, formVersion: p.formVersion,
        info: { firstname: `Kort${i}`, lastname: 'Tavlasson', name: `Kort${i} Tavlasson`, email },
        interestLabelId: label(c, 'Ej bedömd'), processLabelId: ny, notes: [], logs: [], files: [],
      });
    }
    await server.deps.store.collection<ApplicationDoc>('applications').insertMany(docs);
    // The newest one has written to the organisation and nobody on staff has read it.
    await server.deps.store.collection('chatChannels').insertOne({
      id: await server.deps.store.nextSequence('chatChannels'), containerId: c.id, email: 'tavla64@example.se', name: 'Kort64 Tavlasson',
      created: now, updated: now, lastText: 'Hej', lastFrom: 'candidate', unreadStaff: 1, unreadCandidate: 0,
    });
  });
  afterAll(() => server?.close());

  it('shows one column per Process level with its count and the first 30 cards, newest first', async () => {
    const cols = await board(reader);
    expect(cols.map((x) => x.name)).toEqual(['Ny', 'Intervju', 'Erbjudande', 'Anställd']);
    const first = columnOf(cols, ny);
    const before = await server.deps.store.collection('applications').count({ positionId: p.id, processLabelId: ny });
    expect(first.count).toBe(before);
    expect(first.cards).toHaveLength(30);
    expect(first.cards[0]).toEqual({ id: ids[64], name: 'Kort64 Tavlasson', days: 5, unread: true, rating: { count: 0, average: null }, interestLabelId: label(c, 'Ej bedömd'), rejected: false });
    expect(first.cards[1]).toMatchObject({ id: ids[63], unread: false });
  });

  it('pages a column by key ("Visa fler") until its last card', async () => {
    const seen: number[] = [];
    let next: number | null = null;
    do {
      const [col]: Column[] = await board(reader, { processLabelId: ny, ...(next ? { after: next } : {}) });
      seen.push(...col!.cards.map((x) => x.id));
      next = col!.next;
    } while (next !== null);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(columnOf(await board(reader), ny).count);
    expect(seen.slice(0, 65)).toEqual([...ids].reverse());
  });

  it('moves a card with one call, logs who and when, and restarts the days in the stage', async () => {
    const id = ids[10]!;
    const r = await server.call(writer, 'update_jobApplicationProcess', { labelId: intervju, ids: [id] });
    expect(r.status).toBe(200);
    const a = await doc(id);
    expect(a?.processLabelId).toBe(intervju);
    const entry = a?.logs.at(-1);
    expect(entry).toMatchObject({ what: 'process', text: 'Processnivå ändrad till Intervju' });
    expect(entry?.by).toBeTruthy();
    expect(a?.processSince).toBe(entry?.at);
    expect(a?.processHistory).toEqual([{ labelId: intervju, at: entry?.at }]);
    const cols = await board(reader);
    expect(columnOf(cols, intervju).cards.find((x) => x.id === id)).toMatchObject({ days: 0 });
    expect(columnOf(cols, ny).cards.some((x) => x.id === id)).toBe(false);
  });

  it('keeps the time of every stage: a second move appends to the history', async () => {
    const id = ids[10]!;
    await server.call(writer, 'update_jobApplicationProcess', { labelId: label(c, 'Erbjudande'), ids: [id] });
    const a = await doc(id);
    expect(a?.processHistory?.map((h) => h.labelId)).toEqual([intervju, label(c, 'Erbjudande')]);
    expect(a?.processHistory?.[1]?.at).toBe(a?.processSince);
  });

  it('changes and logs nothing when a card is moved to the column it is in', async () => {
    const id = ids[20]!;
    const before = await doc(id);
    const r = await server.call(writer, 'update_jobApplicationProcess', { labelId: ny, ids: [id] });
    expect(r.status).toBe(200);
    const after = await doc(id);
    expect(after?.logs).toEqual(before?.logs);
    expect(after?.processSince).toBeUndefined();
  });

  it('lets the last of two moves at once win, with one whole state and both logged', async () => {
    const id = ids[30]!;
    const [a, b] = await Promise.all([
      server.call(writer, 'update_jobApplicationProcess', { labelId: intervju, ids: [id] }),
      server.call(writer, 'update_jobApplicationProcess', { labelId: label(c, 'Anställd'), ids: [id] }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const d = await doc(id);
    const last = d!.processHistory!.at(-1)!;
    // Label, clock and history agree: the level it is in is the last one it was moved to.
    expect(d?.processLabelId).toBe(last.labelId);
    expect(d?.processSince).toBe(last.at);
    expect(d?.logs.filter((l) => l.what === 'process')).toHaveLength(2);
    const cols = await board(reader);
    const holding = cols.filter((x) => x.cards.some((card) => card.id === id));
    expect(holding.map((x) => x.labelId)).toEqual([last.labelId]);
  });

  it('refuses a move by a reader with 403 and changes nothing', async () => {
    const id = ids[40]!;
    const r = await server.call(reader, 'update_jobApplicationProcess', { labelId: intervju, ids: [id] });
    expect(r.status).toBe(403);
    expect((await doc(id))?.processLabelId).toBe(ny);
  });

  it('answers a move of a deleted applicant with 404 and a Swedish message', async () => {
    const id = ids[50]!;
    await server.deps.store.collection('applications').deleteOne({ id });
    const r = await server.call(writer, 'update_jobApplicationProcess', { labelId: intervju, ids: [id] });
    expect(r.status).toBe(404);
    expect(r.body.error.message).toMatch(/tagits bort/);
  });

  it('refuses a column that is no Process level, and `after` without a column', async () => {
    const wrong = await server.call(reader, 'get_applicantBoard', { positionId: p.id, processLabelId: label(c, 'Intressant') });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toMatch(/[åäö]/);
    expect((await server.call(reader, 'get_applicantBoard', { positionId: p.id, after: 5 })).status).toBe(400);
  });
});
