import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { Middleware } from 'koa';

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
  if (decoded.includes('\0')) return null;
  const full = normalize(join(root, decoded));
  if (full !== root && !full.startsWith(root + sep)) return null;
  try {
    return statSync(full).isFile() ? full : null;
  } catch {
    return null;
  }
}

/**
 * Serves the built front end from `distDir`: existing files with caching headers (a year,
 * immutable, for hashed assets; revalidate for the rest) and index.html for every other
 * GET outside /api and /notifications, so the SPA's client routes work on reload.
 */
export function serveSpa(distDir: string): Middleware {
  const root = normalize(distDir);
  const index = join(root, 'index.html');
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/') || ctx.path === '/api' || ctx.path.startsWith('/notifications')) {
      return next();
    }
    const file = ctx.path === '/' ? null : fileIn(root, ctx.path);
    if (file) {
      ctx.type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
      ctx.set('Cache-Control', HASHED.test(ctx.path) ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');
      ctx.length = statSync(file).size;
      ctx.body = createReadStream(file);
      return;
    }
    // A missing hashed asset is a stale client, not a client route: answer 404, not the app.
    if (ctx.path.startsWith('/assets/') || !existsSync(index)) return next();
    ctx.type = TYPES['.html']!;
    ctx.set('Cache-Control', 'no-cache');
    // HEAD gets the same body as GET: Koa answers HEAD with GET's status and headers and
    // destroys the unread stream. A null body would turn into 204 (HEAD / once did).
    ctx.length = statSync(index).size;
    ctx.body = createReadStream(index);
  };
}
