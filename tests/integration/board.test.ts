import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { demoPositions, insertApplications, label } from './helpers/domain';
import { DEMO, startTestServer, type TestServer } from './helpers/server';
import { startSmtp, type TestSmtp } from './helpers/smtp';

/**
 * The pipeline board (issue 17 item 1): its read, and a move as the board makes it. And one
 * pipeline (issue 26 item 2): the board shows the Interest status, Process levels have mail
 * templates, and two people who move the same applicant at once mail it once.
 */
describe.each(storeKinds())('the pipeline board on the %s store', (kind) => {
  let server: TestServer;
  let smtp: TestSmtp;
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
    smtp = await startSmtp();
    server = await startTestServer({ kind, seed: true, config: { smtpUrl: smtp.url } });
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
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

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

  describe('one pipeline (issue 26)', () => {
    let open: PositionDoc;
    type PipelineCard = { id: number; rejected: boolean; interestLabelId: number | null };
    type PipelineColumn = { labelId: number; count: number; rejected: number; cards: PipelineCard[] };
    const pipeline = async (data: Record<string, unknown> = {}) => {
      const r = await server.call(reader, 'get_applicantBoard', { positionId: open.id, ...data });
      expect(r.status).toBe(200);
      return r.body.data as { rejectedLabelId: number | null; columns: PipelineColumn[] };
    };

    let admin: string;
    let people: ApplicationDoc[];
    beforeAll(async () => {
      ({ open } = await demoPositions(server));
      admin = await server.login(DEMO.admin);
      people = await insertApplications(server, open, c, 3, [label(c, 'Ej bedömd'), label(c, 'Ej intressant'), label(c, 'Intressant')], 'pipeline');
      // Applied as the apply flow stores it: on the default Process level 'Ny'.
      await server.deps.store.collection<ApplicationDoc>('applications').updateMany({ id: { $in: people.map((x) => x.id) } }, { $set: { processLabelId: label(c, 'Ny') } });
    });

    it("marks the 'Ej intressant' applicant on the board, hides them on request, and counts the people the list counts", async () => {
      const ny = label(c, 'Ny');
      const shown = await pipeline();
      expect(shown.rejectedLabelId).toBe(label(c, 'Ej intressant'));
      const column = shown.columns.find((x) => x.labelId === ny)!;
      const card = (id: number) => column.cards.find((x) => x.id === id);
      expect(card(people[1]!.id)).toMatchObject({ rejected: true, interestLabelId: label(c, 'Ej intressant') });
      expect(card(people[0]!.id)).toMatchObject({ rejected: false, interestLabelId: label(c, 'Ej bedömd') });
      expect(column.rejected).toBeGreaterThanOrEqual(1);

      const hidden = (await pipeline({ hideRejected: true })).columns.find((x) => x.labelId === ny)!;
      expect(hidden.cards.some((x) => x.rejected)).toBe(false);
      expect(hidden.cards.map((x) => x.id)).not.toContain(people[1]!.id);
      expect(hidden.count).toBe(column.count - column.rejected);
      expect(hidden.rejected).toBe(column.rejected);

      // The list's total (no filter) is the board's people, rejected ones included.
      const counts = await server.call(reader, 'get_applicantCounts', { positionId: open.id });
      expect(counts.status).toBe(200);
      expect(shown.columns.reduce((n, x) => n + x.count, 0)).toBe(counts.body.data.total);
    });

    it('keeps a mail template per Process level and position type', async () => {
      const intervju = label(c, 'Intervju');
      const saved = await server.call(writer, 'update_containerTemplate', {
        containerId: c.id, positionTypeId: open.positionTypeId, labelId: intervju, subject: 'Välkommen på intervju, {firstname}', content: '<p>Vi vill träffa dig om {position}.</p>',
      });
      expect(saved.status).toBe(200);
      expect(saved.body.data).toMatchObject({ labelId: intervju, name: 'Intervju' });
      const list = await server.call(reader, 'get_emailTemplates', { containerId: c.id, positionTypeId: open.positionTypeId, labelId: intervju });
      expect(list.body.data).toEqual([expect.objectContaining({ labelId: intervju, subject: 'Välkommen på intervju, {firstname}' })]);
    });

    it('mails once when two people move the same applicant to a level with a template at once and both accept the offer', async () => {
      const intervju = label(c, 'Intervju');
      const a = people[0]!;
      const move = (token: string) => server.call(token, 'update_jobApplicationProcess', { labelId: intervju, ids: [a.id] });
      const moves = await Promise.all([move(writer), move(admin)]);
      expect(moves.map((r) => r.status)).toEqual([200, 200]);
      // Nothing half-done: the applicant is on the level, moved (and logged) once.
      const after = await doc(a.id);
      expect(after).toMatchObject({ processLabelId: intervju, processMove: expect.any(String) });
      expect(after!.logs.filter((l) => l.what === 'process')).toHaveLength(1);

      const template = (await server.call(reader, 'get_emailTemplates', { containerId: c.id, positionTypeId: open.positionTypeId, labelId: intervju })).body.data[0];
      smtp.mails.length = 0;
      const send = (token: string) =>
        server.call(token, 'send_emailToApplicants', { positionId: open.id, recipients: [a.id], subject: template.subject, body: template.content, labelId: intervju });
      const sends = await Promise.all([send(writer), send(admin)]);
      expect(sends.map((r) => r.status)).toEqual([200, 200]);
      const answers = sends.map((r) => r.body.data as { sent: number[]; alreadySent?: { id: number }[] });
      expect(answers.flatMap((x) => x.sent)).toEqual([a.id]);
      expect(answers.flatMap((x) => (x.alreadySent ?? []).map((y) => y.id))).toEqual([a.id]);
      const [mail] = await smtp.waitFor(1);
      expect(mail!.subject).toBe(`Välkommen på intervju, ${a.info.firstname}`);
      // The one-applicant send (the applicant page) holds to the same arrival.
      const one = await server.call(admin, 'send_email', { applicantId: a.id, email: a.email, subject: template.subject, body: template.content, labelId: intervju });
      expect(one.body.data).toMatchObject({ sent: [], alreadySent: [{ id: a.id }] });
      expect((await doc(a.id))!.logs.filter((l) => l.what === 'email')).toHaveLength(1);

      // A new arrival on the level is mailed again.
      expect((await server.call(writer, 'update_jobApplicationProcess', { labelId: label(c, 'Ny'), ids: [a.id] })).status).toBe(200);
      expect((await move(writer)).status).toBe(200);
      expect((await send(admin)).body.data.sent).toEqual([a.id]);
      await smtp.waitFor(2);
    });
  });
});
