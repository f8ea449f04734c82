/**
 * The one HTML policy of Blankett: what staff-written HTML (labels, validator messages, ad
 * texts, terms, news, mail templates) may keep. Both sanitiser backends apply exactly this:
 * sanitize-html on the server (engine/sanitize-backend.ts) and DOMPurify in the browser
 * (engine/sanitize-backend.browser.ts), chosen by engine/sanitize.ts.
 */
export const ALLOWED_TAGS: readonly string[] = [
  'a', 'b', 'strong', 'i', 'em', 'u', 's', 'br', 'p', 'ul', 'ol', 'li', 'span', 'small', 'div',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'code', 'pre', 'hr', 'sub', 'sup',
];

/** Elements dropped together with their content (never kept as text): in html-escape.ts, which the list's excerpt cells read without the sanitiser. */
export { DROP_CONTENT } from './html-escape';

/** Every kept link opens outside the page and cannot reach back to it. */
export const LINK_ATTRS = { target: '_blank', rel: 'noopener noreferrer' } as const;

function decodeForScheme(raw: string): string {
  return raw
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(Math.min(parseInt(h, 16), 0x10ffff)))
    .replace(/&#(\d+);?/g, (_, d: string) => String.fromCodePoint(Math.min(Number(d), 0x10ffff)))
    .replace(/&(colon|tab|newline);?/gi, (_, n: string) => ({ colon: ':', tab: '\t', newline: '\n' })[n.toLowerCase()] ?? '')
    .replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
}

/** A link target that may stay: http(s), mailto, tel or relative; javascript:, data: and the rest are refused (null). */
export function safeHref(raw: string): string | null {
  const decoded = decodeForScheme(raw);
  if (/^(https?:|mailto:|tel:)/i.test(decoded)) return raw.trim();
  const colon = decoded.indexOf(':');
  const cut = decoded.search(/[/?#]/);
  if (colon === -1 || (cut !== -1 && cut < colon)) return raw.trim();
  return null;
}
