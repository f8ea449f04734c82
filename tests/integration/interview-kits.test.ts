import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import { formatStockholmDateTime } from '../../engine/dates';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { demoPositions, insertApplications, label, otherOrganisation } from './helpers/domain';
import { pdfPageTexts } from './helpers/pdf';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

/**
 * Interview kits and a scorecard per interview (issue 30 item 2) through the real server:
 * writers edit a kit per process level (readers read it, outsiders get nothing); a booked
 * interview is rated on its kit's criteria under the hiding rule of that interview; its
 * scorecards are in the GDPR export and go with the application.
 */
describe.each(storeKinds())('interview kits on the %s store', (kind) => {
  let server: TestServer;
  let c: ContainerDoc;
  let p: PositionDoc;
  let admin: string;
  let writer: string;
  let reader: string;
  let outsider: string;
  let people: ApplicationDoc[];
  let level: number;
  /** Interviews of people[0]: a booked one and one still waiting; one of people[1]. */
  let booked: number;
  let waiting: number;
  let othersInterview: number;

  type Criterion = { id: string; name: string };
  const kit = (token: string, data: Record<string, unknown>) => server.call(token, 'update_positionInterviewKit', { positionId: p.id, processLabelId: level, questions: [], criteria: [], ...data });
  const view = (token: string, id: number, interviewId?: number) => server.call(token, 'get_applicantScorecards', { id, ...(interviewId ? { interviewId } : {}) });
  const rate = (token: string, id: number, interviewId: number, scores: unknown, comment?: string) =>
    server.call(token, 'upsert_applicantScorecard', { id, interviewId, scores, overall: 'yes', ...(comment ? { comment } : {}) });
  const all = (list: Criterion[], score: number) => list.map((x) => ({ criterionId: x.id, score }));
  const cards = () => server.deps.store.collection('scorecards');
  const offer = async (applicationId: number, start: number) => {
    const writerId = (await server.deps.store.collection('users').findOne({ email: DEMO.writer }))!.id as number;
    const r = await server.call(writer, 'create_interviewSlots', { applicationId, interviewers: [writerId], place: 'Storgatan 1', slots: [{ start, minutes: 30 }] });
    expect(r.status, r.text).toBe(200);
    return r.body.data.interviews[0].id as number;
  };
  /** The applicant's booking from the mailed link is issue 30 item 1's (interviews.test.ts); here the interview is put on its time directly. */
  const markBooked = (id: number) => server.deps.store.collection('interviews').updateOne({ id }, { $set: { status: 'booked', start: 2_000_000_000, minutes: 30 } });

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    ({ container: c, open: p } = await demoPositions(server));
    admin = await server.login(DEMO.admin);
    writer = await server.login(DEMO.writer);
    reader = await server.login(DEMO.reader);
    outsider = (await otherOrganisation(server, `kit${kind}`)).token;
    level = label(c, 'Intervju');
    people = await insertApplications(server, p, c, 2, [label(c, 'Ej bedömd')], `kit${kind}`);
    await server.deps.store.collection('applications').updateMany({ id: { $in: people.map((x) => x.id) } }, { $set: { processLabelId: level } });
    const start = Math.ceil(server.deps.now() / 300) * 300 + 30 * 86_400;
    booked = await offer(people[0]!.id, start);
    waiting = await offer(people[0]!.id, start + 3600);
    othersInterview = await offer(people[1]!.id, start + 7200);
    await markBooked(booked);
    await markBooked(othersInterview);
  }, 60_000);
  afterAll(() => server?.close());

  it('lets writers edit a kit per process level, readers read it, and refuses readers, outsiders and bad input in Swedish', async () => {
    expect((await kit(reader, { questions: ['Berätta om dig själv'] })).status).toBe(403);
    expect((await server.call(outsider, 'get_positionInterviewKits', { positionId: p.id })).status).toBe(404);
    const unknown = await kit(writer, { processLabelId: label(c, 'Ej bedömd'), questions: ['Fråga'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe('Processnivån finns inte i organisationen. Ladda om sidan.');
    const twice = await kit(writer, { criteria: [{ name: 'Samarbete' }, { name: ' samarbete' }] });
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toBe('Två kriterier heter samarbete. Ge dem olika namn.');
    expect((await kit(writer, { questions: ['   '] })).body.error.message).toBe('En fråga behöver en text.');

    const saved = await kit(writer, { questions: ['Berätta om ett svårt samtal', ' Varför  just oss? '], criteria: [{ name: 'Samarbete' }, { name: 'Kommunikation' }] });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data.kits).toHaveLength(1);
    expect(saved.body.data.kits[0]).toMatchObject({ processLabelId: level, questions: ['Berätta om ett svårt samtal', 'Varför just oss?'] });
    const read = await server.call(reader, 'get_positionInterviewKits', { positionId: p.id });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(saved.body.data);

    // Both lists empty removes the kit; the next save makes it again.
    expect((await kit(writer, {})).body.data.kits).toEqual([]);
    expect((await kit(writer, { questions: ['Berätta om ett svårt samtal'], criteria: [{ name: 'Samarbete' }, { name: 'Kommunikation' }] })).status).toBe(200);
  });

  it('rates a booked interview on its kit, hiding the others\u2019 scorecards of that interview until the caller has saved theirs', async () => {
    const id = people[0]!.id;
    const first = await view(reader, id, booked);
    expect(first.status, first.text).toBe(200);
    const list = first.body.data.criteria as Criterion[];
    expect(list.map((x) => x.name)).toEqual(['Samarbete', 'Kommunikation']);
    expect(first.body.data).toMatchObject({ questions: ['Berätta om ett svårt samtal'], mine: null, others: [], count: 0, hidden: 0 });

    // The position's criteria are not this interview's.
    const general = (await server.call(writer, 'get_positionScoreCriteria', { positionId: p.id })).body.data.criteria as Criterion[];
    expect((await rate(writer, id, booked, all(general, 3))).status).toBe(400);

    const w = await rate(writer, id, booked, all(list, 4), 'Lyssnade väl');
    expect(w.status, w.text).toBe(200);
    expect(w.body.data).toMatchObject({ count: 1, average: 4, hidden: 0 });
    const before = await view(reader, id, booked);
    expect(before.body.data).toMatchObject({ mine: null, others: [], count: 1, average: null, hidden: 1 });
    expect(before.text).not.toContain('Lyssnade väl');
    // The application's own scorecards are another set: the interview's is not among them.
    expect((await view(reader, id)).body.data).toMatchObject({ count: 0, hidden: 0 });

    const r = await rate(reader, id, booked, all(list, 2));
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ count: 2, average: 3, hidden: 0 });
    expect(r.body.data.others[0]).toMatchObject({ raterName: 'Viktor Skribent', comment: 'Lyssnade väl' });
    // The same rater may also rate the application itself: one scorecard per interview and rater.
    const own = await server.call(writer, 'upsert_applicantScorecard', { id, scores: all(general, 5), overall: 'maybe' });
    expect(own.status, own.text).toBe(200);
    expect(own.body.data).toMatchObject({ count: 1, average: 5 });
    expect(await cards().count({ applicationId: id })).toBe(3);
    const doc = await server.deps.store.collection<ApplicationDoc>('applications').findOne({ id });
    expect(doc).toMatchObject({ ratingCount: 3, ratingAvg: 3.67 });
    expect([...(doc?.ratedBy ?? [])]).toHaveLength(2);
    expect((doc?.logs ?? []).filter((l) => l.what === 'scorecard').map((l) => l.text)).toEqual(['Intervjubedömning sparad', 'Intervjubedömning sparad', 'Bedömning sparad']);
  });

  it('refuses an interview not booked (409) and one of another application or organisation (404), storing nothing', async () => {
    const id = people[0]!.id;
    const list = (await view(writer, id, booked)).body.data.criteria as Criterion[];
    const count = await cards().count({});
    const notBooked = await rate(writer, id, waiting, all(list, 3));
    expect(notBooked.status).toBe(409);
    expect(notBooked.body.error.message).toBe('Intervjun är inte bokad. Bedöm den när den har en bokad tid.');
    expect((await rate(writer, id, othersInterview, all(list, 3))).status).toBe(404);
    expect((await view(writer, id, othersInterview)).status).toBe(404);
    expect((await view(outsider, id, booked)).status).toBe(404);
    expect(await cards().count({})).toBe(count);
  });

  it('puts the interview scorecards in the GDPR export and removes them with the application', async () => {
    const gone = people[0]!;
    const exp = await server.call(admin, 'create_userExport', { containerId: c.id, email: gone.email });
    expect(exp.status, exp.text).toBe(200);
    expect(exp.body.data.counts.scorecards).toBe(3);
    const held = exp.body.data.json.collections.scorecards as { interviewId?: number; comment?: string }[];
    expect(held.find((x) => x.interviewId === booked)).toMatchObject({ comment: 'Lyssnade väl' });
    // The PDF says which interview a scorecard rates: the booked time.
    const start = (await server.deps.store.collection<{ id: number; start: number }>('interviews').findOne({ id: booked }))!.start;
    const pdf = (await pdfPageTexts(Buffer.from(exp.body.data.pdf, 'base64'))).join('\n');
    expect(pdf).toContain(`${sv.gdpr.fields.interview}: ${formatStockholmDateTime(start)}`);

    expect((await server.call(writer, 'delete_jobapplication', { positionId: p.id, id: gone.id })).status).toBe(200);
    expect(await cards().count({ applicationId: gone.id })).toBe(0);
    expect(await server.deps.store.collection('interviews').count({ applicationId: gone.id })).toBe(0);
    // The kit is the position's and stays.
    expect((await server.call(writer, 'get_positionInterviewKits', { positionId: p.id })).body.data.kits).toHaveLength(1);
  });
});
