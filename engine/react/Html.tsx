/** The one file that imports DOMPurify: every HTML label and message passes through here. */
import DOMPurify from 'dompurify';
import type { ElementType } from 'react';

// Links in labels (terms, help) open outside the form, so they must not be able to reach back.
let hooked = false;
function purifier(): typeof DOMPurify {
  if (!hooked && DOMPurify.isSupported) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
    });
    hooked = true;
  }
  return DOMPurify;
}

/** Sanitised HTML, or the text escaped when no DOM is available (server-side rendering). */
export function sanitizeHtml(html: string): string {
  const p = purifier();
  if (!p.isSupported) return html.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return p.sanitize(html, { ADD_ATTR: ['target'] });
}

interface TextOrHtmlProps {
  text: string;
  isHtml?: boolean;
  as?: ElementType;
  id?: string;
  className?: string;
}

/** Renders `text` as sanitised HTML when `isHtml`, otherwise as plain text. */
export function TextOrHtml({ text, isHtml, as: Tag = 'span', id, className }: TextOrHtmlProps) {
  if (!isHtml) return <Tag id={id} className={className}>{text}</Tag>;
  return <Tag id={id} className={className} dangerouslySetInnerHTML={{ __html: sanitizeHtml(text) }} />;
}
