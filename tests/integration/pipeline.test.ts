import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { demoPositions, insertApplications, label } from './helpers/domain';
import { DEMO, startTestServer, type TestServer } from './helpers/server';
import { startSmtp, type TestSmtp } from './helpers/smtp';

/**
 * Issue 26 item 2, one pipeline: the board shows the Interest status (a rejected applicant is
 * marked, a switch hides them, the board counts the people the list counts), Process levels
 * have mail templates, and a board move by two people at once to a level with a template
 * mails the applicant once.
 */
describe.each(storeKinds())('one pipeline on the %s store', (kind) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let c: ContainerDoc;
  let p: PositionDoc;
  let writer: string;
  let admin: string;
  let reader: string;
  let people: ApplicationDoc[];

  type Card = { id: number; rejected: boolean; interestLabelId: number | null };
  type Column = { labelId: number; count: number; rejected: number; cards: Card[] };
  const board = async (data: Record<string, unknown> = {}) => {
    const r = await server.call(reader, 'get_applicantBoard', { positionId: p.id, ...data });
    expect(r.status).toBe(200);
    return r.body.data as { rejectedLabelId: number | null; columns: Column[] };
  };
  const doc = (id: number) => server.deps.store.collection<ApplicationDoc>('applications').findOne({ id });

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer({ kind, seed: true, config: { smtpUrl: smtp.url } });
    ({ container: c, open: p } = await demoPositions(server));
    [writer, admin, reader] = await Promise.all([server.login(DEMO.writer), server.login(DEMO.admin), server.login(DEMO.reader)]);
    people = await insertApplications(server, p, c, 3, [label(c, 'Ej bedömd'), label(c, 'Ej intressant'), label(c, 'Intressant')], 'pipeline');
    // Applied as the apply flow stores it: on the default Process level 'Ny'.
    await server.deps.store.collection<ApplicationDoc>('applications').updateMany({ id: { $in: people.map((x) => x.id) } }, { $set: { processLabelId: label(c, 'Ny') } });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  it("marks the 'Ej intressant' applicant on the board, hides them on request, and counts the people the list counts", async () => {
    const ny = label(c, 'Ny');
    const shown = await board();
    expect(shown.rejectedLabelId).toBe(label(c, 'Ej intressant'));
    const column = shown.columns.find((x) => x.labelId === ny)!;
    const card = (id: number) => column.cards.find((x) => x.id === id);
    expect(card(people[1]!.id)).toMatchObject({ rejected: true, interestLabelId: label(c, 'Ej intressant') });
    expect(card(people[0]!.id)).toMatchObject({ rejected: false, interestLabelId: label(c, 'Ej bedömd') });
    expect(column.rejected).toBeGreaterThanOrEqual(1);

    const hidden = (await board({ hideRejected: true })).columns.find((x) => x.labelId === ny)!;
    expect(hidden.cards.some((x) => x.rejected)).toBe(false);
    expect(hidden.cards.map((x) => x.id)).not.toContain(people[1]!.id);
    expect(hidden.count).toBe(column.count - column.rejected);
    expect(hidden.rejected).toBe(column.rejected);

    // The list's total (no filter) is the board's people, rejected ones included.
    const counts = await server.call(reader, 'get_applicantCounts', { positionId: p.id });
    expect(counts.status).toBe(200);
    expect(shown.columns.reduce((n, x) => n + x.count, 0)).toBe(counts.body.data.total);
  });

  it('keeps a mail template per Process level and position type', async () => {
    const intervju = label(c, 'Intervju');
    const saved = await server.call(writer, 'update_containerTemplate', {
      containerId: c.id, positionTypeId: p.positionTypeId, labelId: intervju, subject: 'Välkommen på intervju, {firstname}', content: '<p>Vi vill träffa dig om {position}.</p>',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ labelId: intervju, name: 'Intervju' });
    const list = await server.call(reader, 'get_emailTemplates', { containerId: c.id, positionTypeId: p.positionTypeId, labelId: intervju });
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

    const template = (await server.call(reader, 'get_emailTemplates', { containerId: c.id, positionTypeId: p.positionTypeId, labelId: intervju })).body.data[0];
    smtp.mails.length = 0;
    const send = (token: string) =>
      server.call(token, 'send_emailToApplicants', { positionId: p.id, recipients: [a.id], subject: template.subject, body: template.content, labelId: intervju });
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
