import type { Store } from '../store/port';
import type { GridFsBlobStore } from './gridfs';
import { ATTACHMENT } from './sweep';

/**
 * The GridFS side of what sweep.ts does for files: an attachment (`app-<applicationId>-<uuid>`,
 * written before its application, domain/attachments.ts) whose application does not exist or
 * does not list it is removed once it is older than the grace — a process killed between the
 * upload and the application's insert, or in the middle of a delete, leaves one. Unlike the
 * file store's start-up sweep, other instances are serving meanwhile, so the grace (an hour
 * by default) must cover any apply still between its upload and its insert. Blobs of other
 * names are kept (nothing here knows their owner). Runs as a scheduled job (server/jobs).
 */
export async function sweepGridFs(blobs: GridFsBlobStore, store: Store, options: { graceMs?: number; nowMs?: number } = {}): Promise<{ orphans: number }> {
  const before = new Date((options.nowMs ?? Date.now()) - (options.graceMs ?? 60 * 60 * 1000));
  const apps = store.collection<{ id: number; files?: { url?: string }[] }>('applications');
  let orphans = 0;
  for await (const id of blobs.namesUploadedBefore(before)) {
    const m = ATTACHMENT.exec(id);
    if (!m) continue;
    const app = await apps.findOne({ id: Number(m[1]) }, { projection: { id: 1, files: 1 } });
    if (app?.files?.some((f) => f.url === id)) continue;
    await blobs.delete(id);
    orphans++;
  }
  return { orphans };
}
