import type Router from '@koa/router';
import { authenticate, principalOf } from '../auth/middleware';
import { requireAccess } from '../domain/accounts/access';
import type { ServerDeps } from '../base/deps';
import { loadApplication } from '../domain/applicants/applicants';
import { servedAs } from '../domain/organisations/sniff';
import { isHiddenApplication } from '../domain/screening/anonymous-screening';
import { neutralFiles } from '../domain/screening/neutral-files';
import { errors } from '../errors';
import { recordReads } from '../domain/gdpr/read-log';

/**
 * Staff download of an applicant's attachment (spec doc 2 §7):
 * GET /api/dispatcher/storage/application/{applicantId}/files/{url}. Bearer token and read
 * right on the applicant's position; the file must be one of that application's own, and
 * it is always sent as a download with the sniffed content type, an extension that
 * matches it (`cv.html` of plain text downloads as `cv.txt`) and `nosniff`, so an
 * uploaded file can never render as a page of ours.
 */
export function mount(router: Router, deps: ServerDeps): void {
  router.get('/api/dispatcher/storage/application/:applicantId/files/:url', authenticate(), async (ctx) => {
    const id = ctx.params.applicantId ?? '';
    const url = ctx.params.url ?? '';
    if (!/^\d{1,15}$/.test(id) || !/^[A-Za-z0-9_-]{1,100}$/.test(url)) throw errors.notFound();
    const principal = principalOf(ctx);
    const { level, containerId } = await requireAccess(deps, principal, 'read', 'applicant', { id: Number(id) });
    const application = await loadApplication(deps.store, Number(id));
    // While the application is anonymous the download carries the neutral name the list shows (neutral-files.ts).
    const hidden = await isHiddenApplication(deps.store, application);
    const file = (hidden ? neutralFiles(application.files, {}).files : (application.files ?? [])).find((f) => f.url === url);
    if (!file) throw errors.notFound();
    const blob = await deps.blobs.get(url);
    if (!blob) throw errors.notFound();
    const bytes = new Uint8Array(blob.data);
    const served = servedAs(bytes, file.filename);
    if (!served) throw errors.notFound();
    const ascii = served.filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    ctx.set('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(served.filename)}`);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
    ctx.set('Cache-Control', 'private, no-store');
    // The download is a read of the applicant (server/domain/gdpr/read-log.ts).
    recordReads(deps, { userId: principal.userId, containerId: containerId ?? application.containerId, role: level }, 'file', [application.id]);
    ctx.type = served.contentType;
    ctx.body = Buffer.from(bytes);
  });
}
