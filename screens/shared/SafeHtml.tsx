import { lazy, Suspense } from 'react';
import { loadChunk } from '../chunks';

interface SafeHtmlProps {
  html: string;
  className?: string;
}

// The sanitiser (engine/sanitize.ts, DOMPurify in the browser: ~12 KB gzip) loads where staff-written
// HTML is drawn, not with every page whose code could draw some (issue 27 item 1: the applicant list).
const Sanitized = lazy(() => loadChunk('sanitize', () => import('./SafeHtmlBody')));

/**
 * Staff-written HTML, made safe (engine/sanitize.ts), in a <div>; empty and `aria-busy` while the
 * sanitiser loads (the tour waits for no busy part before it measures a page), a failed load
 * throws to the boundary.
 */
export function SafeHtml(props: SafeHtmlProps) {
  return (
    <Suspense fallback={<div className={props.className} aria-busy="true" />}>
      <Sanitized {...props} />
    </Suspense>
  );
}
