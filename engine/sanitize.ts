/**
 * HTML in labels (isHtml), validator messages, ad texts, terms, news and mail templates is
 * staff-written and must be made safe before it reaches a page or a mail. One module, one
 * policy (sanitize-policy.ts), two maintained libraries: sanitize-html where there is no DOM
 * (the server, Node), DOMPurify in the browser (vite.config.ts swaps ./sanitize-backend for
 * its .browser twin; sanitize-html would add ~95 KB gzip to the apply page). The engine runs
 * every HTML label and message through `sanitizeHtml` exactly once, in compileTemplate and in
 * validate.
 */
import { LruCache } from './cache';
import { fill } from './fill';
import { escapeHtml } from './html-escape';
import { sanitizeWithBackend } from './sanitize-backend';

export { escapeHtml } from './html-escape';

/** Makes staff-written HTML safe to render. */
export function sanitizeHtml(html: string | null | undefined): string {
  return html ? sanitizeWithBackend(html) : '';
}

const memo = new LruCache<string>(500);

/**
 * `sanitizeHtml` for a text that comes again and again (an ad text on every page view, a mail
 * template filled with its position's name on every application): memoised by content.
 */
export function sanitizeHtmlMemo(html: string | null | undefined): string {
  if (!html) return '';
  let out = memo.get(html);
  if (out === undefined) memo.set(html, (out = sanitizeWithBackend(html)));
  return out;
}

const textOnly = new LruCache<boolean>(500);
const PLACEHOLDER = /\{\w+\}/g;

/** Whether every `{name}` of sanitised HTML stands in text: none inside a tag (in an attribute, a value could become a link or a handler). */
function placeholdersInText(clean: string): boolean {
  let known = textOnly.get(clean);
  if (known === undefined) {
    const all = clean.match(PLACEHOLDER)?.length ?? 0;
    // The sanitiser writes every attribute value in double quotes, so a tag ends at the first '>'
    // outside them. Its text holds no '<' of its own: one left over is a tag not told, so no.
    const text = clean.replace(/<(?:[^>"']|"[^"]*"|'[^']*')*>/g, '');
    textOnly.set(clean, (known = !text.includes('<') && (text.match(PLACEHOLDER)?.length ?? 0) === all));
  }
  return known;
}

/**
 * Staff HTML with `{name}` merge fields filled: `sanitizeHtml(fill(html, values escaped))`, the
 * template sanitised once (memoised) instead of once per mail. That is only the same when
 * every placeholder of the sanitised template stands in text: an escaped value there holds no
 * '<', '&' or quote of its own, so it stays text, and the sanitised text before it never ends
 * in half an entity. A template with a placeholder inside a tag (`href="{link}"`) is filled
 * first and sanitised whole, every time, as before. The confirmation mail's sanitising was 6 %
 * of an application's CPU (scripts/bench/server-apply.ts).
 */
export function fillHtml(html: string, values: Readonly<Record<string, string>>): string {
  const escaped: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) escaped[k] = escapeHtml(v);
  const clean = sanitizeHtmlMemo(html);
  return placeholdersInText(clean) ? fill(clean, escaped) : sanitizeHtml(fill(html, escaped));
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(Math.min(parseInt(h, 16), 0x10ffff)))
    .replace(/&#(\d+);?/g, (_, d: string) => String.fromCodePoint(Math.min(Number(d), 0x10ffff)))
    .replace(/&(amp|lt|gt|quot|apos|nbsp);/gi, (_, n: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' })[n.toLowerCase()] ?? '');
}

/** Plain text of an HTML fragment, for places that cannot show markup (titles, aria labels, CSV). */
export function htmlToText(html: string): string {
  const spaced = sanitizeHtml(html).replace(/<\/(?:p|div|li|h[1-6]|blockquote|pre|ul|ol)>|<(?:br|hr)\s*\/?>/gi, ' ');
  return decodeEntities(spaced.replace(/<[^>]*>/g, '')).replace(/\s+/g, ' ').trim();
}
