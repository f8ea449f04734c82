import type { Middleware } from 'koa';
import { isAdminPath } from '../../screens/adminPaths';

/**
 * The CSP for the Vite build: scripts and styles from our origin only (RJSF and the widgets set
 * inline style attributes, hence 'unsafe-inline' for styles, never for scripts), images also
 * from data:/blob: (image fields hold data URLs), the real-time socket on the same origin.
 * Inline scripts stay forbidden, so injected markup cannot run script.
 *
 * Two variants by path. The public pages (everything but screens/adminPaths.ts) get no
 * 'unsafe-eval': their forms arrive compiled from the server with a precompiled validator
 * module (server/domain/compiled-form.ts), so nothing is compiled in the browser. The admin
 * paths keep 'unsafe-eval': the builder, the screens and their previews compile forms with ajv
 * in the browser (forms are data, so they cannot be compiled at build time), and ajv generates
 * functions.
 */
const cspWith = (scriptSrc: string) => [
  "default-src 'self'",
  `script-src ${scriptSrc}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  // The applicant page previews attachments it fetched with the token as blob: URLs (a PDF
  // in a frame is drawn by the browser's viewer, a plugin document, hence object-src too).
  "frame-src 'self' blob:",
  "object-src blob:",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const CSP_PUBLIC = cspWith("'self'");
const CSP_ADMIN = cspWith("'self' 'unsafe-eval'");

/** The CSP of a response to a request for `path`. */
const cspFor = (path: string): string => (isAdminPath(path) ? CSP_ADMIN : CSP_PUBLIC);

/** Security headers on every response (API and static alike). */
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Content-Security-Policy', cspFor(ctx.path));
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    await next();
  };
}

const LOCAL_HOSTS = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$|\.localhost(:\d+)?$/i;

/**
 * In production behind a TLS-terminating proxy: a request the proxy marks as plain http
 * (`X-Forwarded-Proto: http`) for a non-local host is redirected to https (308 keeps the
 * method). Without the header we cannot know and leave the request alone; localhost is never
 * redirected so `npm start` stays usable over plain HTTP.
 */
export function httpsRedirect(enabled: boolean): Middleware {
  return async (ctx, next) => {
    if (enabled) {
      const proto = String(ctx.get('x-forwarded-proto')).split(',')[0]?.trim().toLowerCase();
      const host = ctx.get('host');
      if (proto === 'http' && host && !LOCAL_HOSTS.test(host) && /^[a-z0-9.:[\]-]+$/i.test(host)) {
        ctx.status = 308;
        ctx.redirect(`https://${host}${ctx.originalUrl}`);
        return;
      }
    }
    if (enabled) ctx.set('Strict-Transport-Security', 'max-age=15552000');
    await next();
  };
}
