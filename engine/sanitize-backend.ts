/**
 * The server's (and Node's) sanitiser backend: sanitize-html with the one policy. The browser
 * build swaps this module for sanitize-backend.browser.ts (vite.config.ts), because
 * sanitize-html with its parser and postcss costs about 95 KB gzip in a bundle while DOMPurify
 * costs 12 KB and uses the browser's own HTML parser.
 */
import sanitize from 'sanitize-html';
import { ALLOWED_TAGS, DROP_CONTENT, LINK_ATTRS, safeHref } from './sanitize-policy';

const OPTIONS: sanitize.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...DROP_CONTENT],
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href === undefined ? null : safeHref(attribs.href);
      return { tagName, attribs: href === null ? {} : { href, ...LINK_ATTRS } };
    },
  },
};

export function sanitizeWithBackend(html: string): string {
  return sanitize(html, OPTIONS);
}
