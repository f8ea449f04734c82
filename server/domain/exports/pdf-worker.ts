import { parentPort } from 'node:worker_threads';
import PDFDocument from 'pdfkit';
import { prepareText, writeText } from './pdf-text';

/**
 * The PDF export's drawing, in a worker thread (pdf-thread.ts starts it): pdfkit lays out
 * every page, and embedding the fonts' subsets at the end is one long synchronous task
 * (hundreds of ms for three 500-page PDFs), which on the request loop kept every other user
 * waiting (issue 27 item 4). The main thread reads the applications and sends each page's
 * lines; this thread draws them and sends the document back chunk by chunk. Several PDFs
 * share the thread, each by its job number.
 */

/** One line of a page: text, bold, size, colour. */
export type PdfLine = [string, boolean, number, string];

export type PdfRequest =
  | { job: number; type: 'start'; title: string }
  | { job: number; type: 'page'; lines: PdfLine[] }
  | { job: number; type: 'end' }
  | { job: number; type: 'abort' };

export type PdfReply = { job: number; type: 'chunk'; data: Uint8Array } | { job: number; type: 'done' } | { job: number; type: 'error'; message: string };

const port = parentPort!;
const jobs = new Map<number, { doc: PDFKit.PDFDocument; queue: Promise<void> }>();

function start(job: number, title: string) {
  const doc = new PDFDocument({ size: 'A4', margin: 50, autoFirstPage: false, info: { Title: title, Author: 'Blankett' } });
  doc.on('data', (chunk: Buffer) => {
    const data = new Uint8Array(chunk);
    port.postMessage({ job, type: 'chunk', data } satisfies PdfReply, [data.buffer]);
  });
  doc.on('end', () => {
    jobs.delete(job);
    port.postMessage({ job, type: 'done' } satisfies PdfReply);
  });
  doc.on('error', (err: Error) => {
    jobs.delete(job);
    port.postMessage({ job, type: 'error', message: err.message } satisfies PdfReply);
  });
  jobs.set(job, { doc, queue: Promise.resolve() });
}

async function page(doc: PDFKit.PDFDocument, lines: PdfLine[]) {
  // The fonts a page needs are loaded before it is drawn.
  await prepareText(lines.map(([text, bold]) => ({ text, bold })));
  doc.addPage();
  lines.forEach(([text, bold, size, colour], i) => {
    writeText(doc.fontSize(size).fillColor(colour), text, { bold });
    if (i === 4) doc.moveDown();
    else if (i > 4 && i % 2 === 0) doc.moveDown(0.4);
  });
}

port.on('message', (m: PdfRequest) => {
  if (m.type === 'start') return start(m.job, m.title);
  const entry = jobs.get(m.job);
  if (!entry) return;
  const { doc } = entry;
  // A job's messages are handled in order (a page waits for its fonts).
  entry.queue = entry.queue
    .then(() => {
      if (m.type === 'page') return page(doc, m.lines);
      if (m.type === 'end') doc.end();
      else {
        jobs.delete(m.job);
        doc.destroy();
      }
    })
    .catch((err: unknown) => {
      jobs.delete(m.job);
      port.postMessage({ job: m.job, type: 'error', message: err instanceof Error ? err.message : String(err) } satisfies PdfReply);
    });
});
