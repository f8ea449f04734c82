import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { demoPositions, insertApplications, label } from './helpers/domain';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

/**
 * Blind scorecards (issue 24 item 4) attacked through the real server: someone who has not
 * rated an applicant learns nothing of its hidden average — not by bisecting `minRating`
 * (seven calls used to read it to ±0.05), not from the rating sort's order or its cursor
 * (which used to be "<id>|<average>"), not from counts or neighbours — and a hand-made or
 * changed cursor is refused in Swedish, never interpreted.
 */
describe.each(storeKinds())('blind ratings on the %s store', (kind) => {
  let server: TestServer;
  let c: ContainerDoc;
  let p: PositionDoc;
  let writer: string;
  let admin: string;
  let reader: string;
  let people: ApplicationDoc[];

  const rate = async (token: string, id: number, score: number) => {
    const { criteria } = (await server.call(token, 'get_positionScoreCriteria', { positionId: p.id })).body.data as { criteria: { id: string }[] };
    const r = await server.call(token, 'upsert_applicantScorecard', { id, scores: criteria.map((x) => ({ criterionId: x.id, score })), overall: 'maybe' });
    expect(r.status, r.text).toBe(200);
  };
  const ours = (ids: number[]) => ids.filter((id) => people.some((x) => x.id === id));
  const listAll = async (token: string, data: Record<string, unknown>) => {
    const ids: number[] = [];
    const cursors: string[] = [];
    let after: string | null = null;
    do {
      const r = await server.call(token, 'get_applicantPositionByPosition', { positionId: p.id, ...data, ...(after ? { after } : {}) });
      expect(r.status, r.text).toBe(200);
      ids.push(...(r.body.data.items as { id: number }[]).map((x) => x.id));
      after = r.body.data.next as string | null;
      if (after) cursors.push(after);
    } while (after);
    return { ids, cursors };
  };

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    ({ container: c, open: p } = await demoPositions(server));
    [writer, admin, reader] = await Promise.all([server.login(DEMO.writer), server.login(DEMO.admin), server.login(DEMO.reader)]);
    people = await insertApplications(server, p, c, 35, [label(c, 'Ej bedömd')], 'blind');
    // Hidden from the reader: the oldest has the highest average (3.5), the newest the lowest (1.5).
    await rate(writer, people[0]!.id, 3);
    await rate(admin, people[0]!.id, 4);
    await rate(writer, people[1]!.id, 2);
    await rate(writer, people[2]!.id, 1);
    await rate(admin, people[2]!.id, 2);
  }, 60_000);
  afterAll(() => server?.close());

  it('answers a 7-step minRating bisection with nothing of a hidden average (ids, counts, rows)', async () => {
    const target = people[0]!.id;
    let lo = 1;
    let hi = 5;
    const answers: number[][] = [];
    for (let step = 0; step < 7; step++) {
      const mid = (lo + hi) / 2;
      const r = await server.call(reader, 'get_applicantIdsByFilter', { positionId: p.id, minRating: mid });
      expect(r.status, r.text).toBe(200);
      answers.push(r.body.data.ids);
      if ((r.body.data.ids as number[]).includes(target)) lo = mid;
      else hi = mid;
    }
    // The reader has rated nobody: the filter keeps no one, whatever the bound.
    expect(answers).toEqual(Array.from({ length: 7 }, () => []));
    expect(Math.abs((lo + hi) / 2 - 3.5)).toBeGreaterThan(1);
    for (const minRating of [1, 3, 3.5, 4]) {
      const counts = await server.call(reader, 'get_applicantCounts', { positionId: p.id, minRating });
      expect(counts.body.data.total).toBe(0);
      expect((await server.call(reader, 'get_applicantPositionByPosition', { positionId: p.id, minRating })).body.data.items).toEqual([]);
    }
    // Once the reader has rated, the filter answers about that applicant (now 4 on average).
    await rate(reader, people[3]!.id, 4);
    expect((await server.call(reader, 'get_applicantIdsByFilter', { positionId: p.id, minRating: 4 })).body.data.ids).toEqual([people[3]!.id]);
    expect((await server.call(reader, 'get_applicantIdsByFilter', { positionId: p.id, minRating: 4.5 })).body.data.ids).toEqual([]);
    // The writer sees the averages of what they rated and filters by them.
    expect((await server.call(writer, 'get_applicantIdsByFilter', { positionId: p.id, minRating: 3, sort: 'rating' })).body.data.ids).toEqual([people[0]!.id]);
  });

  it('orders by rating only what the caller has rated: hidden averages order nothing', async () => {
    const rated = [people[2]!.id, people[1]!.id, people[0]!.id]; // newest first
    const byReader = ours((await listAll(reader, { sort: 'rating' })).ids);
    // The reader's own rating first, then rated by others newest first, then the unrated.
    expect(byReader.slice(0, 4)).toEqual([people[3]!.id, ...rated]);
    expect(new Set(byReader).size).toBe(35);
    const ids = await server.call(reader, 'get_applicantIdsByFilter', { positionId: p.id, sort: 'rating' });
    expect(ours(ids.body.data.ids).slice(0, 4)).toEqual([people[3]!.id, ...rated]);
    const around = await server.call(reader, 'get_applicantNeighbours', { positionId: p.id, id: people[1]!.id, sort: 'rating' });
    expect(around.body.data).toEqual({ prev: people[2]!.id, next: people[0]!.id });
    // The writer, who rated all three, gets them by the team's average.
    expect(ours((await listAll(writer, { sort: 'rating' })).ids).slice(0, 3)).toEqual([people[0]!.id, people[1]!.id, people[2]!.id]);
  });

  it('gives opaque cursors and refuses hand-made, changed and borrowed ones in Swedish', async () => {
    const { cursors } = await listAll(reader, { sort: 'rating' });
    expect(cursors.length).toBeGreaterThan(0);
    for (const cur of cursors) {
      expect(cur).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(Buffer.from(cur, 'base64url').toString('latin1')).not.toMatch(/"(avg|id|phase)"|^\d+\|/);
    }
    const writerNext = (await server.call(writer, 'get_applicantPositionByPosition', { positionId: p.id, sort: 'rating' })).body.data.next as string;
    const newestNext = (await server.call(reader, 'get_applicantPositionByPosition', { positionId: p.id })).body.data.next as string;
    const flipped = cursors[0]!.slice(0, 20) + (cursors[0]![20] === 'A' ? 'B' : 'A') + cursors[0]!.slice(21);
    const refused = { code: 'invalid', message: sv.applicants.server.cursorInvalid, details: [{ path: '/after', message: sv.applicants.server.cursorInvalid }] };
    for (const after of [`${people[0]!.id}|1`, `${people[0]!.id}|`, `${people[0]!.id}|3.5`, 'abc', flipped, writerNext, newestNext]) {
      const r = await server.call(reader, 'get_applicantPositionByPosition', { positionId: p.id, sort: 'rating', after });
      expect(r.status, `${after}: ${r.text}`).toBe(400);
      expect(r.body.error).toEqual(refused);
    }
    const number = await server.call(reader, 'get_applicantPositionByPosition', { positionId: p.id, sort: 'rating', after: people[0]!.id });
    expect(number.status).toBe(400);
    expect(number.body.error.code).toBe('invalid');
  });
});
