/**
 * Benchmark of issue 30 item 1: booking under 20 simultaneous applicants for 10 times. A
 * writer offers 10 times to 20 applications (create_interviewSlotsForMany over HTTP against the
 * real server); then all 20 book at once from their own links (`POST /api/public/interviews/book`,
 * each from its own address), two applicants per time. Every time must be booked once and the
 * other 10 told `slot_taken` — checked each round, the run fails otherwise. Measured per round,
 * beside the same 20 links opened at once (`…/interviews/view`, one read each) in the same run:
 * until all 20 have their answer, and how long the last of the 10 told "taken" waited against
 * the median winner ("the rest told at once"). On the embedded store and on a Mongo-wire one
 * (MONGODB_URI, or FerretDB from .tools; left out when neither is there).
 * Standalone:
 *   node --import tsx scripts/bench/booking.ts
 */
import { randomBytes } from 'node:crypto';
import { sha256 } from '../../server/auth/signin';
import { loadContainer } from '../../server/domain/organisations/containers';
import type { PositionDoc } from '../../server/domain/core/docs';
import { runStandalone } from './_pages';
import { benchMongo } from './_mongo';
import { seedApplicants } from './_seed';
import { median } from './_stats';
import type { BenchContext, BenchResult } from './_report';
import { login, startBenchServer, timedCall, type BenchServer } from './server-common';
import { ferretDbBinary } from '../ferretdb';

const ROUNDS = Number(process.env.BENCH_BOOKING_ROUNDS ?? 5);
const APPLICANTS = 20;
const TIMES = 10;
const DAY = 86_400;

interface Round {
  /** ms until every one of the 20 had an answer. */
  all: number;
  /** ms of the slowest applicant told the time was taken. */
  lastLoser: number;
  /** median ms of those who got a time. */
  winner: number;
}

/** Sends the 20 posts at once, each from its own address; ms until all answered, and each answer. */
async function together(server: BenchServer, path: string, bodies: object[]) {
  const t0 = performance.now();
  const answers = await Promise.all(
    bodies.map(async (body, i) => {
      const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 1}` }, body: JSON.stringify(body) });
      const json = (await res.json()) as { error?: { code?: string } };
      return { status: res.status, code: json.error?.code, ms: performance.now() - t0 };
    }),
  );
  return { all: performance.now() - t0, answers };
}

async function onStore(ctx: BenchContext, kind: string, mongoUri?: string): Promise<{ book: Round[]; view: number[] }> {
  const server = await startBenchServer({ mongoUri, env: { TRUST_PROXY: '1' } });
  try {
    const c = await loadContainer(server.store, 1);
    const position = (await server.store.collection<PositionDoc>('positions').findOne({ containerId: c.id, isInternal: false }))!;
    const first = (t: string) => (c.labels ?? []).find((l) => l.labelType === t)!.id;
    await seedApplicants(server.store, ctx, { containerId: c.id, positionId: position.id, formVersion: position.formVersion }, APPLICANTS * ROUNDS, () => ({
      interestLabelId: first('Interest'),
      processLabelId: first('Process'),
    }));
    const writer = await login(server.url, 'writer@demo.test');
    const admin = (await server.store.collection('users').findOne({ email: 'admin@demo.test' }))!.id as number;
    const book: Round[] = [];
    const view: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      ctx.progress(`${kind}: omgång ${round + 1} av ${ROUNDS}`);
      const ids = Array.from({ length: APPLICANTS }, (_, i) => 1_000_000 + round * APPLICANTS + i);
      const day = Math.floor(Date.now() / 1000 / DAY + 30 + round) * DAY;
      const slots = Array.from({ length: TIMES }, (_, i) => ({ start: day + 7 * 3600 + i * 1800, minutes: 30 }));
      const made = (await timedCall(server, writer, 'create_interviewSlotsForMany', { ids, interviewers: [admin], videoUrl: 'https://video.example/rum', slots })).data as {
        slots: { id: number }[];
        interviews: { id: number }[];
      };
      // The links went out by mail; the bench gives each interview a link of its own instead (the stored hash, as an offer does).
      const tokens = await Promise.all(
        made.interviews.map(async (iv) => {
          const token = randomBytes(32).toString('base64url');
          await server.store.collection('interviews').updateOne({ id: iv.id }, { $set: { tokenHash: sha256(token) } });
          return token;
        }),
      );
      view.push((await together(server, '/api/public/interviews/view', tokens.map((token) => ({ token })))).all);
      const r = await together(server, '/api/public/interviews/book', tokens.map((token, i) => ({ token, slotId: made.slots[i % TIMES]!.id })));
      const won = r.answers.filter((a) => a.status === 200);
      const lost = r.answers.filter((a) => a.status !== 200);
      if (won.length !== TIMES || lost.some((a) => a.code !== 'slot_taken')) {
        throw new Error(`${kind}: ${won.length} bokade och ${lost.map((a) => a.code ?? a.status).join(', ')} i stället för ${TIMES} bokade och ${TIMES} slot_taken`);
      }
      const booked = await server.store.collection('interviewSlots').count({ id: { $in: made.slots.map((s) => s.id) }, status: 'booked' });
      if (booked !== TIMES) throw new Error(`${kind}: ${booked} av ${TIMES} tider bokade`);
      book.push({ all: r.all, lastLoser: Math.max(...lost.map((a) => a.ms)), winner: median(won.map((a) => a.ms)) });
    }
    return { book, view };
  } finally {
    await server.close();
  }
}

function figures(kind: string, m: { book: Round[]; view: number[] }): BenchResult {
  return [
    {
      name: `${kind}: 20 sökande bokar samtidigt 10 tider, tills alla fått svar`,
      ours: median(m.book.map((r) => r.all)),
      peer: median(m.view),
      peerName: 'samma 20 länkar öppnade samtidigt',
      unit: 'ms',
    },
    {
      name: `${kind}: det sista beskedet till de 10 utan tid`,
      ours: median(m.book.map((r) => r.lastLoser)),
      peer: median(m.book.map((r) => r.winner)),
      peerName: 'median för de 10 som fick en tid',
      unit: 'ms',
      goal: { ratioAtMost: 1 },
    },
  ];
}

export async function run(ctx: BenchContext = { progress: () => undefined }): Promise<BenchResult> {
  const out: BenchResult = [`  ${APPLICANTS} sökande, ${TIMES} tider, varje tid bokad en gång och resten fick slot_taken i varje omgång; median av ${ROUNDS} omgångar, riktig server över HTTP`];
  out.push(...figures('inbäddad lagring', await onStore(ctx, 'inbäddad', undefined)));
  if (!process.env.MONGODB_URI && !ferretDbBinary()) return [...out, '  Mongo-wire: hoppades över (varken MONGODB_URI eller FerretDB)'];
  const mongo = await benchMongo();
  try {
    out.push(...figures('Mongo-wire', await onStore(ctx, 'Mongo-wire', mongo.databaseUri())));
  } finally {
    await mongo.stop();
  }
  return out;
}

runStandalone(import.meta.url, run);
