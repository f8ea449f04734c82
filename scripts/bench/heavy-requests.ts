/**
 * Benchmark of issue 15 item 5 and issue 27 item 4, "heavy requests never freeze the others",
 * through the real server (server/main.ts) on the embedded store (the synchronous one, where
 * a long store call holds the whole process; FerretDB scans per query and is measured by
 * server-list). Server, the other users' load and this process (which sends the heavy request)
 * are three processes, as in production:
 *
 * - a bulk label move ('Flytta till status') of 1,000 / 10,000 / 50,000 ids: its time (goal
 *   under 2 s for 50,000) and other users' p99 while it runs;
 * - other users' p99 while a 50,000-row report.csv downloads, and while three 500-applicant
 *   PDFs download at once.
 *
 * "Other users" are four staff clients in a loop (scripts/bench/_load-child.ts), each asking
 * for the first page of another position's applicant list (get_applicantPositionByPosition,
 * 30 rows): the request every recruiter makes all day. Every phase has at least 200 samples
 * (a short heavy request is repeated until it has); quiet rounds (the same load, nothing
 * heavy) come before and after each heavy phase, and a heavy phase is compared with the two
 * quiet rounds around it, so a machine whose load changes during the run compares like with
 * like. Goal for each heavy request: p99 at most 2× quiet.
 * Standalone: node --import tsx scripts/bench/heavy-requests.ts
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadContainer } from '../../server/domain/organisations/containers';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../../server/domain/core/docs';
import { createLogger } from '../../server/log';
import { EmbeddedStore } from '../../server/store/embedded';
import { answerOf } from '../../tests/integration/helpers/main-process';
import { spawnMain, type ServerProcess } from '../server-process';
import type { BenchContext, BenchResult, Figure } from './_report';
import { runStandalone } from './_pages';
import { BENCH_PASSWORD, login } from './server-common';
import { percentile } from './_stats';

const BIG = Number(process.env.BENCH_HEAVY_SIZE ?? 50_000);
const MOVES = [...new Set([1_000, 10_000, BIG])].filter((n) => n <= BIG);
const CLIENTS = 4;
const MIN_SAMPLES = 200;
const QUIET_MIN_MS = 2_000;

async function seed(store: EmbeddedStore, position: PositionDoc, c: ContainerDoc, count: number, firstId: number, prefix: string) {
  const interest = (c.labels ?? []).filter((l) => l.labelType === 'Interest');
  const apps = store.collection<ApplicationDoc>('applications');
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

async function call(url: string, token: string, action: string, data: unknown): Promise<{ status: number; body: { data?: Record<string, unknown> } }> {
  const res = await fetch(`${url}/api/dispatcher`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ action, data }),
  });
  return { status: res.status, body: (await res.json()) as { data?: Record<string, unknown> } };
}

async function download(url: string, token: string, path: string): Promise<number> {
  const res = await fetch(url + path, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`hämtning gav ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  return bytes;
}

/** CPU seconds a process has used so far (Linux /proc; NaN elsewhere). */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

interface Phase {
  latencies: number[];
  failures: number;
  seconds: number;
  /** Each run of the heavy request, s. */
  runs: number[];
  serverCpu: number;
}

/** The other users' process; `phase` measures them while `heavy` runs (repeated until MIN_SAMPLES), or quiet when it is null. */
async function startOthers(server: ServerProcess, token: string, positionId: number) {
  const body = JSON.stringify({ action: 'get_applicantPositionByPosition', data: { positionId } });
  const child = fork(join(import.meta.dirname, '_load-child.ts'), [server.url, token, body, String(CLIENTS)], { execArgv: ['--import', 'tsx'], stdio: 'ignore' });
  await new Promise<void>((res) => child.once('message', () => res()));
  const take = () =>
    new Promise<{ latencies: number[]; failures: number }>((res) => {
      child.once('message', (m) => res(m as { latencies: number[]; failures: number }));
      child.send('take');
    });
  async function phase(heavy: (() => Promise<unknown>) | null): Promise<Phase> {
    child.send('mark');
    const cpu0 = cpuSeconds(server.child.pid!);
    const t0 = performance.now();
    const runs: number[] = [];
    let got = { latencies: [] as number[], failures: 0 };
    for (;;) {
      if (heavy) {
        const s = performance.now();
        await heavy();
        runs.push((performance.now() - s) / 1000);
      } else await new Promise((r) => setTimeout(r, 250));
      got = await take();
      if (got.latencies.length >= MIN_SAMPLES && (heavy || performance.now() - t0 >= QUIET_MIN_MS)) break;
    }
    if (got.failures > 0) throw new Error(`${got.failures} av de andra användarnas anrop misslyckades`);
    return { ...got, seconds: (performance.now() - t0) / 1000, runs, serverCpu: cpuSeconds(server.child.pid!) - cpu0 };
  }
  return { phase, stop: () => child.send('exit') };
}

export async function run(ctx: BenchContext): Promise<BenchResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'blankett-bench-heavy-'));
  const env = { DATA_DIR: dataDir, NODE_ENV: 'test', DEMO_PASSWORD: BENCH_PASSWORD, MONGODB_URI: '' };
  let server: ServerProcess | undefined;
  let others: Awaited<ReturnType<typeof startOthers>> | undefined;
  const out: BenchResult = [];
  try {
    // The first start seeds the demo; the applicants go in with the server stopped (the data-dir lock).
    await (await spawnMain(env, { startMs: 120_000 })).stop();
    ctx.progress(`lägger in ${BIG.toLocaleString('sv-SE')} sökande`);
    const store = EmbeddedStore.open(dataDir, { log: createLogger({ silent: true }) });
    const [big, small] = await store.collection<PositionDoc>('positions').find({ containerId: 1 }, { sort: { id: 1 } });
    if (!big || !small) throw new Error('demodatan har färre än två tjänster');
    const c = await loadContainer(store, big.containerId);
    await seed(store, big, c, BIG, 3_000_000, 'tung');
    await seed(store, small, c, 300, 2_900_000, 'annan');
    await store.close();
    server = await spawnMain(env, { startMs: 120_000 });
    const url = server.url;
    const writer = await login(url, 'writer@demo.test');
    const reader = await login(url, 'reader@demo.test');
    const interest = (c.labels ?? []).filter((l) => l.labelType === 'Interest');
    const ids = Array.from({ length: BIG }, (_, i) => 3_000_000 + i);
    others = await startOthers(server, reader, small.id);
    // Warm-up of both sides: the load's first requests and the first move compile and cache what later ones reuse.
    await others.phase(() => call(url, writer, 'update_jobApplicationStatus', { labelId: interest[1]!.id, ids: ids.slice(0, 100) }));

    ctx.progress('tyst server');
    const quiets: Phase[] = [await others.phase(null)];
    const figures = (what: string, heavy: Phase, time: Figure | null) => {
      const before = quiets.at(-2)!;
      const after = quiets.at(-1)!;
      const quiet = [...before.latencies, ...after.latencies];
      const p99 = percentile(heavy.latencies, 99);
      const quietP99 = percentile(quiet, 99);
      if (time) out.push(time);
      out.push({
        name: `andra användares p99 under ${what}`,
        ours: p99,
        peer: quietP99,
        peerName: `tyst server före och efter (${CLIENTS} klienter)`,
        unit: 'ms',
        goal: { ratioAtMost: 2 },
        note: `${heavy.latencies.length} svar på ${heavy.seconds.toFixed(1)} s (tyst ${quiet.length}), ${heavy.runs.length} körning(ar); längsta svar ${Math.max(...heavy.latencies).toFixed(0)} ms (tyst ${Math.max(...quiet).toFixed(0)}); serverns CPU ${heavy.serverCpu.toFixed(1)} s`,
      });
    };
    const measure = async (what: string, heavy: () => Promise<unknown>, time: (p: Phase) => Figure | null) => {
      const during = await others!.phase(heavy);
      ctx.progress('tyst server');
      quiets.push(await others!.phase(null));
      figures(what, during, time(during));
      return during;
    };

    let turn = 0;
    for (const n of MOVES) {
      ctx.progress(`flytta ${n.toLocaleString('sv-SE')} sökande`);
      const what = `flytt av ${n.toLocaleString('sv-SE')} id`;
      const moved = await measure(
        what,
        async () => {
          const label = interest[(turn++ % (interest.length - 1)) + 1]!.id;
          const r = await call(url, writer, 'update_jobApplicationStatus', { labelId: label, ids: ids.slice(0, n) });
          if (r.status !== 200) throw new Error(`flytten av ${n} gav ${r.status}`);
          const counts = await answerOf(url, reader, 'get_applicantCounts', { positionId: big.id });
          const moved = counts.labels.find((l) => l.labelId === label)?.count ?? 0;
          if (moved < n) throw new Error(`bara ${moved} av ${n} flyttades`);
        },
        (p) => ({ name: `${what}, tid (median av ${p.runs.length})`, ours: [...p.runs].sort((a, b) => a - b)[Math.floor(p.runs.length / 2)]!, unit: 's', ...(n >= 50_000 ? { goal: { atMost: 2 } } : {}), note: `maskinens last (1 min) ${loadavg()[0]!.toFixed(1)}` }),
      );
      // On a loaded machine the server waits for a core: its CPU time per move is what an idle machine would take.
      if (n >= 50_000) out.push({ name: `${what}, serverns CPU-tid per flytt (med de andras anrop)`, ours: moved.serverCpu / moved.runs.length, unit: 's', goal: { atMost: 2 }, note: 'tiden på en ledig maskin är högst detta plus diskens fsync' });
    }

    ctx.progress(`report.csv av ${BIG.toLocaleString('sv-SE')}`);
    await measure(`report.csv ${BIG.toLocaleString('sv-SE')} rader`, async () => {
      const r = await answerOf(url, writer, 'create_applicantsExport', { containerId: c.id, positionId: big.id });
      await download(url, writer, r.url);
    }, (p) => ({ name: `report.csv ${BIG.toLocaleString('sv-SE')} rader, tid`, ours: p.runs[0]!, unit: 's' }));

    ctx.progress('tre PDF:er à 500 sökande');
    await measure('tre PDF:er à 500 sökande', async () => {
      const tickets = await Promise.all([0, 1, 2].map((k) => answerOf(url, writer, 'create_ApplicantPDFExport', { positionId: big.id, items: ids.slice(k * 500, (k + 1) * 500) })));
      await Promise.all(tickets.map((t) => download(url, writer, t.url)));
    }, (p) => ({ name: 'tre PDF:er à 500 sökande samtidigt, tid', ours: p.runs[0]!, unit: 's' }));
    const allQuiet = quiets.flatMap((q) => q.latencies);
    out.push(`  tysta omgångar: ${quiets.length}, ${allQuiet.length} svar, p99 ${percentile(allQuiet, 99).toFixed(1)} ms; server, last och den tunga begäran i var sin process; maskinens last (1 min) ${loadavg()[0]!.toFixed(1)}`);
  } finally {
    others?.stop();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return out;
}

runStandalone(import.meta.url, run);
