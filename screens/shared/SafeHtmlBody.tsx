import { sanitizeHtml } from '../../engine/sanitize';

/** The body of SafeHtml (SafeHtml.tsx loads it with the sanitiser). */
export default function SafeHtmlBody({ html, className }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}
