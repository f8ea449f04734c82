import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';
import woff2 from 'wawoff2';

/**
 * The fonts of every PDF the server writes, so that a name prints as it was typed: Noto Sans for
 * Latin (Swedish, Polish, Turkish, Vietnamese …), Cyrillic and Greek, Noto Sans Arabic and Hebrew,
 * Noto Sans SC, JP and KR for Chinese, Japanese and Korean. They come from the @fontsource-variable
 * packages: each is cut into slices by Unicode range (one WOFF2 file each, a few hundred for CJK),
 * so a PDF loads only the slices its text needs, when the first such PDF is made; pdfkit embeds
 * only the glyphs used (subsetting).
 *
 * Three things fontkit (pdfkit's font engine, 2.0.4) does not do itself are done here: WOFF2 is
 * unpacked to TrueType by wawoff2 (fontkit cannot read variations from WOFF2); the weight is set
 * on the variable font (400 or 700); and a subset of a variable font is written with our own
 * simple-glyph encoder (fontkit's fails on its restructure version). Each slice and weight has its
 * own PostScript name, as pdfkit would otherwise take two slices of one family for one font.
 */

export interface Face {
  /** Unique per slice and weight: the name the face is registered under in a document. */
  name: string;
  font: fontkit.Font;
}

interface Slice {
  file: string;
  ranges: [number, number][];
}

type Cjk = 'sc' | 'jp' | 'kr';
const require = createRequire(import.meta.url);

// Each package's unicode.json (its slices and their ranges) and files/ beside it.
const PACKAGES = {
  'noto-sans': () => require.resolve('@fontsource-variable/noto-sans/unicode.json'),
  'noto-sans-arabic': () => require.resolve('@fontsource-variable/noto-sans-arabic/unicode.json'),
  'noto-sans-hebrew': () => require.resolve('@fontsource-variable/noto-sans-hebrew/unicode.json'),
  'noto-sans-sc': () => require.resolve('@fontsource-variable/noto-sans-sc/unicode.json'),
  'noto-sans-jp': () => require.resolve('@fontsource-variable/noto-sans-jp/unicode.json'),
  'noto-sans-kr': () => require.resolve('@fontsource-variable/noto-sans-kr/unicode.json'),
};

function slicesOf(pkg: keyof typeof PACKAGES, keep: (subset: string) => boolean): Slice[] {
  const unicodeJson = PACKAGES[pkg]();
  const unicode = require(unicodeJson) as Record<string, string>;
  return Object.entries(unicode)
    .filter(([subset]) => keep(subset))
    .map(([subset, range]) => ({
      file: join(dirname(unicodeJson), 'files', `${pkg}-${subset.replace(/^\[(\d+)\]$/, '$1')}-wght-normal.woff2`),
      ranges: range.split(',').map((r) => {
        const [lo, hi] = r.replace('U+', '').split('-');
        return [parseInt(lo!, 16), parseInt(hi ?? lo!, 16)] as [number, number];
      }),
    }));
}

const covers = (s: Slice, cp: number) => s.ranges.some(([lo, hi]) => cp >= lo && cp <= hi);

let base: Slice[] | undefined;
const cjk = new Map<Cjk, Map<number, Slice>>();
const numbered = (s: string) => /^\[\d+\]$/.test(s);

/** The CJK font's slice of each code point (a few hundred slices of single code points each, so a map). */
function cjkIndex(k: Cjk): Map<number, Slice> {
  let index = cjk.get(k);
  if (!index) {
    index = new Map();
    for (const s of slicesOf(`noto-sans-${k}`, numbered)) for (const [lo, hi] of s.ranges) for (let cp = lo; cp <= hi; cp++) if (!index.has(cp)) index.set(cp, s);
    cjk.set(k, index);
  }
  return index;
}

/**
 * The slices that may draw a character, best first: Noto Sans (Latin, Cyrillic, Greek), Arabic,
 * Hebrew, then the CJK fonts, Japanese first in text with kana and Korean in text with Hangul,
 * so Han characters look as their readers expect.
 */
function slicesFor(cp: number, text: string): Slice[] {
  base ??= [
    ...slicesOf('noto-sans', (s) => s !== 'devanagari'),
    ...slicesOf('noto-sans-arabic', (s) => s === 'arabic'),
    ...slicesOf('noto-sans-hebrew', (s) => s === 'hebrew'),
  ];
  const found = base.filter((s) => covers(s, cp));
  if (cp < 0x1100) return found;
  const order: Cjk[] = /[\u3040-\u30ff]/.test(text) ? ['jp', 'sc', 'kr'] : /[\uac00-\ud7af\u1100-\u11ff\u3130-\u318f]/.test(text) ? ['kr', 'sc', 'jp'] : ['sc', 'jp', 'kr'];
  return [...found, ...order.map((k) => cjkIndex(k).get(cp)).filter((s) => !!s)];
}

/** Noto Sans' Latin slice: spaces, digits and what no font has. */
const latin = () => slicesFor(0x41, '')[0]!;

const ttfs = new Map<string, Promise<Buffer>>();
let unpacking: Promise<unknown> = Promise.resolve();
const faces = new Map<string, Face>();
const faceKey = (s: Slice, bold: boolean) => `${s.file}:${bold ? 700 : 400}`;

async function loadFace(s: Slice, bold: boolean): Promise<Face> {
  const key = faceKey(s, bold);
  const known = faces.get(key);
  if (known) return known;
  let ttf = ttfs.get(s.file);
  if (!ttf) {
    const woff = readFile(s.file);
    // One unpacking at a time: wawoff2 answers with a view of its wasm memory, which the next
    // call reuses, so each answer is copied before the next call starts.
    const unpacked: Promise<Buffer> = unpacking
      .catch(() => undefined)
      .then(async () => Buffer.from(await woff2.decompress(await woff)));
    unpacking = unpacked;
    ttf = unpacked;
    ttfs.set(s.file, unpacked);
    unpacked.catch(() => ttfs.delete(s.file));
  }
  const face = makeFace(await ttf, bold ? 700 : 400, `${s.file.replace(/^.*\/|-wght-normal\.woff2$/g, '')}-${bold ? 700 : 400}`);
  faces.set(key, face);
  return face;
}

/**
 * The faces that the given texts need, loaded (each slice's file is read and unpacked once per
 * process). Afterwards `faceFor` answers without waiting.
 */
export async function loadFacesFor(texts: { text: string; bold?: boolean }[]): Promise<void> {
  const need = new Map<string, [Slice, boolean]>();
  for (const { text, bold = false } of texts) {
    need.set(faceKey(latin(), bold), [latin(), bold]);
    for (const ch of new Set(text)) for (const s of slicesFor(ch.codePointAt(0)!, text)) need.set(faceKey(s, bold), [s, bold]);
  }
  await Promise.all([...need.values()].map(([s, bold]) => loadFace(s, bold)));
}

/** The splitter of a text into faces: the first loaded face that has the character's glyph. */
export function faceChooser(text: string, bold: boolean): { fallback: Face; faceFor(cp: number): Face | undefined } {
  const fallback = faces.get(faceKey(latin(), bold));
  if (!fallback) throw new Error('PDF fonts not loaded for this text (call loadFacesFor first)');
  return {
    fallback,
    faceFor: (cp) =>
      slicesFor(cp, text)
        .map((s) => faces.get(faceKey(s, bold)))
        .find((face) => face?.font.hasGlyphForCodePoint(cp)),
  };
}

interface VariableFont extends fontkit.Font {
  fvar: { axis: { axisTag: string; defaultValue: number }[] };
  variationCoords: number[];
  _cmapProcessor: { codePointsForGlyph(gid: number): number[] };
}

function makeFace(ttf: Buffer, weight: number, name: string): Face {
  const base = fontkit.create(ttf) as VariableFont;
  base.variationCoords = base.fvar.axis.map((a) => (a.axisTag.trim() === 'wght' ? weight : a.defaultValue));
  const font = Object.create(base, {
    postscriptName: { value: name },
    createSubset: {
      value(this: fontkit.Font) {
        const subset = base.createSubset.call(this) as unknown as { glyphEncoder: unknown };
        subset.glyphEncoder = { encodeSimple };
        return subset;
      },
    },
    layout: {
      value(this: VariableFont, text: string, features?: unknown) {
        const run = base.layout.call(this, text, features as string[]);
        return { ...run, advanceWidth: run.advanceWidth, glyphs: withMarkCodePoints(this, run.glyphs) };
      },
    },
  }) as fontkit.Font;
  return { name, font };
}

/**
 * A mark that shaping split off a precomposed letter (Arabic 'أ' is drawn as alef + hamza above)
 * comes back from fontkit with no code point, so a PDF reader would lose it. It gets its own code
 * point, and the letter beside it the rest of the letter's decomposition: 'أ' reads back as
 * 'ا' + 'ٔ', the same text in Unicode (canonically equivalent).
 */
function withMarkCodePoints(font: VariableFont, glyphs: fontkit.Glyph[]): fontkit.Glyph[] {
  const out = glyphs.map((g) => ({ g, cps: g.codePoints }));
  out.forEach((x, i) => {
    if (x.cps.length) return;
    const own = font._cmapProcessor.codePointsForGlyph(x.g.id);
    if (!own.length) return;
    x.cps = [own[0]!];
    for (const n of [out[i - 1], out[i + 1]]) {
      const parts = n ? [...String.fromCodePoint(...n.cps).normalize('NFD')].map((c) => c.codePointAt(0)!) : [];
      if (n && parts.includes(own[0]!)) {
        n.cps = parts.filter((c) => c !== own[0]);
        break;
      }
    }
  });
  return out.map(({ g, cps }) => (cps === g.codePoints ? g : (Object.create(g, { codePoints: { value: cps } }) as fontkit.Glyph)));
}

interface PathLike {
  commands: { command: string; args: number[] }[];
}

/** A TrueType simple glyph (glyf entry) from a glyph's outline: all points, 16-bit coordinates. */
function encodeSimple(path: PathLike, instructions: number[] = []): Uint8Array {
  const ends: number[] = [];
  const points: { x: number; y: number; on: boolean }[] = [];
  for (const c of path.commands) {
    for (let j = 0; j + 1 < c.args.length; j += 2) {
      points.push({ x: Math.round(c.args[j]!), y: Math.round(c.args[j + 1]!), on: !(c.command === 'quadraticCurveTo' && j === 0) });
    }
    if (c.command === 'closePath' && points.length) ends.push(points.length - 1);
  }
  if (points.length && ends.at(-1) !== points.length - 1) ends.push(points.length - 1);
  const size = 10 + 2 * ends.length + 2 + instructions.length + points.length * 5;
  const buf = Buffer.alloc(size + ((4 - (size % 4)) % 4));
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  let o = buf.writeInt16BE(ends.length, 0);
  for (const v of [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]) o = buf.writeInt16BE(points.length ? v : 0, o);
  for (const e of ends) o = buf.writeUInt16BE(e, o);
  o = buf.writeUInt16BE(instructions.length, o);
  for (const b of instructions) o = buf.writeUInt8(b, o);
  for (const p of points) o = buf.writeUInt8(p.on ? 1 : 0, o);
  for (const axis of [xs, ys]) {
    let last = 0;
    for (const v of axis) {
      o = buf.writeInt16BE(v - last, o);
      last = v;
    }
  }
  return buf;
}
