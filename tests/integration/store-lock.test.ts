import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../../server/store';
import { DataDirLockedError } from '../../server/store/lock';

describe('the embedded store on disk', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'blankett-lock-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps documents, counters and unique indexes across a restart', async () => {
    const first = await openStore({ dataDir: dir });
    const users = first.collection('users');
    await users.ensureIndex({ fields: { email: 1 }, unique: true });
    await users.insertOne({ id: await first.nextSequence('users'), email: 'a@x.se' });
    await users.updateOne({ email: 'a@x.se' }, { $set: { firstname: 'Anna' } });
    await first.close();

    const second = await openStore({ dataDir: dir });
    try {
      expect(await second.collection('users').find({})).toEqual([{ id: 1, email: 'a@x.se', firstname: 'Anna' }]);
      expect(await second.nextSequence('users')).toBe(2);
      await expect(second.collection('users').insertOne({ email: 'a@x.se' })).rejects.toThrow('duplicate key');
    } finally {
      await second.close();
    }
  });

  it('refuses a second store on the same directory while the first is open', async () => {
    const first = await openStore({ dataDir: dir });
    try {
      await expect(openStore({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      await first.close();
    }
    const again = await openStore({ dataDir: dir });
    await again.close();
  });

  it('refuses a directory locked by another running process, naming its pid', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      writeFileSync(join(dir, '.blankett.lock'), `${other.pid}\n`);
      const err = await openStore({ dataDir: dir }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DataDirLockedError);
      expect((err as DataDirLockedError).ownerPid).toBe(other.pid);
      expect((err as Error).message).toContain('används redan');
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('takes over a lock left by a process that has ended', async () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    writeFileSync(join(dir, '.blankett.lock'), `${gone.stdout.toString()}\n`);
    const store = await openStore({ dataDir: dir });
    try {
      expect(readFileSync(join(dir, '.blankett.lock'), 'utf8').trim()).toBe(String(process.pid));
    } finally {
      await store.close();
    }
  });

  it('takes over a lock naming its own pid that it does not hold (a restarted container is pid 1 again)', async () => {
    writeFileSync(join(dir, '.blankett.lock'), `${process.pid}\n`);
    const store = await openStore({ dataDir: dir });
    try {
      await expect(openStore({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      await store.close();
    }
  });
});
