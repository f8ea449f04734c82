import { inflateSync } from 'node:zlib';

/** Pages of a PDF (page objects, not the page tree). */
export function pdfPages(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page[^s]/g) ?? []).length;
}

interface PdfObject {
  dict: string;
  stream?: string;
}

/** Every `n 0 obj … endobj` of a PDF written by pdfkit, its stream inflated (as latin1 text). */
function objects(pdf: Buffer): Map<string, PdfObject> {
  const raw = pdf.toString('latin1');
  const out = new Map<string, PdfObject>();
  for (const m of raw.matchAll(/(\d+) 0 obj\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endobj', start);
    const body = raw.slice(start, end);
    const s = body.indexOf('stream\n');
    if (s < 0) {
      out.set(m[1]!, { dict: body });
      continue;
    }
    const from = start + s + 'stream\n'.length;
    const to = raw.indexOf('endstream', from);
    let stream: string;
    try {
      stream = inflateSync(pdf.subarray(from, to)).toString('latin1');
    } catch {
      stream = raw.slice(from, to);
    }
    out.set(m[1]!, { dict: body.slice(0, s), stream });
  }
  return out;
}

/** Glyph code (4 hex digits) → text, from a font's ToUnicode CMap as pdfkit writes it (bfrange with arrays). */
function toUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const hexText = (h: string) => {
    const units = h.replace(/\s+/g, '').match(/.{4}/g) ?? [];
    return String.fromCharCode(...units.map((u) => parseInt(u, 16)));
  };
  for (const r of cmap.matchAll(/<([0-9a-fA-F]+)> <([0-9a-fA-F]+)> \[((?:\s*<[0-9a-fA-F\s]*>)*)\s*\]/g)) {
    const first = parseInt(r[1]!, 16);
    [...r[3]!.matchAll(/<([0-9a-fA-F\s]*)>/g)].forEach((e, i) => map.set((first + i).toString(16).padStart(4, '0'), hexText(e[1]!)));
  }
  return map;
}

/**
 * The text shown on each content stream of a PDF written by pdfkit, one string per stream in
 * page order, one line per line of text. A standard font's hex strings are WinAnsi (for å ä ö é
 * the same bytes as Latin-1); an embedded font's are glyph codes, read through its ToUnicode
 * CMap. The pieces of one line (same baseline, within a third of the font size: a mark may sit
 * higher) are joined, as drawn. (Scripts beyond Latin are read with PDF.js: `pdfPageTexts`.)
 */
export function pdfTexts(pdf: Buffer): string[] {
  const objs = objects(pdf);
  const fonts = new Map<string, Map<string, string> | null>();
  for (const o of objs.values()) {
    for (const f of o.dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      if (fonts.has(f[1]!)) continue;
      const unicodeRef = objs.get(f[2]!)?.dict.match(/\/ToUnicode (\d+) 0 R/)?.[1];
      const cmap = unicodeRef ? objs.get(unicodeRef)?.stream : undefined;
      fonts.set(f[1]!, cmap ? toUnicode(cmap) : null);
    }
  }
  const out: string[] = [];
  for (const o of objs.values()) {
    if (!o.stream?.includes(' TJ')) continue;
    const lines: { y: number; text: string }[] = [];
    let font: Map<string, string> | null = null;
    let size = 12;
    let y = 0;
    for (const op of o.stream.matchAll(/\/(F\d+) ([\d.]+) Tf|[\d.-]+ [\d.-]+ [\d.-]+ [\d.-]+ [\d.-]+ ([\d.-]+) Tm|\[(.*?)\] TJ/g)) {
      if (op[1]) {
        font = fonts.get(op[1]) ?? null;
        size = Number(op[2]);
      } else if (op[3]) y = Number(op[3]);
      else {
        const text = [...op[4]!.matchAll(/<([0-9a-fA-F]*)>/g)]
          .map((h) => (font ? (h[1]!.match(/.{4}/g) ?? []).map((g) => font!.get(g.toLowerCase()) ?? '').join('') : Buffer.from(h[1]!, 'hex').toString('latin1')))
          .join('');
        const last = lines.at(-1);
        if (last && Math.abs(last.y - y) < size / 3) last.text += text;
        else lines.push({ y, text });
      }
    }
    if (lines.length) out.push(lines.map((l) => l.text).join('\n'));
  }
  return out;
}

/** The text of each page as PDF.js reads it (unpdf's build): lines in reading order, right-to-left lines included. */
export async function pdfPageTexts(pdf: Buffer): Promise<string[]> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false });
  return text;
}
