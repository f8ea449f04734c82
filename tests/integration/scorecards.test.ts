import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { demoPositions, insertApplications, label, otherOrganisation } from './helpers/domain';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

/**
 * Scorecards (issue 17 item 2) through the real server: criteria, access (readers rate,
 * outsiders get nothing), the hiding rule, validation, the rating on the list and the board,
 * sort and filter, the CSV's ratings columns, the GDPR export and removal with the application.
 */
describe.each(storeKinds())('scorecards on the %s store', (kind) => {
  let server: TestServer;
  let c: ContainerDoc;
  let p: PositionDoc;
  let admin: string;
  let writer: string;
  let reader: string;
  let outsider: string;
  let people: ApplicationDoc[];

  type Criterion = { id: string; name: string };
  const criteria = async (token = reader) => {
    const r = await server.call(token, 'get_positionScoreCriteria', { positionId: p.id });
    expect(r.status, r.text).toBe(200);
    return r.body.data as { criteria: Criterion[]; isDefault: boolean };
  };
  const all = (list: Criterion[], score: number, comment?: string) => list.map((x) => ({ criterionId: x.id, score, ...(comment ? { comment } : {}) }));
  const rate = (token: string, id: number, scores: unknown, overall = 'yes', extra: Record<string, unknown> = {}) =>
    server.call(token, 'upsert_applicantScorecard', { id, scores, overall, ...extra });
  const cards = () => server.deps.store.collection('scorecards');
  const app = (id: number) => server.deps.store.collection<ApplicationDoc>('applications').findOne({ id });

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    ({ container: c, open: p } = await demoPositions(server));
    admin = await server.login(DEMO.admin);
    writer = await server.login(DEMO.writer);
    reader = await server.login(DEMO.reader);
    outsider = (await otherOrganisation(server)).token;
    people = await insertApplications(server, p, c, 6, [label(c, 'Ej bedömd')], 'betyg');
    // In the board's first column, so their cards are on the board.
    await server.deps.store.collection('applications').updateMany({ id: { $in: people.map((x) => x.id) } }, { $set: { processLabelId: label(c, 'Ny') } });
  }, 60_000);
  afterAll(() => server?.close());

  it('derives the default criteria from the ad (its skills), lets writers edit them and refuses readers', async () => {
    const skill = await server.call(writer, 'add_skillCommand', { containerId: c.id, skill: { id: 0, name: 'Kundbemötande', icon: 'cart', questions: [] } });
    expect(skill.status, skill.text).toBe(200);
    expect((await server.call(writer, 'add_skillPosition', { containerId: c.id, positionId: p.id, skillId: skill.body.data.id })).status).toBe(200);
    const first = await criteria();
    expect(first.isDefault).toBe(true);
    expect(first.criteria.map((x) => x.name)).toContain('Kundbemötande');

    const refused = await server.call(reader, 'update_positionScoreCriteria', { positionId: p.id, criteria: [{ name: 'Noggrannhet' }] });
    expect(refused.status).toBe(403);
    const twice = await server.call(writer, 'update_positionScoreCriteria', { positionId: p.id, criteria: [{ name: 'Noggrannhet' }, { name: ' noggrannhet ' }] });
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toBe('Två kriterier heter noggrannhet. Ge dem olika namn.');
    const forged = await server.call(writer, 'update_positionScoreCriteria', { positionId: p.id, criteria: [{ id: 'finns-inte', name: 'X' }] });
    expect(forged.status).toBe(400);

    const kept = first.criteria.find((x) => x.name === 'Kundbemötande')!;
    const saved = await server.call(writer, 'update_positionScoreCriteria', { positionId: p.id, criteria: [{ id: kept.id, name: 'Bemötande' }, { name: 'Noggrannhet' }] });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data.isDefault).toBe(false);
    expect(saved.body.data.criteria[0]).toEqual({ id: kept.id, name: 'Bemötande' });
    expect((await criteria()).criteria.map((x) => x.name)).toEqual(['Bemötande', 'Noggrannhet']);
  });

  it('lets no one outside the organisation read or rate', async () => {
    const list = (await criteria()).criteria;
    expect((await server.call(outsider, 'get_applicantScorecards', { id: people[0]!.id })).status).toBe(404);
    expect((await rate(outsider, people[0]!.id, all(list, 5))).status).toBe(404);
    expect((await server.call(outsider, 'get_positionScoreCriteria', { positionId: p.id })).status).toBe(404);
    expect(await cards().count({ applicationId: people[0]!.id })).toBe(0);
  });

  it('hides the others\u2019 scorecards and the average until the caller has saved their own', async () => {
    const list = (await criteria()).criteria;
    const id = people[0]!.id;
    const w = await rate(writer, id, all(list, 4, 'Lugn och tydlig'), 'yes', { comment: 'Boka intervju' });
    expect(w.status, w.text).toBe(200);
    expect(w.body.data).toMatchObject({ count: 1, average: 4, hidden: 0, others: [] });
    expect(w.body.data.mine).toMatchObject({ overall: 'yes', comment: 'Boka intervju', average: 4 });

    // The reader has not rated: the writer's scorecard and the average are not in the answer at all.
    const before = await server.call(reader, 'get_applicantScorecards', { id });
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({ criteria: list, mine: null, others: [], count: 1, average: null, hidden: 1 });
    expect(before.text).not.toContain('Lugn och tydlig');
    const row = async (token: string) => {
      const r = await server.call(token, 'get_applicantPositionByPosition', { positionId: p.id });
      return (r.body.data.items as { id: number; rating: { count: number; average: number | null } }[]).find((x) => x.id === id)!;
    };
    expect((await row(reader)).rating).toEqual({ count: 1, average: null });
    expect((await server.call(reader, 'get_applicantPosition', { id })).body.data.rating).toEqual({ count: 1, average: null });

    // A reader rates (1–5 per criterion, Kanske) and then sees everyone's.
    const r = await rate(reader, id, all(list, 2), 'maybe');
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ count: 2, average: 3, hidden: 0 });
    expect(r.body.data.others).toHaveLength(1);
    expect(r.body.data.others[0]).toMatchObject({ raterName: 'Viktor Skribent', overall: 'yes', scores: [{ comment: 'Lugn och tydlig', score: 4 }, { score: 4 }] });
    expect((await row(reader)).rating).toEqual({ count: 2, average: 3 });
    // The admin has rated nothing and still sees only the count.
    expect((await row(admin)).rating).toEqual({ count: 2, average: null });
    expect((await server.call(admin, 'get_applicantScorecards', { id })).body.data).toMatchObject({ others: [], average: null, hidden: 2 });
  });

  it('keeps one scorecard per rater, edited by its rater only, and logs each save without the scores', async () => {
    const list = (await criteria()).criteria;
    const id = people[0]!.id;
    const edited = await rate(reader, id, all(list, 5), 'yes');
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ count: 2, average: 4.5 });
    expect(await cards().count({ applicationId: id })).toBe(2);
    // Nobody edits someone else's: a save always writes the caller's own.
    expect((await server.call(writer, 'get_applicantScorecards', { id })).body.data.mine).toMatchObject({ average: 4, overall: 'yes' });
    const doc = await app(id);
    expect(doc?.ratingAvg).toBe(4.5);
    expect(doc?.ratingCount).toBe(2);
    const logs = (doc?.logs ?? []).filter((l) => l.what === 'scorecard');
    expect(logs.map((l) => l.text)).toEqual(['Bedömning sparad', 'Bedömning sparad', 'Bedömning ändrad']);
    expect(logs.map((l) => l.by)).toEqual(['Viktor Skribent', 'Linnea Läsare', 'Linnea Läsare']);
  });

  it('refuses a scorecard that leaves a criterion out, names one twice, names an unknown one or scores outside 1–5, in Swedish', async () => {
    const list = (await criteria()).criteria;
    const id = people[1]!.id;
    const missing = await rate(admin, id, all(list, 3).slice(0, 1));
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe(`Betygsätt alla kriterier från 1 till 5: ${list[1]!.name} saknar betyg.`);
    const twice = await rate(admin, id, [...all(list, 3), { criterionId: list[0]!.id, score: 2 }]);
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toBe('Varje kriterium kan bara betygsättas en gång.');
    const unknown = await rate(admin, id, [{ criterionId: 'gammalt', score: 3 }, ...all(list, 3)]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details[0].path).toBe('/scores/0/criterionId');
    for (const score of [0, 6, 2.5]) expect((await rate(admin, id, all(list, score))).status).toBe(400);
    expect((await rate(admin, id, all(list, 3), 'kanske')).status).toBe(400);
    expect(await cards().count({ applicationId: id })).toBe(0);
    expect((await app(id))?.ratingCount).toBeUndefined();
  });

  it('sorts the list and the board by rating and filters by it', async () => {
    const list = (await criteria()).criteria;
    // people[0]: 4.5 (2 raters); people[2]: 2; people[3]: 5.
    expect((await rate(writer, people[2]!.id, all(list, 2), 'no')).status).toBe(200);
    expect((await rate(writer, people[3]!.id, all(list, 5), 'yes')).status).toBe(200);
    const order: number[] = [];
    let after: unknown = undefined;
    do {
      const r = await server.call(writer, 'get_applicantPositionByPosition', { positionId: p.id, sort: 'rating', ...(after ? { after } : {}) });
      expect(r.status, r.text).toBe(200);
      order.push(...(r.body.data.items as { id: number }[]).map((x) => x.id));
      after = r.body.data.next;
    } while (after);
    expect(order.slice(0, 3)).toEqual([people[3]!.id, people[0]!.id, people[2]!.id]);
    expect(order.length).toBe(await server.deps.store.collection('applications').count({ positionId: p.id }));
    expect(new Set(order).size).toBe(order.length);

    const ids = await server.call(writer, 'get_applicantIdsByFilter', { positionId: p.id, minRating: 4, sort: 'rating' });
    expect(ids.body.data.ids).toEqual([people[3]!.id, people[0]!.id]);
    const unrated = await server.call(writer, 'get_applicantIdsByFilter', { positionId: p.id, rated: false });
    expect(unrated.body.data.ids).not.toContain(people[2]!.id);
    expect(unrated.body.data.ids).toContain(people[1]!.id);
    const counts = await server.call(writer, 'get_applicantCounts', { positionId: p.id, rated: true });
    expect(counts.body.data.total).toBe(3);
    const next = await server.call(writer, 'get_applicantNeighbours', { positionId: p.id, id: people[0]!.id, sort: 'rating' });
    expect(next.body.data).toEqual({ prev: people[3]!.id, next: people[2]!.id });

    const board = await server.call(writer, 'get_applicantBoard', { positionId: p.id });
    const card = (board.body.data.columns as { cards: { id: number; rating: unknown }[] }[]).flatMap((x) => x.cards).find((x) => x.id === people[0]!.id);
    expect(card?.rating).toEqual({ count: 2, average: 4.5 });
  });

  it('writes the ratings columns into report.csv', async () => {
    const r = await server.call(writer, 'create_applicantsExport', { containerId: c.id, positionId: p.id, sort: 'rating' });
    expect(r.status, r.text).toBe(200);
    const res = await fetch(server.url + r.body.data.url, { headers: { authorization: `Bearer ${writer}` } });
    const lines = (await res.text()).replace(/^\uFEFF/, '').split('\r\n').map((l) => l.split(';'));
    const header = lines[0]!;
    const avg = header.indexOf('Betyg (snitt)');
    const n = header.indexOf('Antal bedömningar');
    expect(avg).toBeGreaterThan(0);
    const byName = (id: number) => lines.find((l) => l[0] === people.find((x) => x.id === id)!.info.name)!;
    expect([byName(people[0]!.id)[avg], byName(people[0]!.id)[n]]).toEqual(['4,5', '2']);
    expect([byName(people[1]!.id)[avg], byName(people[1]!.id)[n]]).toEqual(['', '0']);
  });

  it('keeps the average right when three people save at the same moment', async () => {
    const list = (await criteria()).criteria;
    const id = people[5]!.id;
    const saved = await Promise.all([rate(admin, id, all(list, 1)), rate(writer, id, all(list, 3)), rate(reader, id, all(list, 5))]);
    expect(saved.map((r) => r.status)).toEqual([200, 200, 200]);
    const doc = await app(id);
    expect(doc?.ratingCount).toBe(3);
    expect(doc?.ratingAvg).toBe(3);
    expect([...(doc?.ratedBy ?? [])].sort()).toHaveLength(3);
    expect((doc?.logs ?? []).filter((l) => l.what === 'scorecard')).toHaveLength(3);
  });

  it('puts the scorecards in the GDPR export', async () => {
    const exp = await server.call(admin, 'create_userExport', { containerId: c.id, email: people[0]!.email });
    expect(exp.status, exp.text).toBe(200);
    expect(exp.body.data.counts.scorecards).toBe(2);
    expect(JSON.stringify(exp.body.data.json.collections.scorecards)).toContain('Lugn och tydlig');
  });

  it('answers 404 in Swedish and stores nothing for an application deleted before or during the rating, and removes scorecards with the application', async () => {
    const list = (await criteria()).criteria;
    const gone = people[0]!;
    expect((await server.call(writer, 'delete_jobapplication', { positionId: p.id, id: gone.id })).status).toBe(200);
    expect(await cards().count({ applicationId: gone.id })).toBe(0);
    const late = await rate(reader, gone.id, all(list, 3));
    expect(late.status).toBe(404);
    expect(late.body.error.message).toBe('Hittades inte');
    expect(await cards().count({ applicationId: gone.id })).toBe(0);

    // Deleted while the rating is on its way: the application goes after the policy's check.
    const target = people[4]!;
    const apps = server.deps.store.collection<ApplicationDoc>('applications');
    const findOne = apps.findOne.bind(apps);
    let calls = 0;
    const store = server.deps.store;
    const original = store.collection.bind(store);
    store.collection = ((name: string) => {
      const col = original(name);
      if (name !== 'applications') return col;
      return new Proxy(col, {
        get(t, prop, recv) {
          if (prop !== 'findOne') return Reflect.get(t, prop, recv);
          return async (filter: Record<string, unknown>, opts?: unknown) => {
            // The recount's read (projection id + ratingRev) runs after the scorecard is written.
            if (filter.id === target.id && (opts as { projection?: Record<string, unknown> } | undefined)?.projection?.ratingRev && calls++ === 0) {
              await server.deps.store.collection('applications').deleteOne({ id: target.id });
            }
            return findOne(filter as never, opts as never);
          };
        },
      });
    }) as typeof store.collection;
    try {
      const r = await rate(reader, target.id, all(list, 3));
      expect(r.status).toBe(404);
      expect(r.body.error.message).toBe('Ansökan finns inte längre, den har tagits bort. Ingen bedömning sparades.');
    } finally {
      store.collection = original;
    }
    expect(await cards().count({ applicationId: target.id })).toBe(0);
  });
});
