import type Router from '@koa/router';
import { authenticate, principalOf } from '../auth/middleware';
import { requireAccess } from '../domain/accounts/access';
import type { ServerDeps } from '../base/deps';
import { loadApplication } from '../domain/applicants/applicants';
import { FILE_URL, sendApplicationFile } from '../http/application-file';
import { errors } from '../errors';

/**
 * Staff download of an applicant's attachment (spec doc 2 §7):
 * GET /api/dispatcher/storage/application/{applicantId}/files/{url}. Bearer token and read
 * right on the applicant's position; the file must be one of that application's own, and
 * it is always sent as a download (server/http/application-file.ts).
 */
export function mount(router: Router, deps: ServerDeps): void {
  router.get('/api/dispatcher/storage/application/:applicantId/files/:url', authenticate(), async (ctx) => {
    const id = ctx.params.applicantId ?? '';
    const url = ctx.params.url ?? '';
    if (!/^\d{1,15}$/.test(id) || !FILE_URL.test(url)) throw errors.notFound();
    const principal = principalOf(ctx);
    const { level, containerId } = await requireAccess(deps, principal, 'read', 'applicant', { id: Number(id) });
    const application = await loadApplication(deps.store, Number(id));
    await sendApplicationFile(ctx, deps, application, url, { userId: principal.userId, containerId: containerId ?? application.containerId, role: level });
  });
}
