import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ferretdb';
import { stopChild } from './stop-child';

/** Debian's redis-server (scripts/ensure-test-tools.sh installs it), or the one on REDIS_SERVER_BIN. */
export function redisServerBinary(): string | null {
  const given = process.env.REDIS_SERVER_BIN;
  if (given) return given;
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() || null : null;
}

export interface RunningRedis {
  url: string;
  port: number;
  /** Kills the server (SIGKILL: an outage, not a shutdown) and waits for it to be gone. */
  kill(): Promise<void>;
  /** Starts it again, empty, on the same port. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

function answers(port: number): Promise<boolean> {
  return new Promise((res) => {
    const sock = connect({ port, host: '127.0.0.1' });
    let got = '';
    sock.once('connect', () => sock.write('PING\r\n'));
    sock.on('data', (b) => {
      got += b.toString();
      if (got.includes('\r\n')) {
        sock.destroy();
        res(got.startsWith('+PONG'));
      }
    });
    sock.once('error', () => res(false));
  });
}

/** redis-server on a free loopback port with a temporary directory and no persistence (tests, `npm run cluster`). */
export async function startRedis(bin = redisServerBinary()): Promise<RunningRedis> {
  if (!bin) throw new Error('redis-server saknas: kör bash scripts/ensure-test-tools.sh (som root: apt-get install redis-server)');
  const dir = mkdtempSync(join(tmpdir(), 'blankett-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;
  let output = '';
  const launch = async () => {
    const c = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = c;
    const keep = (b: Buffer) => (output = (output + b.toString()).slice(-4000));
    c.stdout?.on('data', keep);
    c.stderr?.on('data', keep);
    const deadline = Date.now() + 15_000;
    while (!(await answers(port))) {
      if (c.exitCode !== null) throw new Error(`redis-server exited (${c.exitCode}): ${output}`);
      if (Date.now() > deadline) {
        c.kill('SIGKILL');
        throw new Error(`redis-server did not answer on ${port}: ${output}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const kill = async () => {
    if (child) await stopChild(child, 0);
  };
  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill,
    restart: launch,
    async stop() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
