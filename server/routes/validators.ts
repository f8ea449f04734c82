import type Router from '@koa/router';
import type { ServerDeps } from '../base/deps';
import { validatorModule } from '../domain/forms/compiled-form';
import { findPublicPosition } from '../domain/positions/public';
import { errors } from '../errors';

/**
 * `GET /api/public/validators/<hash>-<position>.js` (the position's id, or linkId when internal): a position form's validator as an ES
 * module of ajv standalone code (server/domain/compiled-form.ts, engine/standalone.ts). Its name
 * is the hash of its content, so it is cached forever. A process that does not hold it (another
 * process, a restart) makes it again from the position's current form, and serves it only when
 * the hash is the one asked for; any other hash is a 404 JSON error, and the page then shows its
 * error state.
 */
export function mount(router: Router, deps: ServerDeps): void {
  router.get('/api/public/validators/:file', async (ctx) => {
    const m = /^([0-9a-f]{32})(?:-(\d{1,15}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}))?\.js$/i.exec(ctx.params.file ?? '');
    if (!m) throw errors.notFound();
    const ref = m[2];
    const position = ref ? () => findPublicPosition(deps.store, ref).catch(() => null) : undefined;
    const mod = await validatorModule(m[1]!, position);
    if (!mod) throw errors.notFound();
    const etag = `"${mod.hash}"`;
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('ETag', etag);
    ctx.set('X-Content-Type-Options', 'nosniff');
    if (ctx.get('If-None-Match').split(',').some((t) => t.trim() === etag)) {
      ctx.status = 304;
      return;
    }
    ctx.type = 'text/javascript; charset=utf-8';
    ctx.body = mod.code;
  });
}
