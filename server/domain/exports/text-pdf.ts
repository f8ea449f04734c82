import PDFDocument from 'pdfkit';
import { prepareText, writeText } from './pdf-text';

/** One paragraph of a plain document: its text, bold (a heading) or not. */
export interface PdfLine {
  text: string;
  bold?: boolean;
}

/**
 * A short document (a letter such as 'Uppgift om meriter') as a PDF in memory, in the fonts
 * the export PDFs use (pdf-text.ts), so every script prints as typed.
 */
export async function textPdf(title: string, lines: PdfLine[]): Promise<Buffer> {
  await prepareText([{ text: title, bold: true }, ...lines]);
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title, Author: 'Blankett' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  writeText(doc.fontSize(18).fillColor('#000'), title, { bold: true });
  doc.moveDown();
  for (const l of lines) {
    writeText(doc.fontSize(l.bold ? 12 : 10), l.text, { bold: !!l.bold });
    doc.moveDown(l.bold ? 0.2 : 0.6);
  }
  doc.end();
  return done;
}
