/**
 * The server renderer's entry (built by Vite as an SSR bundle into `<dist>/.ssr/`, see
 * vite.config.ts; loaded by server/ssr/render.ts). It draws the same tree the browser
 * hydrates (screens/main.tsx → App → PublicApp) with a static router, the server's data and a
 * sink the hooks report to (missing data, head, status).
 *
 * Why a Vite build and not a plain import through tsx: the components import CSS
 * (public.css, blankett.css) that Node cannot load, and the browser build's aliases (plain
 * text markdown, one fast-uri) must give the server the same modules the browser hydrates
 * with; Vite drops the CSS from the server bundle and keeps the manifest that names each
 * route's CSS and chunks for the head.
 */
import { StrictMode, Suspense } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { AppLoading } from '../AppLoading';
import ApplyPage from './ApplyPage';
import PublicApp from './PublicApp';
import { StaticLocation } from './router';
import { ServerSinkContext, SsrDataContext, StaticApplyPageContext, type ServerSink, type SsrData } from './ssr';

export type { SsrData } from './ssr';
/** The host name the host rules run on (the loopback `?host=` override included), as the browser computes it. */
export { effectiveHostname } from './hostRules';

/** One pass: the HTML of `data.url` and what the page reported into a fresh sink. */
export async function renderPage(data: SsrData, origin: string): Promise<{ html: string; sink: ServerSink }> {
  const sink: ServerSink = { origin, missing: new Set(), head: {}, status: 200 };
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <SsrDataContext.Provider value={data}>
        <ServerSinkContext.Provider value={sink}>
          <StaticApplyPageContext.Provider value={ApplyPage}>
            <StaticLocation url={data.url}>
              <Suspense fallback={<AppLoading />}>
                <PublicApp />
              </Suspense>
            </StaticLocation>
          </StaticApplyPageContext.Provider>
        </ServerSinkContext.Provider>
      </SsrDataContext.Provider>
    </StrictMode>,
    // Every boundary in place: React outlines large ones behind inline scripts otherwise (the CSP forbids those).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return { html: Buffer.concat(chunks).toString('utf8'), sink };
}
/** Head helpers shared with the browser's hooks, so both write the same title and description. */
export { documentTitle, metaDescription, JOB_POSTING_ID } from './useDocumentMeta';
export { jsonForScript } from './jobPosting';
export { SSR_DATA_ID } from './ssr';
