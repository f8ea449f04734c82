import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { SharedSync } from './shared-sync';

async function syncDir(dir: string): Promise<void> {
  const d = await open(dir, 'r');
  try {
    await d.sync();
  } finally {
    await d.close();
  }
}

/** Each directory's sync, shared by the renames into it that wait at the same time; gone once idle. */
const dirSyncs = new Map<string, SharedSync>();

async function syncDirShared(dir: string): Promise<void> {
  let shared = dirSyncs.get(dir);
  if (!shared) dirSyncs.set(dir, (shared = new SharedSync(() => syncDir(dir))));
  try {
    await shared.run();
  } finally {
    if (shared.idle && dirSyncs.get(dir) === shared) dirSyncs.delete(dir);
  }
}

/**
 * Writes `data` to `path` so that a reader sees either no file or the whole file, never half of
 * it: the bytes go to a hidden temporary file beside it (`.tmp-…`, a name no reader lists), are
 * flushed (fdatasync), and the file is renamed into place, then the directory is synced (one
 * sync shared by the renames into it that wait meanwhile: a campaign's confirmations, SharedSync).
 * Blobs, outbox mail and partner documents are all written this way.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array, mode = 0o600): Promise<void> {
  const dir = dirname(path);
  const tmp = join(dir, `.tmp-${randomBytes(8).toString('hex')}`);
  try {
    const fh = await open(tmp, 'wx', mode);
    try {
      await fh.writeFile(data);
      await fh.datasync();
    } finally {
      await fh.close();
    }
    await rename(tmp, path);
    await syncDirShared(dir);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}
