import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { stopChild } from './stop-child';

export interface RunningFerretDb {
  uri: string;
  stop(): Promise<void>;
}

const root = resolve(import.meta.dirname, '..');

/** The FerretDB binary built by scripts/install-ferretdb.sh, or one on FERRETDB_BIN. */
export function ferretDbBinary(): string | null {
  const candidates = [process.env.FERRETDB_BIN, join(root, '.tools', 'bin', 'ferretdb')];
  return candidates.find((c): c is string => !!c && existsSync(c)) ?? null;
}

/** A free TCP port on loopback (also used by the browser-test harness). */
export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => res(port));
    });
  });
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((res) => {
    const sock = connect({ port, host: '127.0.0.1' });
    sock.once('connect', () => {
      sock.destroy();
      res(true);
    });
    sock.once('error', () => res(false));
  });
}

/**
 * Starts FerretDB 1.x with its SQLite backend on a free loopback port, telemetry off. Its files go
 * in memory (/dev/shm) where the machine has it: they are the tests' throwaway data, and on the
 * disk each of SQLite's syncs waited for it (the role matrix, paired runs on the loaded 2-core
 * machine: 128 → 65 s and 94 → 76 s).
 */
export async function startFerretDb(bin: string): Promise<RunningFerretDb> {
  const dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'blankett-ferretdb-'));
  const port = await freePort();
  const child: ChildProcess = spawn(
    bin,
    [
      '--handler=sqlite',
      `--sqlite-url=file:${dir}/`,
      `--listen-addr=127.0.0.1:${port}`,
      `--state-dir=${dir}`,
      '--debug-addr=-',
      '--telemetry=disable',
      '--log-level=error',
    ],
    // Go's collector at its default (GOGC=100) was a third of FerretDB's CPU: every query decodes
    // each stored document from JSON, and the garbage is collected again and again. GOGC=2000 lets
    // the heap grow to 20× what is live before collecting (the role matrix: FerretDB's CPU 38 → 21 s,
    // at most 190 MB resident), and GOMEMLIMIT collects sooner if it nears 1 GiB whatever the ratio.
    { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, GOGC: process.env.GOGC ?? '2000', GOMEMLIMIT: process.env.GOMEMLIMIT ?? '1GiB' } },
  );
  let stderr = '';
  child.stderr?.on('data', (b: Buffer) => {
    stderr = (stderr + b.toString()).slice(-4000);
  });
  const deadline = Date.now() + 20_000;
  while (!(await canConnect(port))) {
    if (child.exitCode !== null) throw new Error(`FerretDB exited (${child.exitCode}): ${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`FerretDB did not listen on ${port}: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    uri: `mongodb://127.0.0.1:${port}/`,
    async stop() {
      await stopChild(child, 5000);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  // `node --import tsx scripts/ferretdb.ts` runs one for manual use (MONGODB_URI for npm start).
  const bin = ferretDbBinary();
  if (!bin) {
    console.error('FerretDB saknas: kör bash scripts/install-ferretdb.sh');
    process.exit(1);
  }
  const running = await startFerretDb(bin);
  console.log(`MONGODB_URI=${running.uri}`);
  const stop = () => void running.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
