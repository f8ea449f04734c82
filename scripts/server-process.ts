import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { freePort } from './ferretdb';
import { serverBundle } from './server-bundle';
import { stopChild } from './stop-child';

/**
 * The real server (`server/main.ts`, bundled: scripts/server-bundle.ts) as a child process on a free port, resolved once it
 * answers HTTP: the one helper for the crash and scale-out tests
 * (tests/integration/helpers/main-process.ts) and `npm run cluster` (scripts/cluster.ts).
 */

const root = resolve(import.meta.dirname, '..');

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** The last 8 KB the process wrote. */
  output(): string;
  /** Resolves once the process has exited. */
  exited: Promise<number | null>;
  /** SIGTERM (a graceful stop), SIGKILL after `graceMs`; resolves when it is gone. */
  stop(graceMs?: number): Promise<void>;
}

/** Starts `server/main.ts` with `env` on top of this process's environment (PORT is chosen here); retries a port taken in between. */
export async function spawnMain(env: Record<string, string>, opts: { onOutput?: (chunk: string) => void; startMs?: number } = {}): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await spawnOnce(env, opts);
    } catch (err) {
      // Another process may take the free port between the probe and the listen.
      if (attempt >= 3 || !String(err).includes('EADDRINUSE')) throw err;
    }
  }
}

async function spawnOnce(env: Record<string, string>, opts: { onOutput?: (chunk: string) => void; startMs?: number }): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [await serverBundle()], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  // Its own log line, not just an answer on the port: a server of another test that took the
  // port between the probe and this child's listen would answer too (then a login there was a
  // 401 with this child's password), while this child exits on EADDRINUSE and is started again.
  let listening = false;
  const keep = (b: Buffer) => {
    out = (out + b.toString()).slice(-8000);
    listening ||= out.includes('"msg":"listening"');
    opts.onOutput?.(b.toString());
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((res) => child.once('exit', (code) => res(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.startMs ?? 40_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await new Promise((r) => setTimeout(r, 200));
      throw new Error(`Servern avslutades (${child.exitCode}):\n${out}`);
    }
    const ok =
      listening &&
      (await fetch(`${url}/api/public/positions?take=1&page=1`).then(
        (r) => r.ok,
        () => false,
      ));
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Servern startade inte:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const stop = (graceMs = 10_000) => stopChild(child, graceMs);
  return { url, port, child, output: () => out, exited, stop };
}
