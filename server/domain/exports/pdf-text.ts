import bidiFactory from 'bidi-js';
import { faceChooser, loadFacesFor, type Face } from './pdf-fonts';

/**
 * Text into a pdfkit document in any script: each line is cut into runs of one direction (the
 * Unicode bidi algorithm, bidi-js) set in visual order, and each run into pieces of one face
 * (pdf-fonts.ts); fontkit shapes Arabic and lays a right-to-left piece out right to left. A PDF
 * reader reads the text back as it was typed.
 */

const bidi = bidiFactory();

export interface TextStyle extends PDFKit.Mixins.TextOptions {
  bold?: boolean;
}

interface Piece {
  text: string;
  face: Face;
}

/** One line's pieces, left to right as they are drawn. */
function pieces(line: string, bold = false): Piece[] {
  if (!line) return [{ text: '', face: faceChooser(' ', bold).fallback }];
  const chooser = faceChooser(line, bold);
  const { levels } = bidi.getEmbeddingLevels(line, 'auto');
  // Runs of one embedding level, by UTF-16 index; then UAX #9 rule L2: from the highest level
  // down to the lowest odd one, reverse every sequence of runs at that level or above.
  const runs: { start: number; end: number; level: number }[] = [];
  for (let i = 0; i < line.length; i++) {
    const last = runs.at(-1);
    if (last && last.level === levels[i]) last.end = i + 1;
    else runs.push({ start: i, end: i + 1, level: levels[i]! });
  }
  const top = Math.max(...runs.map((r) => r.level));
  const lowestOdd = Math.min(...runs.map((r) => (r.level % 2 ? r.level : Infinity)));
  for (let level = top; level >= lowestOdd; level--) {
    for (let i = 0; i < runs.length; i++) {
      if (runs[i]!.level < level) continue;
      let j = i;
      while (j + 1 < runs.length && runs[j + 1]!.level >= level) j++;
      runs.splice(i, j - i + 1, ...runs.slice(i, j + 1).reverse());
      i = j;
    }
  }
  return runs.flatMap((r) => {
    const byFace = splitByFace(line.slice(r.start, r.end), chooser);
    return r.level % 2 ? byFace.reverse() : byFace;
  });
}

function splitByFace(text: string, chooser: ReturnType<typeof faceChooser>): Piece[] {
  const out: Piece[] = [];
  let current: Face | undefined;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    // Stay in the face at hand while it has the glyph (spaces, marks, punctuation), so a line
    // changes faces only where its script does.
    const face = current?.font.hasGlyphForCodePoint(cp) ? current : (chooser.faceFor(cp) ?? current ?? chooser.fallback);
    if (face === current) out.at(-1)!.text += ch;
    else out.push({ text: ch, face });
    current = face;
  }
  return out;
}

const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
const registered = new WeakMap<PDFKit.PDFDocument, Set<string>>();

/** Loads the faces the texts need; call before `writeText` with them. */
export async function prepareText(texts: (string | { text: string; bold?: boolean })[]): Promise<void> {
  await loadFacesFor(texts.map((t) => (typeof t === 'string' ? { text: t } : t)));
}

/**
 * Writes text like `doc.text(text, options)`: the next write starts on a new line unless
 * `continued` is set. Every piece but the last is written with `continued`.
 */
export function writeText(doc: PDFKit.PDFDocument, text: string, style: TextStyle = {}): PDFKit.PDFDocument {
  const { bold = false, ...options } = style;
  const lines = text.split(/\r?\n/);
  const all = lines.flatMap((line, i) => {
    const ps = pieces(line, bold);
    if (i < lines.length - 1) ps.at(-1)!.text += '\n';
    return ps;
  });
  let names = registered.get(doc);
  if (!names) registered.set(doc, (names = new Set()));
  all.forEach((p, i) => {
    if (!names.has(p.face.name)) {
      doc.registerFont(p.face.name, p.face.font as unknown as PDFKit.Mixins.PDFFontSource);
      names.add(p.face.name);
    }
    // pdfkit lays text out word by word unless features are given, which would set the words of
    // a right-to-left run left to right: with features, the run is laid out whole.
    const features = RTL.test(p.text) ? { features: [] } : {};
    doc.font(p.face.name).text(p.text, { ...options, ...features, continued: i < all.length - 1 ? true : (options.continued ?? false) });
  });
  return doc;
}
