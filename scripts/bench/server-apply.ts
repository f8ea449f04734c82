/**
 * Benchmark of issues 3 and 27: public apply with a 200-field form through the real server
 * (rate limit lifted, embedded store, engine validation, insert with its notification in one
 * commit), req/s and p99 latency, against a bare Koa + @koa/bodyparser server that echoes the
 * same bodies. Each side runs in its own process (_apply-child.ts), the load generator in this
 * one; both are warmed, then measured in interleaved rounds (ours, echo, echo, ours, …) so a
 * change in the machine's load falls on both; p99 is taken over every round's samples. Goal:
 * ours ≥ 0.5× the echo's throughput, p99 ≤ 2× the echo's. Also reported: what the server
 * process writes per application (/proc/self/io: write_bytes less cancelled_write_bytes, the
 * bytes that reach the disk; all it handed the kernel, temporary files included; write calls).
 *   node --import tsx scripts/bench/server-apply.ts
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { answers, FIXTURE, form } from './_apply-form';
import { load, type LoadResult } from './server-common';
import { percentile } from './_stats';
import type { BenchContext, BenchResult } from './_report';
import { runStandalone } from './_pages';

const REQUESTS = Number(process.env.BENCH_APPLY_REQUESTS ?? 1600);
const ROUNDS = 4;
const WARMUP = 200;
const CONCURRENCY = 16;

interface Side {
  url: string;
  positionId: number;
  child: ChildProcess;
  lines: Interface;
  io(): Promise<{ bytes: number; cancelled: number; calls: number }>;
}

async function side(kind: 'ours' | 'echo'): Promise<Side> {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, '_apply-child.ts'), kind], {
    env: { ...process.env, APPLY_RATE_LIMIT: String((REQUESTS + WARMUP) * 10) },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const next = (prefix: string) =>
    new Promise<string>((res, rej) => {
      const on = (line: string) => {
        if (!line.startsWith(prefix)) return;
        lines.off('line', on);
        res(line.slice(prefix.length));
      };
      lines.on('line', on);
      child.once('exit', (code) => rej(new Error(`${kind} exited (${code})`)));
    });
  const ready = JSON.parse(await next('READY ')) as { url: string; positionId: number };
  return {
    ...ready,
    child,
    lines,
    async io() {
      const reply = next('IO ');
      child.stdin!.write('io\n');
      return JSON.parse(await reply) as { bytes: number; cancelled: number; calls: number };
    },
  };
}

export async function run(ctx?: BenchContext): Promise<BenchResult> {
  ctx?.progress('startar servern och Koa-ekot, var i sin process');
  const [ours, echo] = await Promise.all([side('ours'), side('echo')]);
  try {
    const metadata = form();
    const base = answers(metadata);
    let n = 0;
    // Every request a fresh address: a repeated one would be a 409, not an application.
    const body = () => JSON.stringify({ action: 'create_jobApplication', data: { email: `bench${n++}@example.se`, positionId: ours.positionId, metadata: base } });
    const post = (s: Side, count: number) => {
      const bodies = Array.from({ length: count }, body);
      return load(count, CONCURRENCY, async (i) => {
        const res = await fetch(`${s.url}/api/public/positions/apply`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: bodies[i] });
        await res.arrayBuffer();
        return res.status === 201;
      });
    };
    ctx?.progress(`uppvärmning: ${WARMUP} anrop till var och en`);
    await post(ours, WARMUP);
    await post(echo, WARMUP);
    const results: Record<'ours' | 'echo', LoadResult[]> = { ours: [], echo: [] };
    let written = { bytes: 0, cancelled: 0, calls: 0 };
    for (let r = 0; r < ROUNDS; r++) {
      const order = r % 2 === 0 ? (['ours', 'echo'] as const) : (['echo', 'ours'] as const);
      for (const k of order) {
        ctx?.progress(`runda ${r + 1}/${ROUNDS}: ${k === 'ours' ? 'Blankett' : 'Koa-eko'}, ${REQUESTS / ROUNDS} anrop`);
        const before = k === 'ours' ? await ours.io() : null;
        results[k].push(await post(k === 'ours' ? ours : echo, REQUESTS / ROUNDS));
        if (before) {
          const after = await ours.io();
          written = {
            bytes: written.bytes + after.bytes - before.bytes,
            cancelled: written.cancelled + after.cancelled - before.cancelled,
            calls: written.calls + after.calls - before.calls,
          };
        }
      }
    }
    const sum = (rs: LoadResult[]) => {
      const all = rs.flatMap((x) => x.latencies);
      return {
        count: all.length,
        perSecond: all.length / rs.reduce((s, x) => s + x.seconds, 0),
        p99: percentile(all, 99),
        failures: rs.reduce((s, x) => s + x.failures, 0),
      };
    };
    const [o, e] = [sum(results.ours), sum(results.echo)];
    const bytes = Buffer.byteLength(body());
    return [
      `  formulär: ${metadata.length} fält${existsSync(FIXTURE) ? ' (tests/fixtures/form-200.json)' : ' (genererat)'}, ${(bytes / 1024).toFixed(1)} KB per ansökan, ${CONCURRENCY} samtidiga klienter`,
      `  server, eko och lastgenerator i var sin process; ${WARMUP} anrop uppvärmning var; ${ROUNDS} omväxlande rundor`,
      { name: 'ansökningar per sekund', ours: o.perSecond, peer: e.perSecond, peerName: 'Koa-eko av samma kropp', unit: 'req/s', goal: { ratioAtLeast: 0.5 } },
      `  våra ${o.count} anrop, ${o.failures} misslyckade; jämförelsens ${e.count}, ${e.failures} misslyckade (p99 ur alla rundors anrop)`,
      { name: 'svarstid p99', ours: o.p99, peer: e.p99, peerName: 'Koa-eko av samma kropp', unit: 'ms', goal: { ratioAtMost: 2 } },
      { name: 'skrivet till disk per ansökan', ours: (written.bytes - written.cancelled) / 1024 / o.count, unit: 'KB', goal: { atMost: 20 } },
      `  skrivet i allt per ansökan: ${(written.bytes / 1024 / o.count).toFixed(1)} KB, varav ${(written.cancelled / 1024 / o.count).toFixed(1)} KB till filer som togs bort innan de nådde disken (SQLites tillfälliga journaler); skrivanrop per ansökan: ${(written.calls / o.count).toFixed(1)} (serverprocessen, /proc/self/io)`,
    ];
  } finally {
    for (const s of [ours, echo]) {
      s.lines.close();
      s.child.kill('SIGTERM');
    }
  }
}

runStandalone(import.meta.url, run);
