/**
 * One side of the apply benchmark (server-apply.ts) in its own process, so the server, its
 * peer and the load generator never share an event loop: `ours` is the real app (embedded
 * store, demo seed, a 200-field position), `echo` a bare Koa + @koa/bodyparser server that
 * answers the same bodies. Prints `READY {"url", "positionId"}`; on the line `io` on stdin it
 * prints `IO {"bytes", "cancelled", "calls"}`: what the process has written so far
 * (/proc/self/io: write_bytes sent towards the disk, cancelled_write_bytes of it dropped
 * before it got there because the file was deleted, as SQLite's temporary statement journals
 * are; syscw write calls).
 */
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { bodyParser } from '@koa/bodyparser';
import Koa from 'koa';
import { loadContainer } from '../../server/domain/organisations/containers';
import { createPosition } from '../../server/domain/positions/positions';
import { startBenchServer } from './server-common';
import { form } from './_apply-form';

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


function io(): { bytes: number; cancelled: number; calls: number } {
  const text = existsSync('/proc/self/io') ? readFileSync('/proc/self/io', 'utf8') : '';
  const field = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(text)?.[1] ?? NaN);
  return { bytes: field('write_bytes'), cancelled: field('cancelled_write_bytes'), calls: field('syscw') };
}

async function start(side: string): Promise<{ url: string; positionId: number }> {
  if (side === 'echo') return { url: (await echoServer()).url, positionId: 0 };
  const server = await startBenchServer();
  const deps = server.app.deps;
  const container = await loadContainer(deps.store, 1);
  const now = deps.now();
  const position = await createPosition(deps, container, {
    containerId: container.id,
    name: 'Benchmark 200 fält',
    start: now - 60,
    stop: now + 86_400,
    positionTypeId: container.positionTypes![0]!.id,
    metadata: form(),
  });
  return { url: server.url, positionId: position.id };
}

const ready = await start(process.argv[2] ?? 'ours');
console.log(`READY ${JSON.stringify(ready)}`);
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'io') console.log(`IO ${JSON.stringify(io())}`);
}
process.exit(0);
