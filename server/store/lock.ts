import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };

/**
 * One process per DATA_DIR: the embedded store keeps per-collection metadata (multikey
 * flags) in memory and sweeps orphan blobs at start, which only one owner may do; the
 * earlier nedb store would even overwrite another process's writes at compaction. The lock file holds the owner's pid; a lock left by a
 * process that no longer runs is taken over.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(`${sv.store.dataDirLocked} (${dataDir}, pid ${ownerPid})`);
    this.name = 'DataDirLockedError';
  }
}

const LOCK_NAME = '.blankett.lock';
/** Lock files this process holds: a file naming our pid that is not here was left by an earlier process with the same pid (containers restart as pid 1). */
const held = new Set<string>();

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function justCreated(path: string): boolean {
  try {
    return Date.now() - statSync(path).mtimeMs < 2000;
  } catch {
    return false;
  }
}

export interface DataDirLock {
  release(): void;
}

/** Takes the directory's lock or throws DataDirLockedError naming the owner. */
export function lockDataDir(dataDir: string): DataDirLock {
  const path = join(dataDir, LOCK_NAME);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      held.add(path);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          held.delete(path);
          if (readOwner(path) === process.pid) rmSync(path, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = readOwner(path);
      if (owner === process.pid) {
        // Another store in this process holds it (a conflict too), or a previous process had our pid.
        if (held.has(path)) throw new DataDirLockedError(dataDir, owner);
      } else if (owner !== null && processAlive(owner)) {
        throw new DataDirLockedError(dataDir, owner);
      }
      // An unreadable pid in a brand-new file: its owner is still writing it.
      if (owner === null && justCreated(path)) throw new DataDirLockedError(dataDir, 0);
      rmSync(path, { force: true });
    }
  }
  throw new DataDirLockedError(dataDir, readOwner(path) ?? 0);
}
