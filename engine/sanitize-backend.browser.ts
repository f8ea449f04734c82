/**
 * The browser's sanitiser backend: DOMPurify (the browser's own HTML parser) with the one
 * policy of engine/sanitize-policy.ts. vite.config.ts puts this module in place of
 * sanitize-backend.ts in the browser build; the one file that imports DOMPurify.
 */
import DOMPurify from 'dompurify';
import { ALLOWED_TAGS, DROP_CONTENT, LINK_ATTRS, safeHref } from './sanitize-policy';

let hooked = false;
function purifier(): typeof DOMPurify {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName !== 'A') return;
      const raw = node.getAttribute('href');
      const href = raw === null ? null : safeHref(raw);
      for (const name of [...node.getAttributeNames()]) node.removeAttribute(name);
      if (href === null) return;
      node.setAttribute('href', href);
      node.setAttribute('target', LINK_ATTRS.target);
      node.setAttribute('rel', LINK_ATTRS.rel);
    });
    hooked = true;
  }
  return DOMPurify;
}

export function sanitizeWithBackend(html: string): string {
  const p = purifier();
  // Without a DOM (never in the browser build) nothing HTML may pass: escape it all.
  if (!p.isSupported) return html.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return p.sanitize(html, {
    ALLOWED_TAGS: [...ALLOWED_TAGS],
    ALLOWED_ATTR: ['href', 'target', 'rel'],
    ALLOW_DATA_ATTR: false,
    FORBID_CONTENTS: [...DROP_CONTENT],
  });
}
