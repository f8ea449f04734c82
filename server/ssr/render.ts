import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { escapeHtml as esc } from '../../engine/sanitize';
import type { ServerDeps } from '../base/deps';
import { countView } from '../domain/positions/publicReads';
import { APPLY_PAGE, BOOT, PUBLIC_APP, routeAssets, type Manifest } from './assets';
import { createRenderGuard, type CachedPage } from './guard';
import { resolveApiPath } from './resolve';

/** What server/ssr needs of the SSR bundle (screens/public/entry-server.tsx). */
type EntryModule = typeof import('../../screens/public/entry-server');
type SsrData = import('../../screens/public/entry-server').SsrData;
type ApplyFormState = NonNullable<SsrData['form']>;

/** Passes at most: a page needs two or three (organisation, then its positions). */
const MAX_PASSES = 4;

export interface RenderRequest {
  pathname: string;
  search: string;
  hostname: string;
  /** `http(s)://host[:port]` of the request, for the canonical link and JobPosting. */
  origin: string;
}

export interface Rendered {
  status: number;
  html: string;
  /** A moved page (301): where to. */
  location?: string;
}


/** index.html and the manifest, read again when the build changes under a running server. */
function fileCache<T>(file: string, parse: (text: string) => T): () => T | null {
  let mtime = -1;
  let value: T | null = null;
  return () => {
    try {
      const m = statSync(file).mtimeMs;
      if (m !== mtime) {
        value = parse(readFileSync(file, 'utf8'));
        mtime = m;
      }
    } catch {
      value = null;
      mtime = -1;
    }
    return value;
  };
}

/**
 * The server renderer of the public pages: loads `<dist>/.ssr/entry-server.js` once, renders
 * a URL in passes (each pass reports the public API paths it lacks; they are answered in
 * process and the page is drawn again), and writes the head (title, description, canonical,
 * noindex, JobPosting, the route's CSS and module preloads) and the data block into
 * index.html. `render` answers null when it cannot (no bundle, no index.html, an error):
 * the caller then serves the SPA shell.
 */
const VALIDATOR_URL = /^\/api\/public\/validators\/[A-Za-z0-9_-]{1,128}\.js(\?[A-Za-z0-9=&_-]{1,200})?$/;

/** The precompiled validator modules of the positions on the page (PublicPosition.compiledForm.validator): the apply page imports its one. */
function validatorModules(data: SsrData): string[] {
  const urls = Object.values(data.entries).map((e) => (e.status === 200 ? (e.data as { compiledForm?: { validator?: unknown } } | null)?.compiledForm?.validator : undefined));
  return [...new Set(urls.filter((u): u is string => typeof u === 'string' && VALIDATOR_URL.test(u)))];
}

/** Ids of the positions whose public answer the page holds (a view each, as the API counts). */
function viewedPositions(data: SsrData): number[] {
  return Object.entries(data.entries).flatMap(([path, e]) =>
    /^\/api\/public\/positions\/[^/?]+$/.test(path) && e.status === 200 && typeof (e.data as { id?: unknown }).id === 'number' ? [(e.data as { id: number }).id] : [],
  );
}

export function createRenderer(distDir: string, deps: Pick<ServerDeps, 'store' | 'now' | 'log'>) {
  const guard = createRenderGuard();
  // Apply pages drawn for a form sent without script that hold nothing of the sender's: the page
  // learnt from (no form) and a refusal before any answer was read (issue 24: a flood of posts must not cost renders each).
  const applyPages = createRenderGuard<{ page: CachedPage; data: SsrData }>();
  const bundle = join(distDir, '.ssr', 'entry-server.js');
  const template = fileCache(join(distDir, 'index.html'), (t) => t);
  const manifest = fileCache(join(distDir, '.vite', 'manifest.json'), (t) => JSON.parse(t) as Manifest);
  let entry: Promise<EntryModule | null> | undefined;
  const load = () =>
    (entry ??= (async () => {
      if (!existsSync(bundle)) {
        deps.log.warn('ssr bundle missing: public pages are served as the client-rendered SPA shell', { bundle });
        return null;
      }
      try {
        return (await import(pathToFileURL(bundle).href)) as EntryModule;
      } catch (err) {
        deps.log.error('ssr bundle failed to load: public pages are served as the client-rendered SPA shell', { bundle, error: err instanceof Error ? err.message : String(err) });
        return null;
      }
    })());

  /** The page of `req` drawn afresh, or null when it cannot be. */
  async function renderFresh(mod: EntryModule, shell: string, req: RenderRequest, form?: ApplyFormState, seen?: (data: SsrData) => void): Promise<CachedPage | null> {
    const url = req.pathname + req.search;
    const data: SsrData = { url, hostname: mod.effectiveHostname({ hostname: req.hostname, search: req.search }, null), entries: {} };
    if (form) data.form = form;
    const tried = new Set<string>();
    try {
      let pass = await mod.renderPage(data, req.origin);
      for (let i = 1; i < MAX_PASSES; i++) {
        const todo = [...pass.sink.missing].filter((p) => !tried.has(p));
        if (todo.length === 0) break;
        for (const p of todo) tried.add(p);
        const answers = await Promise.all(todo.map((p) => resolveApiPath(deps, p)));
        answers.forEach((a, k) => {
          if (a.status !== 'skip') data.entries[todo[k]!] = a;
        });
        pass = await mod.renderPage(data, req.origin);
      }
      seen?.(data);
      const { head, status, location } = pass.sink;
      // A moved page: its view is counted at the new address, not here.
      if (location) return { status: 301, html: '', location, viewed: [] };
      const applying = status === 200 && /\/apply$/.test(req.pathname);
      const assets = routeAssets(manifest(), applying ? [BOOT, PUBLIC_APP, APPLY_PAGE] : [BOOT, PUBLIC_APP], shell);
      if (applying) assets.scripts.push(...validatorModules(data));
      const tags = [
        head.description !== undefined ? `<meta name="description" content="${esc(mod.metaDescription(head.description))}">` : '',
        head.canonicalPath ? `<link rel="canonical" href="${esc(req.origin + head.canonicalPath)}">` : '',
        head.noindex ? '<meta name="robots" content="noindex, nofollow">' : '',
        ...assets.styles.map((h) => `<link rel="stylesheet" crossorigin href="${esc(h)}">`),
        ...assets.scripts.map((h) => `<link rel="modulepreload" crossorigin href="${esc(h)}">`),
        head.jobPosting ? `<script type="application/ld+json" id="${mod.JOB_POSTING_ID}">${mod.jsonForScript(head.jobPosting)}</script>` : '',
      ].filter(Boolean);
      const title = `<title>${esc(mod.documentTitle(head.title ?? ''))}</title>`;
      const block = `<script type="application/json" id="${mod.SSR_DATA_ID}">${mod.jsonForScript(data)}</script>`;
      const html = shell
        .replace(/<title>[^<]*<\/title>/, () => `${title}\n    ${tags.join('\n    ')}`)
        .replace('<div id="root"></div>', () => `<div id="root">${pass.html}</div>${block}`);
      return { status, html, viewed: viewedPositions(data) };
    } catch (err) {
      deps.log.error('ssr failed: serving the SPA shell', { path: req.pathname.slice(0, 200), error: err instanceof Error ? err.message : String(err) });
      return null;
    }
  }

  let busyLogged = 0;
  async function render(req: RenderRequest): Promise<Rendered | null> {
    const mod = await load();
    const shell = template();
    if (!mod || !shell) return null;
    const key = `${req.origin}\n${req.hostname}\n${req.pathname}${req.search}`;
    const hit = guard.get(key);
    if (hit) {
      // Served from memory, still seen: each view counts as the API's GET would count it.
      await Promise.all(hit.viewed.map((id) => countView(deps, id)));
      return hit;
    }
    const page = await guard.limit(() => renderFresh(mod, shell, req));
    if (page === 'busy') {
      if (Date.now() - busyLogged > 10_000) {
        busyLogged = Date.now();
        deps.log.warn('ssr busy: serving the SPA shell', { path: req.pathname.slice(0, 200) });
      }
      return null;
    }
    if (!page) return null;
    // A move is not kept: after a rename back the old address must be the page again at once.
    if (!page.location) guard.put(key, page);
    return page;
  }
  /**
   * The apply page for a form sent without script, cached (for the guard's second) only while
   * it holds nothing of the sender's: `form` undefined draws it as a GET would, to learn its
   * position, or a state without answers or errors (a refusal before the body was read).
   * Also answers the page's data (the public position the page shows).
   */
  async function renderApply(req: RenderRequest, form?: ApplyFormState): Promise<{ page: CachedPage; data: SsrData } | null> {
    const mod = await load();
    const shell = template();
    if (!mod || !shell) return null;
    const anonymous = !form || (Object.keys(form.answers).length === 0 && form.errors.length === 0);
    const key = anonymous ? `${req.origin}\n${req.hostname}\n${req.pathname}${req.search}\n${JSON.stringify(form ?? null)}` : null;
    const hit = key ? applyPages.get(key) : null;
    if (hit) return hit;
    let data: SsrData | undefined;
    const page = await guard.limit(() => renderFresh(mod, shell, req, form, (d) => (data = d)));
    if (!page || page === 'busy' || !data) return null;
    if (key) applyPages.put(key, { page, data });
    return { page, data };
  }
  return { render, renderApply };
}

export type Renderer = ReturnType<typeof createRenderer>;
