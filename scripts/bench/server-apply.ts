/**
 * Benchmark of issue 3: public apply with a 200-field form through the real server
 * (rate limit lifted, embedded store, engine validation, duplicate check, insert,
 * notification), req/s and p99 latency, against a bare Koa + @koa/bodyparser server that
 * echoes the same bodies, measured in the same run with the same client. Goal: ours ≥ 0.5×.
 *
 * The form is tests/fixtures/form-200.json when present, otherwise 200 generated fields
 * (text with minLength, email, textarea, checkbox). Standalone:
 *   node --import tsx scripts/bench/server-apply.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { bodyParser } from '@koa/bodyparser';
import Koa from 'koa';
import type { MetadataProperty } from '../../engine/types';
import { fixedKeyOf, IMPORTED_TYPE, kindOf } from '../../engine/answer-kinds';
import { loadContainer } from '../../server/domain/organisations/containers';
import { createPosition } from '../../server/domain/positions/positions';
import { load, startBenchServer } from './server-common';
import type { BenchResult } from './_report';
import { runStandalone } from './_pages';

const REQUESTS = Number(process.env.BENCH_APPLY_REQUESTS ?? 1500);
const CONCURRENCY = 16;
const GOAL = 0.5;
const FIXTURE = resolve(import.meta.dirname, '../../tests/fixtures/form-200.json');

function generatedForm(): MetadataProperty[] {
  const fields: MetadataProperty[] = [];
  for (let i = 0; i < 200; i++) {
    const key = `form_f${1000 + i}`;
    const kind = i % 10;
    if (kind === 9) fields.push({ key, type: 'checkbox', label: `Fråga ${i}`, required: false, order: i, validators: [] });
    else if (kind === 8) fields.push({ key, type: 'textarea', label: `Fråga ${i}`, required: false, order: i, validators: [] });
    else if (kind === 7) fields.push({ key, type: 'email', label: `E-post ${i}`, required: true, order: i, validators: [{ name: 'validEmail', data: null }] });
    else fields.push({ key, type: 'text', label: `Fråga ${i}`, required: true, order: i, validators: [{ name: 'minLength', data: 2 }] });
  }
  return fields;
}

/**
 * A position's form has exactly one E-post field (issue 17): every later one becomes a text
 * field with the same validators (minLength, validEmail), so the validation work is unchanged.
 */
function oneEmail(metadata: MetadataProperty[]): MetadataProperty[] {
  let seen = false;
  return metadata.map((f) => {
    if (fixedKeyOf(f.type) !== 'form_email') return f;
    if (!seen) return ((seen = true), f);
    return { ...f, type: IMPORTED_TYPE.text, validators: f.validators?.some((v) => v.name === 'validEmail') ? f.validators : [...(f.validators ?? []), { name: 'validEmail', data: null }] };
  });
}

function form(): MetadataProperty[] {
  if (!existsSync(FIXTURE)) return oneEmail(generatedForm());
  const raw = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { metadata?: MetadataProperty[] } | MetadataProperty[];
  return oneEmail(Array.isArray(raw) ? raw : (raw.metadata ?? generatedForm()));
}

/** Answers that pass the generated form; for a fixture form, the same kinds of values by answer kind. */
function answers(metadata: MetadataProperty[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of metadata) {
    const kind = kindOf(f.type);
    if (kind === 'boolean') out[f.key] = true;
    else if (kind === 'email' || f.validators?.some((v) => v.name === 'validEmail')) out[f.key] = 'svar@example.se';
    else if (kind === 'text') out[f.key] = `Ett svar på ${f.key}`;
  }
  return out;
}

async function echoServer(): Promise<{ url: string; close(): Promise<void> }> {
  const koa = new Koa();
  koa.use(bodyParser({ jsonLimit: '32mb' }));
  koa.use(async (ctx) => {
    ctx.status = 201;
    ctx.body = { data: (ctx.request as { body?: unknown }).body };
  });
  const server = koa.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}


export async function run(): Promise<BenchResult> {
  process.env.APPLY_RATE_LIMIT = String(REQUESTS * 10);
  const server = await startBenchServer();
  const echo = await echoServer();
  try {
    const deps = server.app.deps;
    const container = await loadContainer(deps.store, 1);
    const metadata = form();
    const now = deps.now();
    const position = await createPosition(deps, container, {
      containerId: container.id,
      name: 'Benchmark 200 fält',
      start: now - 60,
      stop: now + 86_400,
      positionTypeId: container.positionTypes![0]!.id,
      metadata,
    });
    const base = answers(metadata);
    const bodies = Array.from({ length: REQUESTS }, (_, i) =>
      JSON.stringify({ action: 'create_jobApplication', data: { email: `bench${i}@example.se`, positionId: position.id, metadata: base } }),
    );
    const post = (url: string, expected: number) => async (i: number) => {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: bodies[i] });
      await res.arrayBuffer();
      return res.status === expected;
    };
    // Warm-up on both (JIT, connection pool), on bodies the measured run does not reuse.
    const warm = Math.min(100, REQUESTS);
    await load(warm, CONCURRENCY, post(`${echo.url}/api/public/positions/apply`, 201));
    const ours = await load(REQUESTS, CONCURRENCY, post(`${server.url}/api/public/positions/apply`, 201));
    const peer = await load(REQUESTS, CONCURRENCY, post(`${echo.url}/api/public/positions/apply`, 201));
    const bytes = Buffer.byteLength(bodies[0]!);
    return [
      `  formulär: ${metadata.length} fält${existsSync(FIXTURE) ? ' (tests/fixtures/form-200.json)' : ' (genererat)'}, ${(bytes / 1024).toFixed(1)} KB per ansökan, ${CONCURRENCY} samtidiga klienter`,
      { name: 'ansökningar per sekund', ours: ours.perSecond, peer: peer.perSecond, peerName: 'Koa-eko av samma kropp', unit: 'req/s', goal: { ratioAtLeast: GOAL } },
      `  våra ${ours.count} anrop, ${ours.failures} misslyckade; jämförelsens ${peer.count}, ${peer.failures} misslyckade`,
      { name: 'svarstid p99', ours: ours.p99, peer: peer.p99, peerName: 'Koa-eko av samma kropp', unit: 'ms', goal: { ratioAtMost: 1 } },
    ];
  } finally {
    await echo.close();
    await server.close();
  }
}

runStandalone(import.meta.url, run);
