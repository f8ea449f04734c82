import { useEffect } from 'react';
import { jsonForScript } from './jobPosting';
import { useServerSink } from './ssr';

const SUFFIX = 'Blankett';
export const JOB_POSTING_ID = 'pub-jobposting';

/** The document title of a page title. */
export function documentTitle(title: string): string {
  return title ? `${title} – ${SUFFIX}` : SUFFIX;
}

/** The meta description as written to the head: one line, at most 300 characters. */
export function metaDescription(description: string): string {
  return description.replace(/\s+/g, ' ').trim().slice(0, 300);
}

/**
 * Sets the page title (`<title> – Blankett`), meta description and, when given, the canonical
 * link (a path on this origin) while the page is shown. On the server it records them for
 * the head of the first HTML instead.
 */
export function useDocumentMeta(title: string | null, description?: string, canonicalPath?: string): void {
  const sink = useServerSink();
  if (sink && title !== null) {
    sink.head.title = title;
    if (description !== undefined) sink.head.description = description;
    if (canonicalPath !== undefined) sink.head.canonicalPath = canonicalPath;
  }
  useEffect(() => {
    if (title === null) return;
    const previousTitle = document.title;
    document.title = documentTitle(title);
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    const previousDescription = meta?.content ?? '';
    if (description !== undefined) {
      if (!meta) {
        meta = document.createElement('meta');
        meta.name = 'description';
        document.head.appendChild(meta);
      }
      meta.content = metaDescription(description);
    }
    return () => {
      document.title = previousTitle;
      if (description === undefined || !meta) return;
      if (created) meta.remove();
      else meta.content = previousDescription;
    };
  }, [title, description]);
  useEffect(() => {
    if (canonicalPath === undefined) return;
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'canonical';
      document.head.appendChild(link);
    }
    link.href = new URL(canonicalPath, window.location.origin).href;
    const el = link;
    return () => el.remove();
  }, [canonicalPath]);
}

/** `<meta name="robots" content="noindex">` while `active`: internal positions stay out of search engines. */
export function useNoIndex(active: boolean): void {
  const sink = useServerSink();
  if (sink && active) sink.head.noindex = true;
  useEffect(() => {
    if (!active) return;
    // A server-rendered page already has it in the head: keep that one while shown.
    const meta = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]') ?? document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, [active]);
}

/**
 * schema.org JobPosting in the head while the page is shown: `make(origin)` builds it (the
 * server calls it with the request's origin, the browser with its own).
 */
export function useJobPosting(make: ((origin: string) => Record<string, unknown>) | null): void {
  const sink = useServerSink();
  if (sink && make) sink.head.jobPosting = make(sink.origin);
  const json = make && typeof window !== 'undefined' ? jsonForScript(make(window.location.origin)) : null;
  useEffect(() => {
    if (json === null) return;
    const el = document.getElementById(JOB_POSTING_ID) ?? document.createElement('script');
    el.id = JOB_POSTING_ID;
    el.setAttribute('type', 'application/ld+json');
    el.textContent = json;
    document.head.appendChild(el);
    return () => el.remove();
  }, [json]);
}
