import { inflateSync } from 'node:zlib';

/** Pages of a PDF (page objects, not the page tree). */
export function pdfPages(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page[^s]/g) ?? []).length;
}

/**
 * The text shown on each content stream of a PDF written by pdfkit with a standard font:
 * the streams are inflated and the hex strings of TJ operators decoded as WinAnsi (for
 * å ä ö é the same bytes as Latin-1). One string per stream, in page order.
 */
export function pdfTexts(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(raw))) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    const words = [...content.matchAll(/\[(.*?)\] TJ/g)].map((tj) =>
      [...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join(''),
    );
    if (words.length) out.push(words.join('\n'));
    re.lastIndex = end;
  }
  return out;
}
