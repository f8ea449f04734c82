import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { storeKinds } from '../setup/stores';
import { demoPositions, insertApplications, label } from './helpers/domain';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

/**
 * Issue 27, "50 simultaneous bulk moves": moves over the same applicants, at once, end with
 * every applicant in one move's state, never some on one move's label and some on another's.
 * A move is applied a slice of 100 at a time; two moves naming the same applicants in
 * opposite orders used to interleave their slices and leave them split between the labels.
 */
describe.each(storeKinds())('simultaneous bulk moves on the %s store', (kind) => {
  /** More than one slice per move (label-moves.ts MOVE_SLICE). */
  const COUNT = 300;
  /**
   * The issue's case, fifty moves at once, on the embedded store (the default). FerretDB 1.x,
   * the tests' MongoDB, scans the collection and rewrites each document on every update, and
   * the moves of one organisation run in turn: 15 moves of these 300 took 50 s there, and 50
   * more than 5 minutes (each document's log grows with every move). It gets four, enough for
   * the same interleaving.
   */
  const MOVES = kind === 'embedded' ? 50 : 4;
  let server: TestServer;
  let writer: string;
  let c: ContainerDoc;
  let open: PositionDoc;
  let ids: number[];
  const apps = () => server.deps.store.collection<ApplicationDoc>('applications');

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    writer = await server.login(DEMO.writer);
    ({ container: c, open } = await demoPositions(server));
    ids = (await insertApplications(server, open, c, COUNT, [label(c, 'Ej bedömd')], 'samtidig')).map((a) => a.id);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  /** Each applicant's value of `field`, and how many log lines with each text they got. */
  async function state(field: 'interestLabelId' | 'processLabelId') {
    const docs = await apps().find({ id: { $in: ids } }, { projection: { id: 1, [field]: 1, logs: 1 } });
    return { values: new Set(docs.map((d) => d[field])), docs };
  }

  it.each([
    ['update_jobApplicationStatus', 'interestLabelId', ['Intressant', 'Kanske', 'Ej intressant']],
    ['update_jobApplicationProcess', 'processLabelId', ['Intervju', 'Erbjudande', 'Anställd']],
  ] as const)(`%s: ${MOVES} moves at once, in opposite orders over the same applicants, end on one label`, async (action, field, names) => {
    const targets = names.map((n) => label(c, n));
    const backwards = [...ids].reverse();
    // Forwards and backwards in turn, each to another label than the one before it.
    const moves = Array.from({ length: MOVES }, (_, i) => server.call(writer, action, { labelId: targets[i % targets.length], ids: i % 2 ? backwards : ids }));
    for (const r of await Promise.all(moves)) expect(r.status, r.text).toBe(200);
    const { values, docs } = await state(field);
    expect([...values]).toHaveLength(1);
    expect(targets).toContain([...values][0]);
    // Every applicant's last log line names the label they ended on.
    const last = new Set(docs.map((d) => d.logs.at(-1)?.text));
    expect(last.size).toBe(1);
    expect(await server.deps.store.collection('labelMoves').count({})).toBe(0);
  }, 120_000);
});
