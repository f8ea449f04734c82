/**
 * One side of the embedded-store benchmark (store-embedded.ts), in its own process so start
 * time and RSS are the store's alone. `seed <kind> <dir> <total>` fills a DATA_DIR with
 * `total` applications (50 positions, 4 interest labels, ~1 KB each); `measure <kind> <dir>
 * <total>` opens it as a server would (store + domain indexes), then measures the applicant
 * list (label filter; first, middle and last page), the global search and the longest
 * event-loop pause under a mixed write/read load. Prints one JSON line. kind: sqlite | nedb.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ApplicationDoc } from '../../server/domain/core/docs';
import { ensureDomainIndexes } from '../../server/domain/core/indexes';
import { EmbeddedStore } from '../../server/store/embedded';
import { NedbStore } from '../../server/store/nedb';
import { pageByKey } from '../../server/store/paging';
import type { Store } from '../../server/store/port';
import { escapeRegex } from '../../server/store/safe';

const [mode, kind, dir, totalArg] = process.argv.slice(2) as [string, 'sqlite' | 'nedb', string, string];
const TOTAL = Number(totalArg);
const LABELS = [11, 12, 13, 14];
const POSITIONS = 50;
const FIRST_ID = 1_000_000;

function open(): Store {
  return kind === 'sqlite' ? EmbeddedStore.open(dir, { log: { info() {}, warn() {}, error() {} } as never }) : NedbStore.open(dir);
}

function application(i: number): ApplicationDoc {
  const n = String(i).padStart(6, '0');
  const answers: Record<string, unknown> = {
    form_firstname: `Förnamn${n}`,
    form_surname: `Efternamn${n}`,
    form_city: 'Stockholm',
    form_phone: `070-${n}`,
    form_motivation: `Jag söker tjänsten eftersom ${'jag gillar ordning och reda. '.repeat(8)}`,
    form_experience: [{ employer: 'Kommunen', years: i % 20 }],
    form_consent: true,
  };
  return {
    id: FIRST_ID + i,
    containerId: 1,
    positionId: 100 + (i % POSITIONS),
    email: `s${n}@example.se`,
    created: 1_700_000_000 + i,
    metadata: answers,
    formVersion: 1,
    info: { firstname: `Förnamn${n}`, lastname: `Efternamn${n}`, name: `Förnamn${n} Efternamn${n}`, email: `s${n}@example.se`, city: 'Stockholm' },
    interestLabelId: LABELS[i % LABELS.length]!,
    processLabelId: null,
    notes: [],
    notesCount: 0,
    logs: [{ at: 1_700_000_000 + i, what: 'created', text: 'Ansökan inkom' }],
    files: [],
  } as unknown as ApplicationDoc;
}

function pct(list: number[], p: number): number {
  const s = [...list].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
}

async function timed(rounds: number, work: (i: number) => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    await work(i);
    times.push(performance.now() - t);
  }
  return pct(times, 95);
}

async function seed() {
  const store = open();
  await ensureDomainIndexes(store);
  const t0 = performance.now();
  await store.collection('positions').insertMany(
    Array.from({ length: POSITIONS }, (_, i) => ({ id: 100 + i, containerId: 1, name: `Tjänst ${i}`, start: 1_700_000_000 + i, linkId: `l${i}` })),
  );
  const apps = store.collection<ApplicationDoc>('applications');
  for (let start = 0; start < TOTAL; start += 1000) {
    await apps.insertMany(Array.from({ length: Math.min(1000, TOTAL - start) }, (_, k) => application(start + k)));
  }
  await store.collection('counters').insertOne({ _id: 'applications', seq: FIRST_ID + TOTAL } as never);
  const ms = performance.now() - t0;
  await store.close();
  console.log(JSON.stringify({ seedMs: ms }));
}

async function measure() {
  const t0 = performance.now();
  const store = open();
  await ensureDomainIndexes(store);
  const apps = store.collection<ApplicationDoc>('applications');
  const filter = { containerId: 1, interestLabelId: LABELS[1]! };
  await pageByKey(apps, filter, { sortKey: 'id', direction: -1, limit: 30 });
  const startMs = performance.now() - t0;
  const rssStart = process.memoryUsage().rss;

  const ids: number[] = [];
  for (let i = TOTAL - 1; i >= 0; i--) if (LABELS[i % LABELS.length] === filter.interestLabelId) ids.push(FIRST_ID + i);
  const pages: Record<string, number | undefined> = { first: undefined, middle: ids[Math.floor(ids.length / 2)], last: ids[ids.length - 31] };
  const list: Record<string, number> = {};
  for (const [name, after] of Object.entries(pages)) {
    list[name] = await timed(200, async () => {
      const page = await pageByKey(apps, filter, { sortKey: 'id', direction: -1, after, limit: 30, projection: { notes: 0, logs: 0 } });
      if (page.items.length !== 30) throw new Error(`page ${name}: ${page.items.length} items`);
    });
  }
  // The global search's applicant query (domain/search.ts): names and emails, literal, case-insensitive.
  const texts = Array.from({ length: 30 }, (_, i) => (i % 2 ? `efternamn0${String((i * 7919) % 10000).padStart(4, '0')}` : `s0${String((i * 104729) % 100000).padStart(5, '0')}@`));
  const search = await timed(texts.length, async (i) => {
    const rx = { $regex: escapeRegex(texts[i]!), $options: 'i' };
    const hits = await apps.find(
      { containerId: 1, $or: [{ 'info.name': rx }, { email: rx }] },
      { sort: { id: -1 }, limit: 20, projection: { id: 1, positionId: 1, email: 1, info: 1, created: 1 } },
    );
    if (TOTAL >= 100_000 && hits.length === 0) throw new Error(`no hit for ${texts[i]}`);
  });

  // The machine's own noise: the longest gap of an idle event loop over 1 s (shared CPUs).
  const idlePauseMs = await new Promise<number>((res) => {
    let max = 0;
    let prev = performance.now();
    const t = setInterval(() => {
      const now = performance.now();
      max = Math.max(max, now - prev - 5);
      prev = now;
    }, 5);
    setTimeout(() => {
      clearInterval(t);
      res(max);
    }, 1000);
  });

  // Mixed load: applies, label moves and list reads for 3 s, the event loop watched throughout.
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  let maxGap = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    maxGap = Math.max(maxGap, now - last - 5);
    last = now;
  }, 5);
  const until = performance.now() + 3000;
  let writes = 0;
  const worker = async (w: number) => {
    for (let i = 0; performance.now() < until; i++) {
      const id = await store.nextSequence('applications');
      await apps.insertOne({ ...application(TOTAL + w * 100_000 + i), id });
      await apps.updateMany({ id: { $in: [FIRST_ID + ((i * 31 + w) % TOTAL)] } }, { $set: { interestLabelId: LABELS[i % 4]! }, $push: { logs: { at: i, what: 'status', text: 'x' } } });
      await pageByKey(apps, filter, { sortKey: 'id', direction: -1, limit: 30, projection: { notes: 0, logs: 0 } });
      writes += 2;
      await new Promise((r) => setImmediate(r));
    }
  };
  await Promise.all([0, 1, 2, 3].map(worker));
  clearInterval(ticker);
  h.disable();
  const rss = Math.max(rssStart, process.memoryUsage().rss);
  await store.close();
  console.log(JSON.stringify({ startMs, rss, list, search, pauseMs: Math.max(maxGap, h.max / 1e6 - 5), idlePauseMs, writes }));
}

await (mode === 'seed' ? seed() : measure());
process.exit(0);
