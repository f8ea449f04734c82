/**
 * HTML without the sanitiser: escaping text, and the elements the one policy drops with their
 * content (sanitize-policy.ts re-exports them). The browser's public page and the admin list's
 * excerpt cells use this file without loading DOMPurify.
 */

/** Elements dropped together with their content (never kept as text). */
export const DROP_CONTENT: readonly string[] = [
  'script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'textarea', 'title', 'svg', 'math', 'select', 'option', 'head',
];

/** Text made safe to put inside HTML (engine/sanitize.ts re-exports it). */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
