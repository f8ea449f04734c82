/** Organisation-written HTML (position texts, terms) goes through DOMPurify before it is rendered. */
import DOMPurify from 'dompurify';

let hooked = false;

export function sanitizeHtml(html: string | undefined): string {
  if (!html) return '';
  if (!hooked) {
    // Links that open a new tab must not hand the opener to the other site.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
    });
    hooked = true;
  }
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button'] });
}
