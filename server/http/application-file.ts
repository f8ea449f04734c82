import type { Context } from 'koa';
import type { ServerDeps } from '../base/deps';
import type { ApplicationDoc } from '../domain/core/docs';
import { recordReads, type Reader } from '../domain/gdpr/read-log';
import { servedAs } from '../domain/organisations/sniff';
import { isHiddenApplication } from '../domain/screening/anonymous-screening';
import { neutralFiles } from '../domain/screening/neutral-files';
import { errors } from '../errors';

/** An attachment's stored name as the download routes take it. */
export const FILE_URL = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * Sends one of the application's own attachments as a download (the staff route and /api/v1):
 * the sniffed content type, an extension that matches it (`cv.html` of plain text downloads as
 * `cv.txt`) and `nosniff`, so an uploaded file can never render as a page of ours. While the
 * application is anonymous it carries the neutral name the list shows. The download is a read
 * of the applicant (read-log.ts).
 */
export async function sendApplicationFile(ctx: Context, deps: ServerDeps, application: ApplicationDoc, url: string, reader: Reader): Promise<void> {
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
  recordReads(deps, reader, 'file', [application.id]);
  ctx.type = served.contentType;
  ctx.body = Buffer.from(bytes);
}
