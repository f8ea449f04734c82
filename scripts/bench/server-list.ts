/**
 * Benchmark of issue 3: the applicant list, 30 of 100,000 applicants in one container with a
 * label filter, first, middle and last page, through the real server (HTTP dispatcher, token,
 * policy, key-based pagination), p95 latency on the embedded store (and on FerretDB with
 * BENCH_LIST_STORES=embedded,mongo, its binary installed: scripts/install-ferretdb.sh). Goal: p95 < 50 ms on each page. The
 * peer printed beside it is the same page read from the store directly (no HTTP, no policy).
 *
 * The 100,000 applicants are inserted with insertMany in batches straight into the store.
 * Standalone: node --import tsx scripts/bench/server-list.ts
 */
import { pathToFileURL } from 'node:url';
import { loadContainer } from '../../server/domain/organisations/containers';
import type { ApplicationDoc, PositionDoc } from '../../server/domain/core/docs';
import { pageByKey } from '../../server/store';
import { ferretDbBinary, startFerretDb } from '../ferretdb';
import { formatFigure, isFigure, type BenchContext, type BenchResult } from './_report';
import { load, login, ms, startBenchServer, type BenchServer } from './server-common';

const TOTAL = Number(process.env.BENCH_LIST_TOTAL ?? 100_000);
const BATCH = 1000;
const ROUNDS = 40;
/** A store that scans per query (FerretDB 1.x) gets fewer rounds: at least 5, at most ~15 s a page. */
const BUDGET_MS = 15_000;
const GOAL_MS = 50;
/** `embedded` (default) or `embedded,mongo`: FerretDB 1.x scans per query, minutes at 100,000 — opt in. */
const STORES = (process.env.BENCH_LIST_STORES ?? 'embedded').split(',');

async function seed(server: BenchServer) {
  const store = server.store;
  const c = await loadContainer(store, 1);
  const position = (await store.collection<PositionDoc>('positions').findOne({ containerId: c.id, isInternal: false }))!;
  const interest = (c.labels ?? []).filter((l) => l.labelType === 'Interest');
  const apps = store.collection<ApplicationDoc>('applications');
  const firstId = 1_000_000;
  for (let start = 0; start < TOTAL; start += BATCH) {
    const docs: ApplicationDoc[] = [];
    for (let i = start; i < Math.min(TOTAL, start + BATCH); i++) {
      const n = String(i).padStart(6, '0');
      docs.push({
        id: firstId + i,
        containerId: c.id,
        positionId: position.id,
        email: `s${n}@example.se`,
        created: 1_700_000_000 + i,
        metadata: { form_firstname: `Förnamn${n}`, form_surname: `Efternamn${n}`, form_city: 'Stockholm' },
        formVersion: 1,
        info: { firstname: `Förnamn${n}`, lastname: `Efternamn${n}`, name: `Förnamn${n} Efternamn${n}`, email: `s${n}@example.se`, city: 'Stockholm' },
        interestLabelId: interest[i % interest.length]!.id,
        processLabelId: null,
        notes: [],
        notesCount: 0,
        logs: [{ at: 1_700_000_000 + i, what: 'created', text: 'Ansökan inkom' }],
        files: [],
      });
    }
    await apps.insertMany(docs);
  }
  const labelId = interest[1]!.id;
  // The label's ids, newest first, to pick the `after` keys of the middle and last pages.
  const ids: number[] = [];
  for (let i = TOTAL - 1; i >= 0; i--) if (interest[i % interest.length]!.id === labelId) ids.push(firstId + i);
  const middle = ids[Math.floor(ids.length / 2)]!;
  const last = ids[ids.length - 31]!;
  return { c, position, labelId, pages: { first: undefined, middle, last } as Record<string, number | undefined> };
}

async function measure(kind: string, server: BenchServer, say: (m: string) => void): Promise<BenchResult> {
  const t0 = performance.now();
  say(`${kind}: fyller ${TOTAL.toLocaleString('sv-SE')} sökande`);
  const { c, labelId, pages } = await seed(server);
  const seeded = (performance.now() - t0) / 1000;
  const token = await login(server.url, 'reader@demo.test');
  const out: BenchResult = [`  ${kind}: ${TOTAL.toLocaleString('sv-SE')} sökande fyllda på ${seeded.toFixed(1)} s`];
  for (const [name, after] of Object.entries(pages)) {
    const data = { containerId: c.id, positionId: -1, labelId, ...(after ? { after } : {}) };
    const body = JSON.stringify({ action: 'get_applicantPositionByLabel', data });
    const call = async () => {
      const res = await fetch(`${server.url}/api/dispatcher`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
      });
      const json = (await res.json()) as { data?: { items: unknown[] } };
      return res.status === 200 && json.data?.items.length === 30;
    };
    const w0 = performance.now();
    await load(3, 1, call);
    const rounds = Math.max(5, Math.min(ROUNDS, Math.floor(BUDGET_MS / ((performance.now() - w0) / 3))));
    const http = await load(rounds, 1, call);
    const filter = { containerId: c.id, interestLabelId: labelId };
    const direct = await load(rounds, 1, async () => {
      const page = await pageByKey(server.store.collection<ApplicationDoc>('applications'), filter, {
        sortKey: 'id', direction: -1, after, limit: 30, projection: { notes: 0, logs: 0 },
      });
      return page.items.length === 30;
    });
    out.push({
      name: `${kind}: lista 30 via HTTP, ${({ first: 'första', middle: 'mittersta', last: 'sista' } as Record<string, string>)[name]} sidan, p95`,
      ours: http.p95,
      peer: direct.p95,
      peerName: 'samma sida direkt ur lagret',
      unit: 'ms',
      goal: { atMost: GOAL_MS },
      note: `p50 ${ms(http.p50)}, ${rounds} varv${http.failures ? `, ${http.failures} misslyckades` : ''}`,
    });
  }
  return out;
}

export async function run(ctx?: BenchContext): Promise<BenchResult> {
  const say = ctx?.progress ?? ((m: string) => console.log(`  … ${m}`));
  const lines: BenchResult = [];
  if (STORES.includes('embedded')) {
    const embedded = await startBenchServer();
    try {
      lines.push(...(await measure('inbäddat lager', embedded, say)));
    } finally {
      await embedded.close();
    }
  }
  if (!STORES.includes('mongo')) return lines;
  const bin = process.env.MONGODB_URI ? null : ferretDbBinary();
  const ferret = bin ? await startFerretDb(bin) : null;
  const uri = process.env.MONGODB_URI ?? ferret?.uri;
  if (!uri) {
    lines.push('  FerretDB: inte installerad (bash scripts/install-ferretdb.sh), mongo-körningen hoppades över');
    return lines;
  }
  try {
    const mongo = await startBenchServer({ mongoUri: uri });
    try {
      lines.push(...(await measure(process.env.MONGODB_URI ? 'MongoDB (MONGODB_URI)' : 'FerretDB (SQLite)', mongo, say)));
    } finally {
      await mongo.close();
    }
  } finally {
    await ferret?.stop();
  }
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const item of await run()) console.log(isFigure(item) ? formatFigure(item) : item);
}
