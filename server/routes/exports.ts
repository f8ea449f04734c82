import type { Readable } from 'node:stream';
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { authenticate, principalOf } from '../auth/middleware';
import { requireAccess } from '../domain/accounts/access';
import type { ServerDeps } from '../base/deps';
import { loadContainer } from '../domain/organisations/containers';
import { CSV_NAME, PDF_NAME, takeTicket } from '../domain/exports/exports';
import { applicantsCsv } from '../domain/exports/exports-csv';
import { applicantsPdf } from '../domain/exports/exports-pdf';
import { loadPosition } from '../domain/positions/positions';
import { errors } from '../errors';
import { recordReads } from '../domain/gdpr/read-log';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };

/**
 * GET /api/exports/<ticket>/<file>: streams the export a create_*Export action prepared.
 * Bearer token of the user the ticket was issued to; the read right on the position is
 * checked again (rights may have changed since); a ticket works once, for five minutes.
 */
export function mount(router: Router, deps: ServerDeps): void {
  // The ticket is the download's key: the access log names the file, not the ticket, whatever the answer.
  const hideTicket: Middleware = (ctx, next) => {
    ctx.state.logPath = '/api/exports/[ticket]';
    return next();
  };
  router.get('/api/exports/:ticket/:file', hideTicket, authenticate(), async (ctx) => {
    const principal = principalOf(ctx);
    const ticket = ctx.params.ticket ?? '';
    if (!/^[A-Za-z0-9_-]{32}$/.test(ticket)) throw errors.notFound();
    const spec = await takeTicket(deps.coord, ticket, principal.userId);
    if (!spec || ctx.params.file !== (spec.kind === 'csv' ? CSV_NAME : PDF_NAME)) throw errors.notFound(sv.exports.expired);
    const { level } = await requireAccess(deps, principal, 'read', 'position', { positionId: spec.positionId });
    // Every exported applicant is a read (server/domain/gdpr/read-log.ts).
    const reader = { userId: principal.userId, containerId: spec.containerId, role: level };
    const p = await loadPosition(deps.store, spec.positionId);
    const c = await loadContainer(deps.store, p.containerId);
    // Koa leaves a response open when its stream fails after the headers went out: the
    // connection is cut instead, so the browser sees a failed download, never a short file.
    const cutOnError = <S extends Readable>(stream: S): S =>
      stream.once('error', (err: Error) => {
        deps.log.error('export failed', { kind: spec.kind, error: err.name });
        ctx.res.destroy();
      });
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('X-Content-Type-Options', 'nosniff');
    if (spec.kind === 'csv') {
      ctx.type = 'text/csv; charset=utf-8';
      ctx.attachment(CSV_NAME);
      ctx.body = cutOnError(await applicantsCsv(deps.store, c, p, spec.query, principal.userId, { level, onRows: (ids) => recordReads(deps, reader, 'export', ids) }));
    } else {
      ctx.type = 'application/pdf';
      ctx.attachment(PDF_NAME);
      recordReads(deps, reader, 'export', spec.ids);
      ctx.body = cutOnError(await applicantsPdf(deps.store, c, p, spec.ids, level));
    }
  });
}
