/**
 * HTML in labels (isHtml) and in validator messages is staff-written and must be made safe
 * before it reaches a page. The engine has no DOM, so it ships a small allow-list sanitiser
 * that works on strings on the server and in the browser alike; the React layer may plug
 * DOMPurify in with `setHtmlSanitizer` for a second opinion. Whatever is plugged in, the
 * engine runs every HTML label and message through `sanitizeHtml` exactly once, in
 * compileTemplate and in validate.
 */

export type HtmlSanitizer = (html: string) => string;

const ALLOWED = new Set(['a', 'b', 'strong', 'i', 'em', 'u', 'br', 'p', 'ul', 'ol', 'li', 'span', 'small', 'div']);
const VOID = new Set(['br']);
// Content of these is dropped with the tag, not kept as text.
const DROP_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'textarea', 'title', 'svg', 'math', 'select']);

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(Math.min(parseInt(h, 16), 0x10ffff)))
    .replace(/&#(\d+);?/g, (_, d: string) => String.fromCodePoint(Math.min(Number(d), 0x10ffff)))
    .replace(/&(colon|tab|newline|amp|lt|gt|quot|apos);?/gi, (_, n: string) =>
      ({ colon: ':', tab: '\t', newline: '\n', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[n.toLowerCase()] ?? '',
    );
}

/** Only http(s), mailto and relative links survive; javascript: and friends are dropped. */
function safeHref(raw: string): string | null {
  // eslint-disable-next-line no-control-regex
  const decoded = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (/^(https?:|mailto:)/i.test(decoded)) return decoded;
  const colon = decoded.indexOf(':');
  const cut = decoded.search(/[/?#]/);
  if (colon === -1 || (cut !== -1 && cut < colon)) return decoded;
  return null;
}

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>|<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<[!?][^>]*>?/g;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function rebuildTag(closing: boolean, name: string, attrs: string): string {
  if (closing) return VOID.has(name) ? '' : `</${name}>`;
  if (name !== 'a') return VOID.has(name) ? `<${name}>` : `<${name}>`;
  let href: string | null = null;
  for (const m of attrs.matchAll(ATTR)) {
    if ((m[1] ?? '').toLowerCase() === 'href') href = safeHref(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return href === null ? '<a>' : `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">`;
}

/** The built-in allow-list sanitiser: keeps simple formatting and safe links, nothing else. */
export const defaultSanitizer: HtmlSanitizer = (html) => {
  let out = '';
  let last = 0;
  let dropping: string | null = null;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(html); m; m = TAG.exec(html)) {
    if (dropping === null) out += escapeText(html.slice(last, m.index));
    last = TAG.lastIndex;
    const name = m[2]?.toLowerCase();
    if (name === undefined) continue; // comment, CDATA, doctype, processing instruction
    const closing = m[1] === '/';
    if (dropping !== null) {
      if (closing && name === dropping) dropping = null;
      continue;
    }
    if (DROP_CONTENT.has(name)) {
      if (!closing && !m[0].endsWith('/>')) dropping = name;
      continue;
    }
    if (ALLOWED.has(name)) out += rebuildTag(closing, name, m[3] ?? '');
  }
  if (dropping === null) out += escapeText(html.slice(last));
  return out;
};

// Text between tags keeps its entities (&amp; stays &amp;) but never a bare < or >.
function escapeText(text: string): string {
  return text.replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/&(?!(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);)/gi, '&amp;');
}

let current: HtmlSanitizer = defaultSanitizer;

/** Replaces the sanitiser (e.g. DOMPurify in the browser). The built-in one still runs first. */
export function setHtmlSanitizer(sanitizer: HtmlSanitizer | null): void {
  current = sanitizer ?? defaultSanitizer;
}

/** Makes staff-written HTML safe to render. */
export function sanitizeHtml(html: string): string {
  const once = defaultSanitizer(html);
  return current === defaultSanitizer ? once : current(once);
}

/** Plain text of an HTML fragment, for places that cannot show markup (titles, aria labels). */
export function htmlToText(html: string): string {
  return decodeEntities(defaultSanitizer(html).replace(/<br>/g, ' ').replace(/<[^>]*>/g, '')).replace(/\s+/g, ' ').trim();
}
