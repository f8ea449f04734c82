/**
 * File types decided by content (magic bytes), never by what the client claims. An upload
 * is accepted only when its bytes are one of these kinds AND the kind agrees with the
 * declared type or file extension; the stored content type is always the sniffed one.
 */
export interface FileKind {
  kind: string;
  contentType: string;
  /** Declared MIME types that this kind may arrive with. */
  types: string[];
  extensions: string[];
}

const KINDS: FileKind[] = [
  { kind: 'pdf', contentType: 'application/pdf', types: ['application/pdf', 'application/x-pdf'], extensions: ['pdf'] },
  { kind: 'png', contentType: 'image/png', types: ['image/png'], extensions: ['png'] },
  { kind: 'jpeg', contentType: 'image/jpeg', types: ['image/jpeg', 'image/jpg', 'image/pjpeg'], extensions: ['jpg', 'jpeg'] },
  { kind: 'gif', contentType: 'image/gif', types: ['image/gif'], extensions: ['gif'] },
  { kind: 'bmp', contentType: 'image/bmp', types: ['image/bmp', 'image/x-bmp', 'image/x-ms-bmp'], extensions: ['bmp'] },
  { kind: 'doc', contentType: 'application/msword', types: ['application/msword'], extensions: ['doc'] },
  {
    kind: 'docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    types: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    extensions: ['docx'],
  },
  { kind: 'txt', contentType: 'text/plain; charset=utf-8', types: ['text/plain'], extensions: ['txt'] },
];

function startsWith(b: Uint8Array, sig: number[], at = 0): boolean {
  if (b.length < at + sig.length) return false;
  return sig.every((v, i) => b[at + i] === v);
}

function containsAscii(b: Uint8Array, text: string): boolean {
  return Buffer.from(b.buffer, b.byteOffset, b.byteLength).includes(text, 0, 'latin1');
}

function isPlainText(b: Uint8Array): boolean {
  if (b.length === 0) return false;
  for (const c of b) {
    // NUL and most C0 controls never occur in text files; tab, LF, CR, FF do.
    if (c === 0 || (c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12)) return false;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b);
    return true;
  } catch {
    return false;
  }
}

/** The kind the bytes are, or null when they are none of the accepted kinds. */
export function sniff(b: Uint8Array): FileKind | null {
  const byKind = (k: string) => KINDS.find((x) => x.kind === k) ?? null;
  if (startsWith(b, [0x25, 0x50, 0x44, 0x46, 0x2d])) return byKind('pdf');
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return byKind('png');
  if (startsWith(b, [0xff, 0xd8, 0xff])) return byKind('jpeg');
  if (startsWith(b, [0x47, 0x49, 0x46, 0x38]) && (b[4] === 0x37 || b[4] === 0x39) && b[5] === 0x61) return byKind('gif');
  if (startsWith(b, [0x42, 0x4d]) && b.length >= 26) return byKind('bmp');
  if (startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return byKind('doc');
  // A docx is a zip whose entries live under word/; any other zip is refused.
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04]) && containsAscii(b, '[Content_Types].xml') && containsAscii(b, 'word/')) {
    return byKind('docx');
  }
  if (isPlainText(b)) return byKind('txt');
  return null;
}

function extension(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

/**
 * Whether the bytes are an accepted kind that matches the declared type (or, when the
 * browser sent none, the filename's extension). Returns the kind or null.
 */
export function checkFileType(bytes: Uint8Array, declaredType: string, filename: string): FileKind | null {
  const kind = sniff(bytes);
  if (!kind) return null;
  const declared = declaredType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (declared) return kind.types.includes(declared) ? kind : null;
  return kind.extensions.includes(extension(filename)) ? kind : null;
}

/** Image kinds for public assets (banners, logos) and imageBase64 answers. */
export function sniffImage(b: Uint8Array): string | null {
  const k = sniff(b);
  if (k && ['png', 'jpeg', 'gif', 'bmp'].includes(k.kind)) return k.contentType;
  if (startsWith(b, [0x52, 0x49, 0x46, 0x46]) && startsWith(b, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

export interface DataUrl {
  mediaType: string;
  bytes: Uint8Array;
}

const DATA_URL_HEAD = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)?(?:;[a-z0-9-]+=[^;,]*)*;base64$/i;

/** Decodes a base64 data URL; null when it is not one. */
export function decodeDataUrl(s: string): DataUrl | null {
  const comma = s.indexOf(',');
  if (comma < 0 || comma > 200) return null;
  const head = DATA_URL_HEAD.exec(s.slice(0, comma));
  if (!head) return null;
  const bytes = decodeBase64(s.slice(comma + 1).replace(/\s+/g, ''));
  return bytes ? { mediaType: (head[1] ?? '').toLowerCase(), bytes } : null;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decodes plain base64 (asset data); null when it is not base64. */
export function decodeBase64(s: string): Uint8Array | null {
  if (s.length % 4 !== 0 || !BASE64.test(s)) return null;
  return new Uint8Array(Buffer.from(s, 'base64'));
}

/**
 * The name a file of this kind is stored and served under: the uploader's name (already
 * cleaned of paths and control characters) with the extension of the sniffed kind, so an
 * upload named `cv.html` whose bytes are plain text is `cv.txt` and a PNG named `cv.exe` is
 * `cv.png`: nothing the uploader chose decides how the recipient's computer opens it.
 */
export function safeFileName(filename: string, kind: FileKind): string {
  const ext = extension(filename);
  const base = (ext ? filename.slice(0, filename.length - ext.length - 1) : filename) || 'fil';
  return kind.extensions.includes(ext) ? filename : `${base}.${kind.extensions[0]}`;
}

/**
 * The name and type a stored file is served under: the sniffed kind decides both (files
 * stored before names were made safe at upload included). Null when the bytes are no
 * accepted kind.
 */
export function servedAs(bytes: Uint8Array, filename: string): { filename: string; contentType: string } | null {
  const kind = sniff(bytes);
  if (!kind) return null;
  return { filename: safeFileName(filename, kind), contentType: kind.contentType };
}
