/**
 * Benchmark of issue 15 part 6: `npm run backup` of a running portal (embedded store).
 * The real app with BENCH_BACKUP_APPS applications (every fifth with a 50 KB PDF), filled
 * through public apply; then
 *   - the backup's time (scripts/backup.ts as its own process, as an operator runs it),
 *     beside a plain `cp -r` of the same DATA_DIR (fast, but not a consistent copy);
 *   - applications per second the portal answers while the backup runs, beside the same
 *     load on the quiet portal just before and just after. Goal: at least half.
 * Standalone: node --import tsx scripts/bench/backup.ts
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PDF, dataUrl, personnummer, validAnswers } from '../../tests/integration/helpers/domain';
import type { BenchContext, BenchResult } from './_report';
import { runStandalone } from './_pages';
import { load, startBenchServer } from './server-common';

const APPS = Number(process.env.BENCH_BACKUP_APPS ?? 3000);
const CONCURRENCY = 8;
const QUIET_SECONDS = 6;
const ROOT = resolve(import.meta.dirname, '../..');

function body(positionId: number, tag: string, i: number): string {
  const email = `kopia.${tag}.${i}@example.se`;
  const file = i % 5 === 0 ? { form_file: [{ filename: 'cv.pdf', type: 'application/pdf', data: dataUrl('application/pdf', Buffer.concat([PDF, randomBytes(50_000)])) }] } : {};
  const metadata = validAnswers(email, { form_ssn: personnummer('19900101', String(100 + (i % 900))), ...file });
  return JSON.stringify({ action: 'create_jobApplication', data: { email, positionId, metadata } });
}

/** Applies as fast as CONCURRENCY clients can until `until()` says stop; answers per second. */
async function applyWhile(url: string, positionId: number, tag: string, until: () => boolean): Promise<{ perSecond: number; count: number; failures: number }> {
  let next = 0;
  let ok = 0;
  let failures = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (!until()) {
        const res = await fetch(`${url}/api/public/positions/apply`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(positionId, tag, next++) });
        await res.arrayBuffer();
        if (res.status === 201) ok++;
        else failures++;
      }
    }),
  );
  return { perSecond: ok / ((performance.now() - t0) / 1000), count: ok, failures };
}

function runBackup(dataDir: string, target: string): Promise<{ code: number | null; seconds: number; out: string }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', target], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, MONGODB_URI: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr.on('data', (b: Buffer) => (out += b.toString()));
  return new Promise((res) => child.once('exit', (code) => res({ code, seconds: (performance.now() - t0) / 1000, out })));
}

export async function run(ctx: BenchContext): Promise<BenchResult> {
  process.env.APPLY_RATE_LIMIT = String(1e9);
  const server = await startBenchServer();
  const tmp = mkdtempSync(join(tmpdir(), 'blankett-bench-backup-'));
  try {
    const dataDir = server.app.deps.dataDir!;
    const list = (await (await fetch(`${server.url}/api/public/positions?take=1&page=1`)).json()) as { data: { items: { id: number }[] } };
    const positionId = list.data.items[0]!.id;
    ctx.progress(`fyller på ${APPS} ansökningar`);
    const filled = await load(APPS, CONCURRENCY, async (i) => {
      const res = await fetch(`${server.url}/api/public/positions/apply`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(positionId, 'fyll', i) });
      await res.arrayBuffer();
      return res.status === 201;
    });
    if (filled.failures) throw new Error(`${filled.failures} ansökningar misslyckades vid påfyllning`);
    const size = readdirSync(dataDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .reduce((sum, e) => sum + statSync(join(e.parentPath, e.name)).size, 0);

    const quietly = async (tag: string) => {
      ctx.progress(`tyst portal (${tag})`);
      const end = performance.now() + QUIET_SECONDS * 1000;
      return applyWhile(server.url, positionId, tag, () => performance.now() > end);
    };
    const quietBefore = await quietly('före');

    ctx.progress('kopiering under last');
    let done = false;
    const backingUp = runBackup(dataDir, join(tmp, 'kopia')).finally(() => (done = true));
    const during = await applyWhile(server.url, positionId, 'under', () => done);
    const backup = await backingUp;
    if (backup.code !== 0) throw new Error(`backup: ${backup.out}`);
    const inside = Number(/på ([\d.]+) s/.exec(backup.out)?.[1] ?? NaN);
    const quietAfter = await quietly('efter');
    // The quiet load before and after, so drift in a shared machine's speed counts on both sides.
    const quiet = {
      perSecond: (quietBefore.perSecond + quietAfter.perSecond) / 2,
      count: quietBefore.count + quietAfter.count,
      failures: quietBefore.failures + quietAfter.failures,
    };

    ctx.progress('naiv kopia (cp -r)');
    const c0 = performance.now();
    execFileSync('cp', ['-r', dataDir, join(tmp, 'cp')]);
    const cpSeconds = (performance.now() - c0) / 1000;

    return [
      `  ${APPS + quiet.count} ansökningar (var femte med en PDF på 50 KB), DATA_DIR ${(size / 1e6).toFixed(0)} MB; ${CONCURRENCY} samtidiga klienter`,
      { name: 'säkerhetskopia, tid (hela processen)', ours: backup.seconds, peer: cpSeconds, peerName: 'cp -r av DATA_DIR, inte konsistent', unit: 's', note: `varav kopieringen ${inside.toFixed(2)} s` },
      { name: 'ansökningar per sekund under kopieringen', ours: during.perSecond, peer: quiet.perSecond, peerName: 'samma last utan kopiering, före och efter', unit: 'st/s', goal: { ratioAtLeast: 0.5 } },
      `  under kopieringen ${during.count} ansökningar, ${during.failures} misslyckade; utan ${quiet.count}, ${quiet.failures} misslyckade`,
    ];
  } finally {
    rmSync(tmp, { recursive: true, force: true });
    await server.close();
  }
}

runStandalone(import.meta.url, run);
