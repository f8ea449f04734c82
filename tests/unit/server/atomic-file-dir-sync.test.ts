import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeFileAtomic } from '../../../server/store/atomic-file';

/** Opens of one folder for reading: its syncs (atomic-file.ts opens a folder only to sync it). */
const dirOpens = vi.hoisted(() => ({ path: '', count: 0 }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const open: typeof real.open = (path, flags, mode) => {
    if (path === dirOpens.path && flags === 'r') dirOpens.count++;
    return real.open(path, flags, mode);
  };
  return { ...real, default: { ...real, open }, open };
});

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('writeFileAtomic: the folder sync', () => {
  it('writes that wait on the same folder share its syncs: 40 at once cost far fewer than 40, and every file is whole', async () => {
    dir = mkdtempSync(join(tmpdir(), 'atomic-'));
    dirOpens.path = dir;
    await Promise.all(Array.from({ length: 40 }, (_, i) => writeFileAtomic(join(dir, `${i}.eml`), `mail ${i}`)));
    expect(readdirSync(dir).sort()).toEqual(Array.from({ length: 40 }, (_, i) => `${i}.eml`).sort());
    for (let i = 0; i < 40; i++) expect(readFileSync(join(dir, `${i}.eml`), 'utf8')).toBe(`mail ${i}`);
    // Each rename is followed by a sync begun after it (SharedSync); before, each write had its own: 40.
    expect(dirOpens.count).toBeGreaterThan(0);
    expect(dirOpens.count).toBeLessThan(20);
  });

  it('a write after the others finished gets a sync of its own', async () => {
    dir = mkdtempSync(join(tmpdir(), 'atomic-'));
    dirOpens.path = dir;
    dirOpens.count = 0;
    await writeFileAtomic(join(dir, 'a.eml'), 'a');
    await writeFileAtomic(join(dir, 'b.eml'), 'b');
    expect(dirOpens.count).toBe(2);
  });
});
