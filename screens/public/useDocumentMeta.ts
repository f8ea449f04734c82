import { useEffect } from 'react';

const SUFFIX = 'Blankett';

/** Sets the page title (`<title> – Blankett`) and meta description while the page is shown. */
export function useDocumentMeta(title: string | null, description?: string): void {
  useEffect(() => {
    if (title === null) return;
    const previousTitle = document.title;
    document.title = title ? `${title} – ${SUFFIX}` : SUFFIX;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    const previousDescription = meta?.content ?? '';
    if (description !== undefined) {
      if (!meta) {
        meta = document.createElement('meta');
        meta.name = 'description';
        document.head.appendChild(meta);
      }
      meta.content = description.replace(/\s+/g, ' ').trim().slice(0, 300);
    }
    return () => {
      document.title = previousTitle;
      if (description === undefined || !meta) return;
      if (created) meta.remove();
      else meta.content = previousDescription;
    };
  }, [title, description]);
}

/** `<meta name="robots" content="noindex">` while `active`: internal positions stay out of search engines. */
export function useNoIndex(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, [active]);
}
