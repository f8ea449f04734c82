import type Router from '@koa/router';
import { validatorModule } from '../domain/compiled-form';
import { errors } from '../errors';

/**
 * `GET /api/public/validators/<hash>.js`: a position form's validator as an ES module of ajv
 * standalone code (server/domain/compiled-form.ts, engine/standalone.ts). Its name is the hash
 * of its content, so it is cached forever; a hash this server did not produce (or no longer
 * holds) is a 404 JSON error, and the page then shows its error state.
 */
export function mount(router: Router): void {
  router.get('/api/public/validators/:file', (ctx) => {
    const m = /^([0-9a-f]{32})\.js$/.exec(ctx.params.file ?? '');
    const mod = m ? validatorModule(m[1]!) : undefined;
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
