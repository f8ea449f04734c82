import type { Readable } from 'node:stream';
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../../../engine/fill';
import type { Store } from '../../store/port';
import { yieldToLoop } from '../../store/slices';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../core/docs';
import { answerColumns, answerText, appliedDate } from './exports';
import { anonymityOf, screenedForExport } from '../screening/screening';
import { pdfJob } from './pdf-thread';
import type { PdfLine } from './pdf-worker';
import { maskedForExport } from '../applicants/personnummer-view';
import { shielded } from '../applicants/protected-identity';

const x = sv.exports;
/** Most applicants in one PDF (one page or more each). */
export const PDF_MAX = 500;

/**
 * A PDF of chosen applicants' answers, one applicant per page (a long application runs on
 * to further pages, the next applicant always starts a new one), in fonts that print every
 * script as typed (pdf-text.ts). Applications are read one at a time, yielding to other
 * requests between them; the pages are drawn in a worker thread (pdf-worker.ts), off the loop
 * that answers everyone else.
 */
export async function applicantsPdf(store: Store, c: ContainerDoc, p: PositionDoc, ids: number[], level?: string): Promise<Readable> {
  const columns = await answerColumns(store, p);
  const labelName = new Map((c.labels ?? []).map((l) => [l.id, l.name]));
  const pdf = pdfJob(fill(x.pdfTitle, { position: p.name }));
  const apps = store.collection<ApplicationDoc>('applications');
  const anonymity = anonymityOf(p);
  (async () => {
    for (const id of ids) {
      // One applicant at a time, with a turn of the event loop before each: three 500-page
      // PDFs at once must not keep other users waiting.
      await yieldToLoop();
      const found = await apps.findOne({ id, positionId: p.id }, { projection: { notes: 0, logs: 0 } });
      if (!found) continue;
      // Masked personnummer, and no contact data of a protected applicant unless an administrator exports (issue 28).
      const a = shielded(maskedForExport(screenedForExport(c, anonymity, found)), level);
      // Each line as [text, bold, size, colour].
      const lines: PdfLine[] = [
        [a.info?.name || a.email, true, 18, '#000'],
        [fill(x.pdfTitle, { position: p.name }), false, 10, '#444'],
        [[a.email, typeof a.info?.phone === 'string' ? a.info.phone : ''].filter(Boolean).join(' · '), false, 10, '#444'],
        [fill(x.pdfApplied, { date: appliedDate(a.created) }), false, 10, '#444'],
        [fill(x.pdfStatus, { status: labelName.get(a.interestLabelId ?? -1) ?? '–', process: labelName.get(a.processLabelId ?? -1) ?? '–' }), false, 10, '#444'],
        ...columns.flatMap((k): PdfLine[] => [
          [k.label, true, 10, '#000'],
          [answerText(k, a.metadata?.[k.key]) || x.noAnswer, false, 10, '#000'],
        ]),
      ];
      pdf.page(lines);
    }
    pdf.end();
  })().catch((err: unknown) => pdf.stream.destroy(err as Error));
  return pdf.stream;
}
