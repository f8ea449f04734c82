/**
 * Server rendering of the public site (server/ssr/): what the server hands the page and
 * what the page tells the server while it renders.
 *
 * - `SsrData` travels in `<script type="application/json" id="blankett-ssr">` (never an
 *   executable script: the CSP allows none inline). It holds the URL it was rendered for, the
 *   host name the host rules ran on, and the public API answers the page used, keyed by the
 *   API path the client would otherwise fetch, so the first client render equals the server's.
 * - `ServerSink` exists only on the server: the hooks record the API paths they need (the
 *   renderer resolves them and renders again), the head (title, description, canonical,
 *   noindex, JobPosting) and the status (404 for the not-found page).
 */
import { createContext, useContext, type ComponentType } from 'react';
import { useLocation } from './router';
import type { SsrData } from './ssrData';
import type { PublicContainer, PublicPosition } from './types';

export { SSR_DATA_ID, type SsrData } from './ssrData';
/** The query parameter of the apply page after a no-script application went through (303 there). */
export const SENT_PARAM = 'skickad';

interface ServerHead {
  title?: string;
  description?: string;
  canonicalPath?: string;
  noindex?: boolean;
  /** JobPosting as a plain object (the renderer serialises it for the head). */
  jobPosting?: Record<string, unknown>;
}

export interface ServerSink {
  /** Absolute origin of the request (for JobPosting's url). */
  origin: string;
  /** API paths a component asked for that are not in the entries yet. */
  missing: Set<string>;
  head: ServerHead;
  status: number;
  /** Set by a page that moved (an old slug): the server answers 301 to this path. */
  location?: string;
}

export const SsrDataContext = createContext<SsrData | null>(null);
export const ServerSinkContext = createContext<ServerSink | null>(null);

/**
 * The apply page, imported statically, on the server only: a lazy component that suspends
 * would be streamed out with inline scripts (which the CSP forbids) instead of in place. The
 * browser keeps loading it lazily and hydrates it when its chunk (preloaded) has arrived.
 */
export const StaticApplyPageContext = createContext<ComponentType<{ position: PublicPosition; container: PublicContainer | null }> | null>(null);

export function useServerSink(): ServerSink | null {
  return useContext(ServerSinkContext);
}

/**
 * The server's answer for `path`, when this page was rendered on the server for the URL now
 * shown (after a client navigation the components fetch as before). On the server a path
 * not resolved yet is recorded for the next pass.
 */
export function usePreloaded<T>(path: string | null): { status: 200; data: T } | { status: 404 } | null {
  const data = useContext(SsrDataContext);
  const sink = useContext(ServerSinkContext);
  const { pathname, search } = useLocation();
  if (path === null || !data || data.url !== pathname + search) return null;
  const entry = data.entries[path];
  if (!entry && sink) sink.missing.add(path);
  return (entry as { status: 200; data: T } | { status: 404 } | undefined) ?? null;
}

const OPEN_CONTAINER = /^\/api\/public\/open\/[^/]+\/container$/;

/** The organisation a server-rendered position page lent the layout (theme, footer), if any. */
export function preloadedPageContainer<T>(data: SsrData | null, url: string): T | null {
  if (!data || data.url !== url) return null;
  for (const [path, entry] of Object.entries(data.entries)) {
    if (OPEN_CONTAINER.test(path) && entry.status === 200) return entry.data as T;
  }
  return null;
}
