import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../../server/store/atomic-file';

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'atomic-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('writeFileAtomic', () => {
  it('a reader polling the folder during a large write sees no file or the whole file, never part of it', async () => {
    const dir = tempDir();
    const path = join(dir, 'doc.json');
    const data = Buffer.alloc(16 * 1024 * 1024, 0x61);
    let done = false;
    const sizes = new Set<number>();
    const write = writeFileAtomic(path, data).finally(() => (done = true));
    while (!done) {
      if (existsSync(path)) sizes.add(statSync(path).size);
      // Only names ending in .json count for readers; the temporary file must not be one.
      expect(readdirSync(dir).filter((n) => n.endsWith('.json') && n !== 'doc.json')).toEqual([]);
      await new Promise((r) => setImmediate(r));
    }
    await write;
    sizes.add(statSync(path).size);
    expect([...sizes]).toEqual([data.length]);
    expect(readdirSync(dir)).toEqual(['doc.json']);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('replaces an existing file whole and leaves no temporary file behind', async () => {
    const dir = tempDir();
    const path = join(dir, 'a.eml');
    await writeFileAtomic(path, 'first');
    await writeFileAtomic(path, 'second');
    expect(readFileSync(path, 'utf8')).toBe('second');
    expect(readdirSync(dir)).toEqual(['a.eml']);
  });

  it('a write that cannot finish throws and leaves nothing behind', async () => {
    const dir = tempDir();
    // The target is a folder that is not empty: the rename fails after the bytes were written.
    const path = join(dir, 'target');
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(path);
    writeFileSync(join(path, 'inside'), 'x');
    await expect(writeFileAtomic(path, 'data')).rejects.toThrow();
    expect(readdirSync(dir)).toEqual(['target']);
  });
});
