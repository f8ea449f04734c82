/**
 * Benchmark of issue 15 item 5, "heavy requests never freeze the server", through the real
 * server on the embedded store (the synchronous one, where a long store call holds the whole
 * process; FerretDB scans per query and is measured by server-list):
 *
 * - a bulk label move ('Flytta till status') of 1,000 / 10,000 / 50,000 ids: its time (goal
 *   under 5 s for 50,000), and other users' p99 while it runs beside a quiet server's;
 * - other users' p99 while a 50,000-row report.csv downloads, and while three 500-applicant
 *   PDFs download at once, beside quiet.
 *
 * "Other users" are four staff clients in a loop, each asking for the first page of another
 * position's applicant list (get_applicantPositionByPosition, 30 rows): the request every
 * recruiter makes all day. Quiet is the same load with nothing heavy running, measured in the
 * same run. Goal for each heavy request: p99 at most 2× quiet.
 * Standalone: node --import tsx scripts/bench/heavy-requests.ts
 */
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { loadContainer } from '../../server/domain/organisations/containers';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import type { BenchContext, BenchResult } from './_report';
import { login, startBenchServer, type BenchServer } from './server-common';
import { percentile } from './_stats';

const BIG = Number(process.env.BENCH_HEAVY_SIZE ?? 50_000);
const MOVES = [1_000, 10_000, BIG];
const CLIENTS = 4;
const QUIET_MS = 4_000;

async function seed(server: BenchServer, position: PositionDoc, c: ContainerDoc, count: number, firstId: number, prefix: string) {
  const interest = (c.labels ?? []).filter((l) => l.labelType === 'Interest');
  const apps = server.store.collection<ApplicationDoc>('applications');
  // Received within the last day: the GDPR retention job erases old ones.
  const now = Math.floor(Date.now() / 1000);
  for (let start = 0; start < count; start += 2000) {
    const docs: ApplicationDoc[] = [];
    for (let i = start; i < Math.min(count, start + 2000); i++) {
      const n = String(i).padStart(6, '0');
      docs.push({
        id: firstId + i,
        containerId: c.id,
        positionId: position.id,
        email: `${prefix}${n}@example.se`,
        created: now - 60_000 + i,
        metadata: { form_firstname: 'Åsa', form_surname: `Öberg${n}`, form_city: 'Göteborg', form_mobilePhone: '0701234567', form_referer: 'form_referer_2', form_agreement: true, form_additional: 'Jag söker för att jag gillar människor och kaffe.' },
        formVersion: position.formVersion,
        info: { firstname: 'Åsa', lastname: `Öberg${n}`, name: `Åsa Öberg${n}`, email: `${prefix}${n}@example.se`, city: 'Göteborg', phone: '0701234567' },
        interestLabelId: interest[0]!.id,
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

async function call(server: BenchServer, token: string, action: string, data: unknown): Promise<{ status: number; body: { data?: Record<string, unknown> } }> {
  const res = await fetch(`${server.url}/api/dispatcher`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ action, data }),
  });
  return { status: res.status, body: (await res.json()) as { data?: Record<string, unknown> } };
}

/** Other users' latencies (ms) while `heavy` runs, or for `QUIET_MS` when it is null. */
async function othersDuring(server: BenchServer, token: string, positionId: number, heavy: (() => Promise<unknown>) | null) {
  const latencies: number[] = [];
  let failures = 0;
  let running = true;
  const worker = async () => {
    while (running) {
      const s = performance.now();
      const r = await call(server, token, 'get_applicantPositionByPosition', { positionId }).catch(() => null);
      latencies.push(performance.now() - s);
      if (r?.status !== 200) failures++;
    }
  };
  const workers = Array.from({ length: CLIENTS }, worker);
  // The load is running before the heavy request starts.
  await new Promise((r) => setTimeout(r, 200));
  latencies.length = 0;
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  if (heavy) await heavy();
  else await new Promise((r) => setTimeout(r, QUIET_MS));
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  loop.disable();
  running = false;
  await Promise.all(workers);
  latencies.sort((a, b) => a - b);
  if (failures > 0) throw new Error(`${failures} av de andra användarnas anrop misslyckades`);
  return {
    seconds,
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
    count: latencies.length,
    /** Longest event-loop pause, ms: what any request may have had to wait. */
    pause: loop.max / 1e6,
    /** CPU seconds of the whole process (server, the load's clients, SQLite's threads). */
    cpu: (cpu.user + cpu.system) / 1e6,
  };
}

async function download(server: BenchServer, token: string, url: string): Promise<number> {
  const res = await fetch(server.url + url, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`hämtning gav ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  return bytes;
}

export async function run(ctx?: BenchContext): Promise<BenchResult> {
  const server = await startBenchServer();
  const out: BenchResult = [];
  try {
    const writer = await login(server.url, 'writer@demo.test');
    const reader = await login(server.url, 'reader@demo.test');
    const positions = await server.store.collection<PositionDoc>('positions').find({ containerId: 1 }, { sort: { id: 1 } });
    const [big, small] = positions;
    if (!big || !small) throw new Error('demodatan har färre än två tjänster');
    const c = await loadContainer(server.store, big.containerId);
    const interest = (c.labels ?? []).filter((l) => l.labelType === 'Interest');
    ctx?.progress(`lägger in ${BIG.toLocaleString('sv-SE')} sökande`);
    await seed(server, big, c, BIG, 3_000_000, 'tung');
    await seed(server, small, c, 300, 2_900_000, 'annan');
    const ids = Array.from({ length: BIG }, (_, i) => 3_000_000 + i);
    // Warm: the first list and the first move compile and cache what later ones reuse.
    await othersDuring(server, reader, small.id, () => call(server, writer, 'update_jobApplicationStatus', { labelId: interest[1]!.id, ids: ids.slice(0, 100) }));

    ctx?.progress('tyst server');
    const quiet = await othersDuring(server, reader, small.id, null);
    const peerName = `tyst server (${CLIENTS} klienter)`;
    const others = (what: string, during: { p99: number; max: number; pause: number; cpu: number; seconds: number }) => ({
      name: `andra användares p99 under ${what}`,
      ours: during.p99,
      peer: quiet.p99,
      peerName,
      unit: 'ms',
      goal: { ratioAtMost: 2 },
      note: `längsta svar ${during.max.toFixed(0)} ms (tyst ${quiet.max.toFixed(0)}), längsta paus i händelseloopen ${during.pause.toFixed(0)} ms (tyst ${quiet.pause.toFixed(0)}), processens CPU ${during.cpu.toFixed(1)} s på ${during.seconds.toFixed(1)} s`,
    });

    for (const [i, n] of MOVES.entries()) {
      const label = interest[(i % (interest.length - 1)) + 1]!.id;
      ctx?.progress(`flytta ${n.toLocaleString('sv-SE')} sökande`);
      let status = 0;
      const during = await othersDuring(server, reader, small.id, async () => {
        status = (await call(server, writer, 'update_jobApplicationStatus', { labelId: label, ids: ids.slice(0, n) })).status;
      });
      if (status !== 200) throw new Error(`flytten av ${n} gav ${status}`);
      const moved = await server.store.collection('applications').count({ positionId: big.id, interestLabelId: label });
      if (moved < n) throw new Error(`bara ${moved} av ${n} flyttades`);
      const what = `flytt av ${n.toLocaleString('sv-SE')} id`;
      out.push({ name: `${what}, tid`, ours: during.seconds, unit: 's', ...(n >= 50_000 ? { goal: { atMost: 5 } } : {}) });
      out.push(others(what, during));
    }

    ctx?.progress(`report.csv av ${BIG.toLocaleString('sv-SE')}`);
    const csv = await othersDuring(server, reader, small.id, async () => {
      const r = await call(server, writer, 'create_applicantsExport', { containerId: c.id, positionId: big.id });
      await download(server, writer, String(r.body.data?.url));
    });
    out.push({ name: `report.csv ${BIG.toLocaleString('sv-SE')} rader, tid`, ours: csv.seconds, unit: 's' });
    out.push(others(`report.csv ${BIG.toLocaleString('sv-SE')} rader`, csv));

    ctx?.progress('tre PDF:er à 500 sökande');
    const pdf = await othersDuring(server, reader, small.id, async () => {
      const tickets = await Promise.all(
        [0, 1, 2].map((k) => call(server, writer, 'create_ApplicantPDFExport', { positionId: big.id, items: ids.slice(k * 500, (k + 1) * 500) })),
      );
      await Promise.all(tickets.map((t) => download(server, writer, String(t.body.data?.url))));
    });
    out.push({ name: 'tre PDF:er à 500 sökande samtidigt, tid', ours: pdf.seconds, unit: 's' });
    out.push(others('tre PDF:er à 500 sökande', pdf));
    out.push(`tyst server: p99 ${quiet.p99.toFixed(1)} ms, ${quiet.count} anrop på ${quiet.seconds.toFixed(1)} s; maskinens last (1 min) ${loadavg()[0]!.toFixed(1)}`);
  } finally {
    await server.close();
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const line of await run({ progress: (m) => console.log(`  … ${m}`) })) console.log(line);
}
