import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileBlobStore, InvalidBlobIdError, openBlobs } from '../../server/blobs';
import { GridFsBlobStore } from '../../server/blobs/gridfs';
import type { BlobStore } from '../../server/store/port';
import { openTestStore, storeKinds, type TestStore } from '../setup/stores';

const bytes = (n: number, seed = 0) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) % 256);
const meta = { contentType: 'application/pdf', filename: 'cv åäö.pdf' };

/** Every file under a directory, relative paths. */
function listFiles(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
}

describe.each(storeKinds())('blobs on the %s store', (kind) => {
  let t: TestStore;
  let blobs: BlobStore;

  beforeAll(async () => {
    t = await openTestStore(kind);
    blobs = await openBlobs({ store: t.store, dataDir: t.dataDir });
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('is GridFS on mongo and files on the embedded store', () => {
    expect(blobs).toBeInstanceOf(kind === 'mongo' ? GridFsBlobStore : FileBlobStore);
  });

  it('gives back exactly the bytes and metadata it was given, across several chunks', async () => {
    const data = bytes(700_000);
    await blobs.put('app-1-cv', data, meta);
    const got = await blobs.get('app-1-cv');
    expect(got?.contentType).toBe(meta.contentType);
    expect(got?.filename).toBe(meta.filename);
    expect(got?.data.byteLength).toBe(data.byteLength);
    expect(Buffer.from(got!.data).equals(Buffer.from(data))).toBe(true);
  });

  it('stores an empty blob', async () => {
    await blobs.put('empty', new Uint8Array(0), { contentType: 'text/plain', filename: 'tom.txt' });
    expect((await blobs.get('empty'))?.data.byteLength).toBe(0);
  });

  it('replaces a blob written again under the same id', async () => {
    await blobs.put('replace-me', bytes(10, 1), meta);
    await blobs.put('replace-me', bytes(20, 2), { contentType: 'image/png', filename: 'bild.png' });
    const got = await blobs.get('replace-me');
    expect(got?.contentType).toBe('image/png');
    expect(Buffer.from(got!.data).equals(Buffer.from(bytes(20, 2)))).toBe(true);
  });

  it('returns null for a missing blob and after delete, and deleting twice is harmless', async () => {
    expect(await blobs.get('never-stored')).toBeNull();
    await blobs.put('gone', bytes(5), meta);
    await blobs.delete('gone');
    await blobs.delete('gone');
    expect(await blobs.get('gone')).toBeNull();
  });

  it('ends with one whole blob when two writes of one id race', async () => {
    // Twenty races at once: the interleaving that lost both writes is rare in a single one.
    const ids = Array.from({ length: 20 }, (_, i) => `race-${i}`);
    await Promise.all(ids.flatMap((id) => [blobs.put(id, bytes(50_000, 3), meta), blobs.put(id, bytes(60_000, 4), meta)]));
    const candidates = [bytes(50_000, 3), bytes(60_000, 4)].map((b) => Buffer.from(b));
    for (const id of ids) {
      const got = await blobs.get(id);
      expect(got, id).not.toBeNull();
      expect(candidates.some((c) => c.equals(Buffer.from(got!.data)))).toBe(true);
    }
  });

  it.each(['../escape', '/etc/passwd', 'a/../../b', '.hidden', 'a\\b', '', 'a//b', 'x\u0000y', 'a/./b'])(
    'refuses the id %j without writing anything',
    async (id) => {
      await expect(blobs.put(id, bytes(3), meta)).rejects.toBeInstanceOf(InvalidBlobIdError);
      expect(await blobs.get(id)).toBeNull();
      await blobs.delete(id);
    },
  );
});

describe('the file blob store', () => {
  let t: TestStore;
  let blobs: BlobStore;

  beforeAll(async () => {
    t = await openTestStore('embedded');
    blobs = await openBlobs(t.store, t.dataDir);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('keeps every file inside DATA_DIR/blobs and leaves no temporary files', async () => {
    await blobs.put('applications/42/letter.pdf', bytes(100), meta);
    expect(await blobs.get('applications/42/letter.pdf')).not.toBeNull();
    const files = listFiles(t.dataDir);
    expect(files.filter((f) => !f.startsWith('blankett.sqlite') && !f.startsWith('.blankett-')).every((f) => f.startsWith('blobs/'))).toBe(true);
    expect(files.some((f) => f.includes('.tmp-'))).toBe(false);
    await expect(blobs.put('../escape', bytes(3), meta)).rejects.toBeInstanceOf(InvalidBlobIdError);
    expect(existsSync(join(dirname(t.dataDir), 'escape'))).toBe(false);
    expect(existsSync(join(t.dataDir, 'escape'))).toBe(false);
  });
});
