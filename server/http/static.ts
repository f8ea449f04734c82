import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { Context, Middleware } from 'koa';
import { isAdminPath } from '../../screens/adminPaths';
import type { Renderer, RenderRequest } from '../ssr/render';
import type { ServerDeps } from '../base/deps';
import { createRenderer } from '../ssr/render';
import { compressedAsset, compressible, pickEncoding, sendCompressed } from './compress';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** Vite puts content-hashed files under assets/ (e.g. index-3f9a1c2b.js); they never change. */
const HASHED = /(^|\/)assets\/.+[-.][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

function fileIn(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  // Dot segments name build internals (.ssr/ the server renderer, .vite/ the manifest): never served.
  if (decoded.includes('\0') || decoded.split('/').some((seg) => seg.startsWith('.'))) return null;
  const full = normalize(join(root, decoded));
  if (full !== root && !full.startsWith(root + sep)) return null;
  try {
    return statSync(full).isFile() ? full : null;
  } catch {
    return null;
  }
}

const HTML = TYPES['.html']!;
type ApplyFormHandler = (ctx: Context, renderer: Renderer, req: RenderRequest) => Promise<void>;

/** A Host header fit to be written into a page (canonical link, JobPosting url). */
const HOST_HEADER = /^[a-z0-9.:[\]-]{1,300}$/i;

/**
 * Serves the built front end from `distDir`: existing files with caching headers (a year,
 * immutable, for hashed assets; revalidate for the rest), compressed when the client accepts
 * it; the public pages rendered on the server (server/ssr/, when `deps` is given and the
 * build has the SSR bundle; 404 for the not-found page); and index.html (the SPA shell) for
 * admin paths and whenever a page cannot be rendered, so client routes work on reload.
 * Hashed assets missing from this build are looked up in `previousDistDirs` (DIST_PREVIOUS_DIR).
 */
export function serveSpa(
  distDir: string,
  deps?: Pick<ServerDeps, 'store' | 'now' | 'log'>,
  options: { previousDistDirs?: readonly string[]; applyForm?: ApplyFormHandler } = {},
): Middleware {
  const root = normalize(distDir);
  const previous = (options.previousDistDirs ?? []).map((d) => normalize(d));
  const index = join(root, 'index.html');
  const renderer = deps ? createRenderer(root, deps) : null;
  return async (ctx, next) => {
    // The apply page's own form sent without script (server/http/apply-form.ts).
    if (ctx.method === 'POST' && renderer && options.applyForm && /\/apply$/.test(ctx.path) && !ctx.path.startsWith('/api/') && !isAdminPath(ctx.path)) {
      const host = HOST_HEADER.test(ctx.host) ? ctx.host : 'localhost';
      return options.applyForm(ctx, renderer, { pathname: ctx.path, search: ctx.search, hostname: ctx.hostname, origin: `${ctx.protocol}://${host}` });
    }
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/') || ctx.path === '/api' || ctx.path.startsWith('/notifications')) {
      return next();
    }
    const file = ctx.path === '/' ? null : fileIn(root, ctx.path);
    if (file) return sendFile(ctx, file);
    // Rolling deploy: a page of an earlier build asks for its own hashed chunk (content-named,
    // so never a different file under the same name); only hashed assets come from there.
    if (HASHED.test(ctx.path)) {
      for (const dir of previous) {
        const old = fileIn(dir, ctx.path);
        if (old) return sendFile(ctx, old);
      }
    }
    // A missing hashed asset is a stale client, not a client route: answer 404, not the app.
    if (ctx.path.startsWith('/assets/') || !existsSync(index)) return next();
    ctx.set('Cache-Control', 'no-cache');
    // HEAD gets the same headers as GET (a Buffer body; Koa leaves it out of a HEAD answer).
    // A null body would turn into 204 (HEAD / once did).
    if (renderer && !isAdminPath(ctx.path)) {
      const host = HOST_HEADER.test(ctx.host) ? ctx.host : 'localhost';
      const page = await renderer.render({ pathname: ctx.path, search: ctx.search, hostname: ctx.hostname, origin: `${ctx.protocol}://${host}` });
      if (page?.location) {
        ctx.redirect(page.location);
        ctx.status = 301;
        return;
      }
      if (page) {
        ctx.status = page.status;
        return sendCompressed(ctx, Buffer.from(page.html), HTML);
      }
    }
    return sendCompressed(ctx, readFileSync(index), HTML);
  };
}

async function sendFile(ctx: Context, file: string): Promise<void> {
  const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  const hashed = HASHED.test(ctx.path);
  ctx.type = type;
  ctx.set('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');
  const size = statSync(file).size;
  const enc = compressible(type, size) ? pickEncoding(ctx) : null;
  if (enc && hashed) {
    ctx.set('Content-Encoding', enc);
    ctx.body = await compressedAsset(file, enc);
    return;
  }
  if (enc) return sendCompressed(ctx, readFileSync(file), type);
  ctx.length = size;
  ctx.body = createReadStream(file);
}
