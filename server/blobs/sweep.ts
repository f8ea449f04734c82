import { rm, stat } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import type { Logger } from '../base/logger';
import type { Store } from '../store/port';
import type { FileBlobStore } from './file';
import { walk } from '../store/walk';

/**
 * Start-up clean-up of what a crash leaves under `<dataDir>/blobs`:
 *
 * - temporary files of the blob writer (`.tmp-*`, written and then renamed by FileBlobStore.put),
 *   all of them: at start nothing is being written;
 * - orphan attachments: `app-<applicationId>-<uuid>` blobs (the only ones the apply flow
 *   writes, domain/attachments.ts) whose application does not exist or does not list them —
 *   stored before an application insert that never committed, or left when a delete stopped
 *   between the application and its files. Only blobs older than `graceMs` go; blobs of any
 *   other name are kept (nothing here knows their owner).
 *
 * At start the grace can be 0: the DATA_DIR lock is ours and the server does not listen yet,
 * so no apply is between its blob and its insert.
 */

export const ATTACHMENT = /^app-(\d{1,15})-[0-9a-f-]{36}$/;

export interface SweepResult {
  temporary: number;
  orphans: number;
}

export async function sweepBlobs(blobs: FileBlobStore, store: Store, options: { graceMs?: number; log?: Logger } = {}): Promise<SweepResult> {
  const grace = options.graceMs ?? 0;
  const now = Date.now();
  const result: SweepResult = { temporary: 0, orphans: 0 };
  const apps = store.collection<{ id: number; files?: { url?: string }[] }>('applications');
  for await (const path of walk(blobs.root)) {
    const name = path.slice(path.lastIndexOf(sep) + 1);
    if (name.startsWith('.tmp-')) {
      await rm(path, { force: true });
      result.temporary++;
      continue;
    }
    const id = relative(blobs.root, path).split(sep).join('/');
    const m = ATTACHMENT.exec(id);
    if (!m) continue;
    const info = await stat(path).catch(() => null);
    if (!info || now - info.mtimeMs < grace) continue;
    const app = await apps.findOne({ id: Number(m[1]) }, { projection: { id: 1, files: 1 } });
    if (app?.files?.some((f) => f.url === id)) continue;
    await rm(path, { force: true });
    result.orphans++;
  }
  if (result.temporary || result.orphans) options.log?.warn('blobs left by a crash removed', { ...result });
  return result;
}
