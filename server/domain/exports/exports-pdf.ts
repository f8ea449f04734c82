import PDFDocument from 'pdfkit';
import type { Readable } from 'node:stream';
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../../../engine/fill';
import type { Store } from '../../store/port';
import { yieldToLoop } from '../../store/slices';
import type { ApplicationDoc, ContainerDoc, PositionDoc } from '../core/docs';
import { answerColumns, answerText, appliedDate } from './exports';
import { anonymityOf, screenedForExport } from '../screening/screening';

const x = sv.exports;
/** Most applicants in one PDF (one page or more each). */
export const PDF_MAX = 500;

// The standard PDF fonts are encoded in WinAnsi (Windows-1252): å ä ö é and the rest of
// Latin-1 are there; anything else would print as garbage, so it becomes '?'.
const CP1252_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
export function winAnsi(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0)!;
    out += (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || ch === '\n' || CP1252_EXTRA.includes(ch) ? ch : code === 0x09 ? ' ' : '?';
  }
  return out;
}

/**
 * A PDF of chosen applicants' answers, one applicant per page (a long application runs on
 * to further pages, the next applicant always starts a new one), with pdfkit's standard
 * Helvetica. Applications are read one at a time as the document is written, yielding to
 * other requests between them.
 */
export async function applicantsPdf(store: Store, c: ContainerDoc, p: PositionDoc, ids: number[]): Promise<Readable> {
  const columns = await answerColumns(store, p);
  const labelName = new Map((c.labels ?? []).map((l) => [l.id, l.name]));
  const doc = new PDFDocument({ size: 'A4', margin: 50, autoFirstPage: false, info: { Title: winAnsi(fill(x.pdfTitle, { position: p.name })), Author: 'Blankett' } });
  const apps = store.collection<ApplicationDoc>('applications');
  const anonymity = anonymityOf(p);
  (async () => {
    for (const id of ids) {
      // One applicant at a time, with a turn of the event loop before each: three 500-page
      // PDFs at once must not keep other users waiting.
      await yieldToLoop();
      const found = await apps.findOne({ id, positionId: p.id }, { projection: { notes: 0, logs: 0 } });
      if (!found) continue;
      const a = screenedForExport(c, anonymity, found);
      doc.addPage();
      doc.font('Helvetica-Bold').fontSize(18).text(winAnsi(a.info?.name || a.email));
      doc.font('Helvetica').fontSize(10).fillColor('#444');
      doc.text(winAnsi(fill(x.pdfTitle, { position: p.name })));
      doc.text(winAnsi([a.email, typeof a.info?.phone === 'string' ? a.info.phone : ''].filter(Boolean).join(' · ')));
      doc.text(winAnsi(fill(x.pdfApplied, { date: appliedDate(a.created) })));
      doc.text(winAnsi(fill(x.pdfStatus, { status: labelName.get(a.interestLabelId ?? -1) ?? '–', process: labelName.get(a.processLabelId ?? -1) ?? '–' })));
      doc.moveDown();
      doc.fillColor('#000');
      for (const k of columns) {
        const value = answerText(k, a.metadata?.[k.key]);
        doc.font('Helvetica-Bold').fontSize(10).text(winAnsi(k.label));
        doc.font('Helvetica').fontSize(10).text(winAnsi(value || x.noAnswer));
        doc.moveDown(0.4);
      }
    }
    doc.end();
  })().catch((err: unknown) => doc.destroy(err as Error));
  return doc;
}
