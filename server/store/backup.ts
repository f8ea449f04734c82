import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { chmod, copyFile, lstat, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync, realpathSync, type Stats } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../../engine/fill';
import { SQLITE_FILE } from './embedded';
import { LOCK_FILE, OWNER_FILE, lockDataDir } from './lock';
import { walk } from './walk';

/**
 * Backup and restore of the embedded store's DATA_DIR while the portal runs (`npm run
 * backup -- <dir>`, `npm run restore -- <dir>`).
 *
 * The database: SQLite's online backup API on a connection of our own, all pages in ONE
 * step. One step is one read transaction, so the copy is the database as it was at one
 * commit, WAL content included (copying blankett.sqlite as a file misses what is still in
 * the WAL: 14 of 767 acknowledged applications were lost that way). In several steps a
 * write by the server between two steps would restart the copy, and under steady applying
 * it would never finish. A WAL reader never blocks the server's writes.
 *
 * Attachments: a blob is written (and fsync'ed) before the application that lists it is
 * inserted, and never changes afterwards (`app-<id>-<uuid>`, domain/attachments.ts; a put
 * replaces a file by rename, so a copy reads one whole version). So blobs are copied once
 * before the snapshot (most of them, while the server keeps writing) and once after it
 * (those written meanwhile): every blob an application in the snapshot lists existed
 * before the snapshot and is in the copy, unless the application was deleted in the
 * moments between; those are counted and reported, never silent.
 *
 * The rest of DATA_DIR (jwt-secret, the mail and partner outboxes, a migrated nedb
 * directory) is copied as it is, so tokens issued before the backup hold after a restore.
 * A manifest written last marks the copy complete; restore refuses a directory without one.
 */

const MANIFEST = 'blankett-backup.json';
const BLOBS = 'blobs';
const t = sv.backup;

/** A refusal or failure with a Swedish message for the operator. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export interface BackupResult {
  applications: number;
  files: number;
  bytes: number;
  /** Files listed by an application of the snapshot but deleted by the portal before they were copied. */
  removedSince: number;
  seconds: number;
  /** Things the operator must know (Swedish). */
  notes: string[];
}

export interface RestoreResult {
  applications: number;
  files: number;
}

/** Files of DATA_DIR that belong to the live database or the lock, never copied as files. */
function isLive(name: string): boolean {
  return name.startsWith(SQLITE_FILE) || name.startsWith(LOCK_FILE) || name === OWNER_FILE || name === '.blankett.lock';
}

async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}

const identity = (s: Stats) => `${s.ino}:${s.size}:${s.mtimeMs}`;

/** Copies one file, keeping its mode; false when it vanished before it could be read. */
async function copyOne(from: string, to: string): Promise<Stats | null> {
  try {
    const before = await stat(from);
    await mkdir(dirname(to), { recursive: true, mode: 0o700 });
    await copyFile(from, to);
    await chmod(to, before.mode & 0o777);
    return before;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** Copies the blobs not copied yet, or replaced since. */
async function copyBlobs(dataDir: string, target: string, copied: Map<string, string>): Promise<void> {
  const root = join(dataDir, BLOBS);
  for await (const path of walk(root)) {
    const rel = relative(root, path);
    if (rel.split(sep).pop()!.startsWith('.tmp-')) continue;
    const now = await stat(path).catch(() => null);
    if (!now || copied.get(rel) === identity(now)) continue;
    const was = await copyOne(path, join(target, BLOBS, rel));
    if (was) copied.set(rel, identity(was));
  }
}

/** Everything of DATA_DIR but the live database, the lock and the blobs. */
async function copyRest(from: string, to: string): Promise<void> {
  for await (const path of walk(from)) {
    const rel = relative(from, path);
    const top = rel.split(sep)[0]!;
    if (top === BLOBS || top === MANIFEST || isLive(top) || rel.split(sep).pop()!.startsWith('.tmp-')) continue;
    await copyOne(path, join(to, rel));
  }
}

/** The database's own check; throws BackupError naming what is wrong. */
function check(file: string): { applications: number; urls: string[] } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const result = db.pragma('quick_check', { simple: true });
    if (result !== 'ok') throw new BackupError(fill(t.corrupt, { dir: file, detail: String(result) }));
    const hasApps = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'd_applications'").get();
    if (!hasApps) return { applications: 0, urls: [] };
    const applications = db.prepare('SELECT count(*) FROM d_applications').pluck().get() as number;
    const urls = db.prepare("SELECT f.value ->> '$.url' FROM d_applications a, json_each(a.doc, '$.files') f").pluck().all() as (string | null)[];
    return { applications, urls: urls.filter((u): u is string => typeof u === 'string' && u.length > 0) };
  } finally {
    db.close();
  }
}

/** Flushes what was written under `dir` to the disk (best effort where `sync -f` is missing). */
function flush(dir: string): void {
  try {
    execFileSync('sync', ['-f', dir], { stdio: 'ignore' });
  } catch {
    // No coreutils sync: the copy is complete, only not yet forced to the disk.
  }
}

/** The path with symbolic links resolved as far as it exists (a link must not smuggle the copy into DATA_DIR). */
function real(path: string): string {
  const abs = resolve(path);
  try {
    return realpathSync(abs);
  } catch {
    return abs === dirname(abs) ? abs : join(real(dirname(abs)), basename(abs));
  }
}

function inside(childIn: string, parentIn: string): boolean {
  const child = real(childIn);
  const parent = real(parentIn);
  const rel = relative(parent, child);
  return rel === '' || !(rel === '..' || rel.startsWith('..' + sep) || isAbsolute(rel));
}

/** Takes a consistent copy of a (running) portal's DATA_DIR into the empty directory `target`. */
export async function backupDataDir(
  dataDirIn: string,
  targetIn: string,
  options: { env?: NodeJS.ProcessEnv; progress?: (step: string) => void } = {},
): Promise<BackupResult> {
  const { env = process.env, progress = () => undefined } = options;
  const started = performance.now();
  const dataDir = resolve(dataDirIn);
  const target = resolve(targetIn);
  const source = join(dataDir, SQLITE_FILE);
  if (!existsSync(source)) throw new BackupError(fill(t.noStore, { dir: dataDir }));
  if (inside(target, dataDir) || inside(dataDir, target)) throw new BackupError(fill(t.targetInside, { dir: dataDir }));
  if (!(await isEmptyDir(target))) throw new BackupError(fill(t.targetNotEmpty, { dir: target }));
  await mkdir(target, { recursive: true, mode: 0o700 });
  try {
    const copied = new Map<string, string>();
    progress(t.stepBlobs);
    await copyBlobs(dataDir, target, copied);

    const db = new Database(source, { fileMustExist: true, timeout: 5000 });
    try {
      progress(t.stepDatabase);
      // 0x7fffffff pages per step: the whole database in one step, i.e. one read transaction.
      await db.backup(join(target, SQLITE_FILE), { progress: () => 0x7fffffff });
    } finally {
      db.close();
    }
    // One self-contained file (the copy carries the source's WAL flag; the server sets WAL again on open).
    const copy = new Database(join(target, SQLITE_FILE), { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    const snapshot = check(join(target, SQLITE_FILE));

    progress(t.stepBlobsAgain);
    await copyBlobs(dataDir, target, copied);
    let removedSince = 0;
    const missing: string[] = [];
    for (const url of new Set(snapshot.urls)) {
      const rel = url.split('/').join(sep);
      if (existsSync(join(target, BLOBS, rel))) continue;
      if (existsSync(join(dataDir, BLOBS, rel))) missing.push(url);
      else removedSince++;
    }
    if (missing.length) throw new BackupError(fill(t.missingFiles, { count: missing.length }));

    await copyRest(dataDir, target);
    const notes: string[] = [];
    if (removedSince) notes.push(fill(t.removedSince, { count: removedSince }));
    if (env.JWT_SECRET) notes.push(t.jwtFromEnv);
    let bytes = 0;
    for await (const path of walk(target)) bytes += (await lstat(path)).size;
    const result: BackupResult = {
      applications: snapshot.applications,
      files: copied.size,
      bytes,
      removedSince,
      seconds: (performance.now() - started) / 1000,
      notes,
    };
    flush(target);
    const manifest = { format: 1, createdAt: new Date().toISOString(), dataDir, applications: result.applications, files: result.files, removedSince };
    await writeFile(join(target, MANIFEST), JSON.stringify(manifest, null, 2) + '\n', { mode: 0o600 });
    flush(target);
    return result;
  } catch (err) {
    // The directory was empty: a failed copy leaves nothing that could pass for a backup.
    for (const name of await readdir(target).catch(() => [] as string[])) await rm(join(target, name), { recursive: true, force: true });
    throw err;
  }
}

/** Puts a backup made by backupDataDir into the empty DATA_DIR `dataDirIn`, holding its lock meanwhile. */
export async function restoreDataDir(backupIn: string, dataDirIn: string): Promise<RestoreResult> {
  const backup = resolve(backupIn);
  const dataDir = resolve(dataDirIn);
  const manifest = await readFile(join(backup, MANIFEST), 'utf8').catch(() => null);
  if (manifest === null || !existsSync(join(backup, SQLITE_FILE))) throw new BackupError(fill(t.notABackup, { dir: backup }));
  if (inside(dataDir, backup) || inside(backup, dataDir)) throw new BackupError(fill(t.targetInside, { dir: dataDir }));
  if (!(await isEmptyDir(dataDir))) throw new BackupError(fill(t.dataDirNotEmpty, { dir: dataDir }));
  const snapshot = check(join(backup, SQLITE_FILE));
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  // No server may start on the directory while it fills up.
  const lock = lockDataDir(dataDir);
  try {
    let files = 0;
    const root = join(backup, BLOBS);
    for await (const path of walk(root)) {
      await copyOne(path, join(dataDir, BLOBS, relative(root, path)));
      files++;
    }
    await copyRest(backup, dataDir);
    // The database last, whole or not at all: a DATA_DIR with blankett.sqlite in it is a whole one.
    await copyOne(join(backup, SQLITE_FILE), join(dataDir, `${SQLITE_FILE}.restoring`));
    flush(dataDir);
    await rename(join(dataDir, `${SQLITE_FILE}.restoring`), join(dataDir, SQLITE_FILE));
    flush(dataDir);
    return { applications: snapshot.applications, files };
  } catch (err) {
    // DATA_DIR was empty: leave it so (but for the lock, still ours), ready for another try.
    for (const name of await readdir(dataDir).catch(() => [] as string[])) {
      if (name !== OWNER_FILE && !name.startsWith(LOCK_FILE)) await rm(join(dataDir, name), { recursive: true, force: true });
    }
    throw err;
  } finally {
    lock.release();
  }
}
