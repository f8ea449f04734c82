import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PdfLine, PdfReply, PdfRequest } from './pdf-worker';

/**
 * The main thread's side of pdf-worker.ts: one worker thread, started with the first PDF and
 * kept (unref'd, so it never holds the process open); each PDF is a job on it whose bytes
 * come out of a stream. A worker that dies fails the PDFs in it (their streams error, so the
 * download is cut, never short) and the next PDF starts a new one.
 */

let worker: Worker | null = null;
let nextJob = 0;
const sinks = new Map<number, PassThrough>();

/** The worker runs TypeScript as the server does: through tsx's loader, registered in the worker itself. */
function startWorker(): Worker {
  const tsxApi = pathToFileURL(join(dirname(createRequire(import.meta.url).resolve('tsx')), 'esm/api/index.mjs')).href;
  const entry = new URL('./pdf-worker.ts', import.meta.url).href;
  const w = new Worker(`import(${JSON.stringify(tsxApi)}).then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`, { eval: true });
  w.unref();
  w.on('message', (m: PdfReply) => {
    const sink = sinks.get(m.job);
    if (!sink) return;
    if (m.type === 'chunk') sink.write(Buffer.from(m.data.buffer, m.data.byteOffset, m.data.byteLength));
    else {
      sinks.delete(m.job);
      if (m.type === 'done') sink.end();
      else sink.destroy(new Error(m.message));
    }
  });
  const fail = (err: Error) => {
    if (worker === w) worker = null;
    for (const sink of sinks.values()) sink.destroy(err);
    sinks.clear();
  };
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`pdf worker exited (${code})`)));
  return w;
}

export interface PdfJob {
  /** The PDF's bytes as the worker writes them. */
  stream: PassThrough;
  page(lines: PdfLine[]): void;
  end(): void;
}

/** A new PDF titled `title`, drawn in the worker. */
export function pdfJob(title: string): PdfJob {
  const w = (worker ??= startWorker());
  const job = ++nextJob;
  const stream = new PassThrough();
  sinks.set(job, stream);
  const send = (m: PdfRequest) => w.postMessage(m);
  // A download the client gave up on stops the drawing.
  stream.once('close', () => {
    if (sinks.delete(job)) send({ job, type: 'abort' });
  });
  send({ job, type: 'start', title });
  return { stream, page: (lines) => send({ job, type: 'page', lines }), end: () => send({ job, type: 'end' }) };
}
