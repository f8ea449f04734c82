import type Router from '@koa/router';
import type { Context } from 'koa';
import { hostRules } from '../../engine/host-rules';
import type { Config } from '../config';
import type { ServerDeps } from '../base/deps';
import type { ContainerDoc, PositionDoc } from '../domain/core/docs';
import { slugify } from '../domain/positions/public';

/** A sitemap holds at most 50,000 URLs (sitemaps.org). */
const MAX_URLS = 50_000;

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** The origin the page was asked for: the sitemap protocol wants URLs on the sitemap's own host. */
function origin(ctx: Context): string {
  return `${ctx.protocol}://${ctx.host}`;
}

/**
 * robots.txt and sitemap.xml, so job search engines find the open positions: on an
 * organisation's host (host rules, engine/host-rules.ts) the sitemap lists that
 * organisation's open public positions; on the portal host every organisation's. Internal,
 * archived, closed and not yet started positions are never listed. The admin area and the
 * API are disallowed in robots.txt.
 */
export function mount(router: Router, deps: ServerDeps, _config: Config): void {
  router.get('/robots.txt', (ctx) => {
    ctx.type = 'text/plain; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api/', 'Disallow: /login', 'Disallow: /forgot', `Sitemap: ${origin(ctx)}/sitemap.xml`, ''].join('\n');
  });

  router.get('/sitemap.xml', async (ctx) => {
    const rules = hostRules(ctx.hostname);
    const now = deps.now();
    const filter: Record<string, unknown> = { isInternal: false, isArchived: false, start: { $lte: now }, stop: { $gte: now } };
    if (rules.routeSet === 'organisation') {
      const c = rules.containerName
        ? await deps.store.collection<ContainerDoc>('containers').findOne({ name: rules.containerName }, { projection: { id: 1 } })
        : null;
      // An organisation host nobody owns has nothing to list (an empty, valid sitemap).
      filter.containerId = c?.id ?? -1;
    }
    const positions = await deps.store
      .collection<PositionDoc>('positions')
      .find(filter, { sort: { start: -1, id: -1 }, limit: MAX_URLS, projection: { id: 1, name: 1, start: 1 } });
    const base = origin(ctx);
    const urls = positions.map((p) => {
      const lastmod = new Date(p.start * 1000).toISOString().slice(0, 10);
      return `  <url><loc>${xml(`${base}/${p.id}_${slugify(p.name)}`)}</loc><lastmod>${lastmod}</lastmod></url>`;
    });
    ctx.type = 'application/xml; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=600');
    ctx.body = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
  });
}
