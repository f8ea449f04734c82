/** Text made safe to put inside HTML (engine/sanitize.ts re-exports it; this file has no sanitiser, so the browser's public page can use it without DOMPurify). */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
