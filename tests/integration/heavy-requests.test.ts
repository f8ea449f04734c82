import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import { createApp } from '../../server/app';
import { createLogger } from '../../server/log';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import type { LabelMoveDoc } from '../../server/domain/applicants/label-moves';
import { storeKinds } from '../setup/stores';
import { demoPositions, label } from './helpers/domain';
import { DEMO, startTestServer, type TestServer } from './helpers/server';

/**
 * Issue 15 item 5, "heavy requests never freeze the server": a bulk move of as many ids as
 * the schema allows (50,000), the 'Ansökta tjänster' filter over 60,000 applicants, search
 * texts the trigram index cannot answer, and other requests answered while a long move or
 * report runs. The embedded store takes the full sizes (today: 500 above 32,766 ids, SQLite's
 * parameter limit, and a move that holds the process for seconds); FerretDB scans every
 * collection per query, so the mongo run uses small sizes of the same cases.
 */
describe.each(storeKinds())('heavy requests on the %s store', (kind) => {
  const full = kind === 'embedded';
  /** Applicants of the open position (the ones moved); all of them also applied to the internal one. */
  const MOVED = full ? 50_000 : 300;
  /** Applicants of the internal position ('Ansökta tjänster' looks them up by email). */
  const OTHERS = full ? 60_000 : 400;
  let server: TestServer;
  let writer: string;
  let reader: string;
  let c: ContainerDoc;
  let open: PositionDoc;
  let internal: PositionDoc;
  let ids: number[];
  const apps = () => server.deps.store.collection<ApplicationDoc>('applications');

  async function seed(p: PositionDoc, count: number, firstId: number) {
    const batch: ApplicationDoc[] = [];
    for (let i = 0; i < count; i++) {
      const n = String(i).padStart(5, '0');
      batch.push({
        id: firstId + i, containerId: c.id, positionId: p.id, email: `tung${n}@example.se`, created: 1_700_000_000 + i,
        metadata: { form_firstname: 'Örjan', form_agreement: true }, formVersion: p.formVersion,
        info: { firstname: 'Örjan', lastname: `Ström${n}`, name: `Örjan Ström${n}`, email: `tung${n}@example.se` },
        interestLabelId: label(c, 'Ej bedömd'), processLabelId: null, notes: [], notesCount: 0, logs: [], files: [],
      });
      if (batch.length === 5000) await apps().insertMany(batch.splice(0));
    }
    if (batch.length) await apps().insertMany(batch);
  }

  /**
   * Runs `heavy` while asking for a small public page in a loop, one request at a time: how
   * many answers came back while the heavy request was still unanswered. A server that holds
   * its event loop for the whole heavy request answers at most the one ping that was waiting
   * (it is answered with the heavy request, at its end); sliced work answers ping after ping
   * meanwhile. A count of answers, not a time: a loaded machine slows both sides alike.
   */
  async function answeredDuring(heavy: () => Promise<void>): Promise<number> {
    let running = true;
    let meanwhile = 0;
    const ping = async () => {
      while (running) {
        const r = await server.request('GET', '/api/public/containers/demo');
        expect(r.status).toBe(200);
        if (running) meanwhile++;
        // FerretDB answers every query by a scan: there the loop only paces itself, so it
        // does not slow the heavy request it runs beside (nothing is asserted on it there).
        if (!full) await new Promise((r) => setTimeout(r, 100));
      }
    };
    const pinging = ping();
    try {
      await heavy();
    } finally {
      running = false;
      await pinging;
    }
    return meanwhile;
  }

  /** On the embedded store (synchronous: the one a long call can freeze) others are answered again and again meanwhile. */
  function expectAnsweredMeanwhile(meanwhile: number) {
    if (full) expect(meanwhile).toBeGreaterThanOrEqual(3);
  }

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    writer = await server.login(DEMO.writer);
    reader = await server.login(DEMO.reader);
    ({ container: c, open, internal } = await demoPositions(server));
    await seed(internal, OTHERS, 20_000_000);
    await seed(open, MOVED, 10_000_000);
    ids = Array.from({ length: MOVED }, (_, i) => 10_000_000 + i);
  }, 240_000);
  afterAll(async () => {
    await server?.close();
  });

  it(`filters 'Ansökta tjänster' against a position with ${OTHERS.toLocaleString('sv-SE')} applicants`, async () => {
    const query = { positionId: open.id, appliedPositionIds: [internal.id] };
    const page = await server.call(reader, 'get_applicantPositionByPosition', query);
    expect(page.status, page.text).toBe(200);
    expect(page.body.data.items).toHaveLength(30);
    expect(page.body.data.items[0].id).toBe(ids.at(-1));
    const all = await server.call(reader, 'get_applicantIdsByFilter', query);
    expect(all.status, all.text).toBe(200);
    expect(all.body.data.total).toBe(MOVED);
    expect(new Set(all.body.data.ids)).toEqual(new Set(ids));
    const counts = await server.call(reader, 'get_applicantCounts', query);
    expect(counts.body.data.total).toBe(MOVED);
    // And the other way round: of the internal position's applicants, those who applied to the open one.
    const back = await server.call(reader, 'get_applicantCounts', { positionId: internal.id, appliedPositionIds: [open.id] });
    expect(back.body.data.total).toBe(MOVED);
  }, 240_000);

  it(`moves ${MOVED.toLocaleString('sv-SE')} applicants in one call, every one to the new label, and answers others meanwhile`, async () => {
    const target = label(c, 'Intressant');
    let status = 0;
    const during = await answeredDuring(async () => {
      const r = await server.call(writer, 'update_jobApplicationStatus', { labelId: target, ids });
      status = r.status;
    });
    expect(status).toBe(200);
    expect(await apps().count({ positionId: open.id, interestLabelId: target })).toBe(MOVED);
    const one = await server.call(reader, 'get_applicantPosition', { id: ids[12_345 % MOVED] });
    expect(one.body.data.logs).toEqual([expect.objectContaining({ what: 'status', text: 'Status ändrad till Intressant' })]);
    // Nothing left to replay: the move is complete.
    expect(await server.deps.store.collection('labelMoves').count({})).toBe(0);
    expectAnsweredMeanwhile(during);
  }, 240_000);

  it('refuses a move naming an applicant a colleague deleted, and changes nobody', async () => {
    const [gone] = ids.splice(7, 1);
    expect((await server.call(writer, 'delete_jobapplication', { positionId: open.id, id: gone })).status).toBe(200);
    const r = await server.call(writer, 'update_jobApplicationStatus', { labelId: label(c, 'Kanske'), ids: [...ids, gone] });
    expect(r.status).toBe(404);
    expect(r.body.error.message).toBe(sv.applicants.server.applicantsGone);
    expect(await apps().count({ positionId: open.id, interestLabelId: label(c, 'Kanske') })).toBe(0);
  }, 240_000);

  it('moves all or none when a colleague deletes one of the applicants while the move runs', async () => {
    const target = label(c, 'Ej intressant');
    const victim = ids.at(-1)!;
    const moving = server.call(writer, 'update_jobApplicationStatus', { labelId: target, ids });
    const deleted = await server.call(writer, 'delete_jobapplication', { positionId: open.id, id: victim });
    expect(deleted.status).toBe(200);
    const moved = await moving;
    expect(await apps().count({ id: victim })).toBe(0);
    const onTarget = await apps().count({ positionId: open.id, interestLabelId: target });
    // Deleted before the check: refused and nobody moved; after it: everyone else moved.
    if (moved.status === 404) expect(onTarget).toBe(0);
    else {
      expect(moved.status).toBe(200);
      expect(onTarget).toBe(ids.length - 1);
    }
    ids.pop();
  }, 240_000);

  it('finishes at the next start a move the stopped process left half-applied', async () => {
    const target = label(c, 'Kanske');
    const log = { at: 1_700_000_000, what: 'status', by: 'Wera Writer', text: 'Status ändrad till Kanske' };
    const move: LabelMoveDoc = { _id: 'avbruten-flytt', field: 'interestLabelId', labelId: target, log, ids, created: 1_700_000_000 };
    await server.deps.store.collection<LabelMoveDoc>('labelMoves').insertOne(move);
    // The process "died" after the first part: those applicants are moved and logged once.
    const half = ids.slice(0, Math.floor(ids.length / 2));
    await apps().updateMany({ id: { $in: half.slice(0, 250) } }, { $set: { interestLabelId: target }, $push: { logs: log } });
    const restarted = await createApp(server.config, { store: server.deps.store, log: createLogger({ silent: true }) });
    try {
      expect(await apps().count({ positionId: open.id, interestLabelId: target })).toBe(ids.length);
      expect(await server.deps.store.collection('labelMoves').count({})).toBe(0);
      const first = await apps().findOne({ id: half[0]! });
      expect(first!.logs.filter((l) => l.text === log.text)).toHaveLength(1);
    } finally {
      await restarted.close(100);
    }
  }, 240_000);

  it('answers others while a report.csv of every applicant downloads', async () => {
    let lines = 0;
    const during = await answeredDuring(async () => {
      const r = await server.call(writer, 'create_applicantsExport', { containerId: c.id, positionId: open.id });
      expect(r.status, r.text).toBe(200);
      const res = await fetch(server.url + r.body.data.url, { headers: { authorization: `Bearer ${writer}` } });
      lines = (await res.text()).split('\r\n').length - 2;
    });
    expect(lines).toBe(ids.length);
    expectAnsweredMeanwhile(during);
  }, 240_000);
});

describe.each(storeKinds())('search and filter texts the index cannot use, on the %s store', (kind) => {
  let server: TestServer;
  let reader: string;
  let c: ContainerDoc;
  let open: PositionDoc;

  beforeAll(async () => {
    server = await startTestServer({ kind, seed: true });
    reader = await server.login(DEMO.reader);
    ({ container: c, open } = await demoPositions(server));
    const base = { containerId: c.id, positionId: open.id, created: 1_700_000_000, metadata: {}, formVersion: open.formVersion, interestLabelId: label(c, 'Ej bedömd'), processLabelId: null, notes: [], logs: [], files: [] };
    await server.deps.store.collection<ApplicationDoc>('applications').insertMany([
      { ...base, id: 9_000_001, email: 'under@example.se', info: { firstname: 'Ulla', lastname: 'Under___Streck', name: 'Ulla Under___Streck', email: 'under@example.se' } },
      { ...base, id: 9_000_002, email: 'procent@example.se', info: { firstname: 'Per', lastname: 'Procent%%', name: 'Per Procent%%', email: 'procent@example.se' } },
      { ...base, id: 9_000_003, email: 'vanlig@example.se', info: { firstname: 'Vera', lastname: 'Vanlig', name: 'Vera Vanlig', email: 'vanlig@example.se' } },
    ]);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  const list = (filter: string) => server.call(reader, 'get_applicantPositionByPosition', { positionId: open.id, filter });
  const search = (filter: string) => server.call(reader, 'get_applicantPositionBySearchQuery', { containerId: c.id }, `?filter=${encodeURIComponent(filter)}`);

  it.each(['😀a', '%%', ' a ', 'ab'])('refuses %j in Swedish at the field: fewer than three characters have no trigram', async (text) => {
    const r = await list(text);
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([{ path: '/filter', message: sv.searchText.tooShort }]);
    const s = await search(text);
    expect(s.status).toBe(400);
    expect(s.body.error.details).toEqual([{ path: '?filter', message: sv.searchText.tooShort }]);
    for (const action of ['get_applicantIdsByFilter', 'get_applicantCounts', 'create_applicantsExport']) {
      const r2 = await server.call(reader, action, { ...(action === 'create_applicantsExport' ? { containerId: c.id } : {}), positionId: open.id, filter: text });
      expect(r2.status, action).toBe(400);
      expect(r2.body.error.message).toBe(sv.searchText.tooShort);
    }
  });

  it("matches '___' and '%%%' literally (no LIKE wildcards), only the applicant who has them", async () => {
    const under = await list('___');
    expect(under.status).toBe(200);
    expect(under.body.data.items.map((a: { email: string }) => a.email)).toEqual(['under@example.se']);
    expect((await search('___')).body.data.applicants.map((a: { email: string }) => a.email)).toEqual(['under@example.se']);
    expect((await list('t%%')).body.data.items.map((a: { email: string }) => a.email)).toEqual(['procent@example.se']);
    expect((await list('%%%')).body.data.items).toEqual([]);
  });

  it('refuses 200 characters of one letter in Swedish, and searches 100 of them without finding anyone', async () => {
    const long = await list('a'.repeat(200));
    expect(long.status).toBe(400);
    expect(long.body.error.details).toEqual([expect.objectContaining({ path: '/filter' })]);
    const s = await search('a'.repeat(200));
    expect(s.status).toBe(400);
    expect(s.body.error.details).toEqual([{ path: '?filter', message: sv.searchText.tooLong }]);
    const hundred = await list('a'.repeat(100));
    expect(hundred.status).toBe(200);
    expect(hundred.body.data.items).toEqual([]);
  });

  it('still finds a name by three characters, emoji counted as one', async () => {
    expect((await list('a Vanl')).body.data.items.map((a: { email: string }) => a.email)).toEqual(['vanlig@example.se']);
    expect((await search('😀ab')).status).toBe(200);
  });
});
