import Database from 'better-sqlite3';
import { hostname } from 'node:os';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../../engine/fill';

/**
 * One process per DATA_DIR: the embedded store keeps per-collection metadata (multikey
 * flags) in memory and sweeps orphan blobs at start, which only one owner may do; the
 * earlier nedb store would even overwrite another process's writes at compaction.
 *
 * The lock is an OS file lock, not a pid file: a small SQLite database
 * (`.blankett-lock.sqlite`) opened with `locking_mode=EXCLUSIVE` and a write transaction
 * held open for the life of the process. SQLite takes that as a POSIX record lock (fcntl) on
 * the file, which the kernel keeps per open file on the filesystem, so it holds against a
 * server in another container (another pid namespace) on the same volume, where a pid in a
 * file means nothing; and the kernel drops it when the process ends, however it ends, so a
 * crashed owner never leaves a stale lock. SQLite also tracks its locks per inode inside one
 * process, so a second store opened in the same process is refused too.
 *
 * The lock file can be deleted from under a running server (its lock stays on the old inode,
 * and a new file would take a new lock). So the database file itself is asked too: a server
 * keeps `blankett.sqlite` open in WAL mode, where SQLite holds a shared lock on the file for
 * the life of the connection; a probe connection in `locking_mode=EXCLUSIVE` cannot take its
 * exclusive lock while any other connection, in any process, has the file open (issue 24).
 * Only the probe is exclusive: `npm run backup` reads the database while the server runs
 * (and a server started during a backup is refused like one started beside another server).
 * `.blankett-owner` says who holds the lock (pid, host, since), for the message only.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    /** The owner's pid as it wrote it (0 when unknown); in another container it is that container's pid. */
    readonly ownerPid: number,
    readonly ownerHost = '',
  ) {
    super(`${sv.store.dataDirLocked} (${fill(sv.store.dataDirLockedOwner, { dir: dataDir, pid: ownerPid || '?', host: ownerHost || '?' })})`);
    this.name = 'DataDirLockedError';
  }
}

export const LOCK_FILE = '.blankett-lock.sqlite';
/** The embedded store's database (embedded.ts SQLITE_FILE; not imported from there, which imports this file). */
const DB_FILE = 'blankett.sqlite';
export const OWNER_FILE = '.blankett-owner';
/** The pid file of earlier versions; removed once the real lock is ours. */
const OLD_PID_FILE = '.blankett.lock';

function readOwner(dataDir: string): { pid: number; host: string } {
  try {
    const o = JSON.parse(readFileSync(join(dataDir, OWNER_FILE), 'utf8')) as { pid?: unknown; host?: unknown };
    return { pid: Number.isInteger(o.pid) ? (o.pid as number) : 0, host: typeof o.host === 'string' ? o.host : '' };
  } catch {
    return { pid: 0, host: '' };
  }
}

function isBusy(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}

export interface DataDirLock {
  release(): void;
}

/**
 * Every lock this process holds. better-sqlite3 closes a connection its finaliser reaches,
 * and closing drops the file lock: a lock whose handle a caller let go of would end at the
 * next garbage collection, not at release() or exit. Held here, it cannot be collected.
 */
const held = new Set<Database.Database>();

/**
 * Whether another connection, in this process or another, has the directory's database open:
 * an exclusive lock on the file is then refused. A directory without a database is not in use.
 */
function databaseInUse(dataDir: string): boolean {
  const file = join(dataDir, DB_FILE);
  if (!existsSync(file)) return false;
  const probe = new Database(file, { timeout: 0, fileMustExist: true });
  try {
    probe.pragma('locking_mode = EXCLUSIVE');
    probe.exec('BEGIN EXCLUSIVE');
    probe.exec('ROLLBACK');
    return false;
  } catch (err) {
    if (isBusy(err)) return true;
    throw err;
  } finally {
    probe.close();
  }
}

/** Takes the directory's lock or throws DataDirLockedError naming the owner. */
export function lockDataDir(dataDir: string): DataDirLock {
  const db = new Database(join(dataDir, LOCK_FILE), { timeout: 0 });
  try {
    // Rollback journal (the default), not WAL, whose shared memory would let another
    // connection in; EXCLUSIVE keeps the file lock taken by BEGIN EXCLUSIVE until close.
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    // A write inside the transaction: SQLite holds an empty database's lock only once it has a page to protect.
    db.exec('CREATE TABLE IF NOT EXISTS held (at TEXT); INSERT INTO held VALUES (datetime())');
    // The lock file was ours to take, but it may be a new one beside a server whose file was deleted.
    if (databaseInUse(dataDir)) throw Object.assign(new Error('database in use'), { code: 'SQLITE_BUSY' });
  } catch (err) {
    db.close();
    if (isBusy(err)) {
      const owner = readOwner(dataDir);
      throw new DataDirLockedError(dataDir, owner.pid, owner.host);
    }
    throw err;
  }
  held.add(db);
  const me = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  writeFileSync(join(dataDir, OWNER_FILE), JSON.stringify(me) + '\n', { mode: 0o600 });
  rmSync(join(dataDir, OLD_PID_FILE), { force: true });
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      if (readOwner(dataDir).pid === me.pid && readOwner(dataDir).host === me.host) rmSync(join(dataDir, OWNER_FILE), { force: true });
      try {
        db.exec('ROLLBACK');
      } finally {
        held.delete(db);
        db.close();
      }
    },
  };
}
