/**
 * Benchmark of issue 9: report.csv of 10,000 and 50,000 applicants through the real server
 * (create_applicantsExport, then GET of the ticket's url, the body read to the end), time and
 * peak memory (RSS above the level before the export, sampled every 5 ms). Ours streams
 * key-paged batches of 500 through csv-stringify, so its peak should stay flat as the count
 * grows; the peer printed beside it is the naive way: every application read at once, joined
 * with the labels and the form in memory and written as one string (csv-stringify/sync).
 * Embedded store (FerretDB scans per query and is measured by server-list).
 * Standalone: node --import tsx scripts/bench/export-csv.ts
 */
import { pathToFileURL } from 'node:url';
import { stringify } from 'csv-stringify/sync';
import { loadContainer } from '../../server/domain/organisations/containers';
import type { ApplicationDoc, PositionDoc } from '../../server/domain/core/docs';
import { answerColumns, answerText, appliedDate } from '../../server/domain/exports/exports';
import type { BenchContext, BenchResult } from './_report';
import { login, startBenchServer, type BenchServer } from './server-common';
import { gc } from './_stats';

const SIZES = (process.env.BENCH_EXPORT_SIZES ?? '10000,50000').split(',').map(Number);

async function seedUpTo(server: BenchServer, position: PositionDoc, from: number, to: number) {
  const c = await loadContainer(server.store, position.containerId);
  const interest = (c.labels ?? []).filter((l) => l.labelType === 'Interest');
  const apps = server.store.collection<ApplicationDoc>('applications');
  // Received within the last day: the GDPR retention job (a minute after start) erases old ones.
  const now = Math.floor(Date.now() / 1000);
  for (let start = from; start < to; start += 2000) {
    const docs: ApplicationDoc[] = [];
    for (let i = start; i < Math.min(to, start + 2000); i++) {
      const n = String(i).padStart(6, '0');
      docs.push({
        id: 2_000_000 + i,
        containerId: c.id,
        positionId: position.id,
        email: `export${n}@example.se`,
        created: now - 60_000 + i,
        metadata: { form_firstname: 'Åsa', form_surname: `Öberg${n}`, form_city: 'Göteborg', form_mobilePhone: '0701234567', form_referer: 'form_referer_2', form_agreement: true, form_additional: 'Jag söker för att jag gillar människor och kaffe.' },
        formVersion: position.formVersion,
        info: { firstname: 'Åsa', lastname: `Öberg${n}`, name: `Åsa Öberg${n}`, email: `export${n}@example.se`, city: 'Göteborg', phone: '0701234567' },
        interestLabelId: interest[i % interest.length]!.id,
        processLabelId: null,
        notes: [],
        notesCount: 0,
        logs: [{ at: now - 60_000 + i, what: 'created', text: 'Ansökan inkom' }],
        files: [],
      });
    }
    await apps.insertMany(docs);
  }
}

const heapNow = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external + m.arrayBuffers;
};

interface Measured {
  ms: number;
  /** Highest live heap (after a full collection; JS heap, external and array buffers) above the level before, MB. */
  liveMb: number;
  /** Highest RSS above the level before, MB (in one process it only shows growth). */
  rssMb: number;
  rows: number;
}

/**
 * Runs `work` twice: once timed, once calling a full garbage collection at its probes so the
 * samples show what the export keeps alive (garbage waiting for the collector would make
 * any streaming export look like it grows).
 */
async function measure(work: (probe: () => void) => Promise<number>): Promise<Measured> {
  gc();
  await new Promise((r) => setTimeout(r, 50));
  const baseRss = process.memoryUsage().rss;
  let rss = baseRss;
  const rssTimer = setInterval(() => (rss = Math.max(rss, process.memoryUsage().rss)), 5);
  const t0 = performance.now();
  const rows = await work(() => undefined);
  const ms = performance.now() - t0;
  clearInterval(rssTimer);
  rss = Math.max(rss, process.memoryUsage().rss);

  gc();
  await new Promise((r) => setTimeout(r, 50));
  const baseHeap = heapNow();
  let live = baseHeap;
  // The store and the sync CSV writer block the event loop, so the work itself calls probe()
  // at its fullest moments instead of a timer.
  await work(() => {
    gc();
    live = Math.max(live, heapNow());
  });
  return { ms, liveMb: (live - baseHeap) / 1024 / 1024, rssMb: (rss - baseRss) / 1024 / 1024, rows };
}

async function ours(server: BenchServer, token: string, position: PositionDoc, probe: () => void = () => undefined): Promise<number> {
  const res = await fetch(`${server.url}/api/dispatcher`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ action: 'create_applicantsExport', data: { containerId: position.containerId, positionId: position.id } }),
  });
  const { data } = (await res.json()) as { data: { url: string } };
  const file = await fetch(server.url + data.url, { headers: { authorization: `Bearer ${token}` } });
  let lines = 0;
  let chunks = 0;
  for await (const chunk of file.body as unknown as AsyncIterable<Uint8Array>) {
    for (const b of chunk) if (b === 10) lines++;
    if (++chunks % 5 === 0) probe();
  }
  return lines - 1;
}

/** The naive peer: everything in memory at once, one string at the end. */
async function naive(server: BenchServer, position: PositionDoc, probe: () => void = () => undefined): Promise<number> {
  const c = await loadContainer(server.store, position.containerId);
  const columns = await answerColumns(server.store, position);
  const labels = new Map((c.labels ?? []).map((l) => [l.id, l.name]));
  const all = await server.store.collection<ApplicationDoc>('applications').find({ containerId: c.id, positionId: position.id }, { sort: { id: -1 } });
  const rows = all.map((a) => [
    a.info.name, a.email, a.info.phone ?? '', a.info.city ?? '', labels.get(a.interestLabelId ?? -1) ?? '', labels.get(a.processLabelId ?? -1) ?? '',
    appliedDate(a.created), ...columns.map((k) => answerText(k, a.metadata[k.key])),
  ]);
  const text = stringify([['Namn', 'E-post', 'Telefon', 'Ort', 'Status', 'Processnivå', 'Ansökt', ...columns.map((k) => k.label)], ...rows], { delimiter: ';', bom: true, record_delimiter: 'windows' });
  probe();
  return text.split('\r\n').length - 2;
}

export async function run(ctx?: BenchContext): Promise<BenchResult> {
  const server = await startBenchServer();
  const out: BenchResult = [];
  try {
    const token = await login(server.url, 'writer@demo.test');
    // One position per size (the demo's two), so no size has to be deleted for the next.
    const positions = await server.store.collection<PositionDoc>('positions').find({ containerId: 1 }, { sort: { id: 1 } });
    const sizes = [...SIZES].sort((a, b) => a - b);
    if (positions.length < sizes.length) throw new Error(`demodatan har ${positions.length} tjänster, behöver ${sizes.length}`);
    const results: { size: number; position: PositionDoc; ours: Measured; peer: Measured }[] = [];
    let next = 0;
    for (const [i, size] of sizes.entries()) {
      ctx?.progress(`lägger in ${size.toLocaleString('sv-SE')} sökande`);
      await seedUpTo(server, positions[i]!, next, next + size);
      next += size;
      results.push({ size, position: positions[i]!, ours: { ms: NaN, liveMb: NaN, rssMb: NaN, rows: 0 }, peer: { ms: NaN, liveMb: NaN, rssMb: NaN, rows: 0 } });
    }
    // One export first, uncounted: the first request compiles and warms what every later one reuses.
    await ours(server, token, results[0]!.position);
    for (const r of results) {
      ctx?.progress(`report.csv av ${r.size.toLocaleString('sv-SE')}`);
      r.ours = await measure((probe) => ours(server, token, r.position, probe));
      if (r.ours.rows !== r.size) throw new Error(`report.csv hade ${r.ours.rows} rader, väntade ${r.size}`);
    }
    // The peer after ours: its memory, once the process has grown, would hide ours.
    for (const r of results) {
      ctx?.progress(`naiv jämförelse, ${r.size.toLocaleString('sv-SE')}`);
      r.peer = await measure((probe) => naive(server, r.position, probe));
      if (r.peer.rows !== r.size) throw new Error(`naiv jämförelse gav ${r.peer.rows} rader, väntade ${r.size}`);
    }
    for (const r of results) {
      const n = r.size.toLocaleString('sv-SE');
      out.push({ name: `report.csv ${n} sökande, tid`, ours: r.ours.ms / 1000, peer: r.peer.ms / 1000, peerName: 'allt i minnet, en sträng', unit: 's' });
      out.push({ name: `report.csv ${n} sökande, minnestopp (levande heap)`, ours: r.ours.liveMb, peer: r.peer.liveMb, peerName: 'allt i minnet, en sträng', unit: 'MB' });
      out.push({ name: `report.csv ${n} sökande, RSS-ökning`, ours: r.ours.rssMb, peer: r.peer.rssMb, peerName: 'allt i minnet, en sträng', unit: 'MB', note: 'i samma process: visar bara tillväxt' });
    }
    const first = results[0]!;
    const last = results[results.length - 1]!;
    if (last !== first) {
      out.push({
        name: `minnestopp (levande heap) ${last.size.toLocaleString('sv-SE')} ÷ ${first.size.toLocaleString('sv-SE')} (platt = 1)`,
        ours: Math.max(last.ours.liveMb, 1) / Math.max(first.ours.liveMb, 1),
        peer: Math.max(last.peer.liveMb, 1) / Math.max(first.peer.liveMb, 1),
        peerName: 'allt i minnet, en sträng',
        unit: '×',
        goal: { atMost: 2 },
        note: `antalet växer ${(last.size / first.size).toFixed(0)}×`,
      });
    }
  } finally {
    await server.close();
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const line of await run({ progress: (m) => console.log(`  … ${m}`) })) console.log(line);
}
