import { mkdir, readFile, rm } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { writeFileAtomic } from '../store/atomic-file';
import type { BlobStore } from '../store/port';
import { InvalidBlobIdError, isValidBlobId } from './id';

/**
 * Blobs as files under `<dataDir>/blobs`. Each blob is one file: a 4-byte big-endian length,
 * the JSON metadata, then the bytes — so data and metadata are replaced together by one
 * rename of a fully written temporary file, and a reader never sees half a blob.
 */
export class FileBlobStore implements BlobStore {
  readonly kind = 'files';
  readonly root: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'blobs');
  }

  /** The file for an id, or null when the id is not acceptable. */
  private pathOf(id: string): string | null {
    if (!isValidBlobId(id)) return null;
    const path = resolve(this.root, id);
    // Belt and braces: the id rules already keep it inside the root.
    return path.startsWith(this.root + sep) ? path : null;
  }

  async put(id: string, data: Uint8Array, meta: { contentType: string; filename: string }): Promise<void> {
    const path = this.pathOf(id);
    if (!path) throw new InvalidBlobIdError();
    const header = Buffer.from(JSON.stringify({ contentType: meta.contentType, filename: meta.filename }), 'utf8');
    const len = Buffer.alloc(4);
    len.writeUInt32BE(header.length);
    await mkdir(dirname(path), { recursive: true });
    // On disk before it counts (see writeFileAtomic): an application acknowledged after this put
    // never points at a blob a power cut lost.
    await writeFileAtomic(path, Buffer.concat([len, header, data]));
  }

  async get(id: string): Promise<{ data: Uint8Array; contentType: string; filename: string } | null> {
    const path = this.pathOf(id);
    if (!path) return null;
    let buf: Buffer;
    try {
      buf = await readFile(path);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return null;
      throw err;
    }
    if (buf.length < 4) return null;
    const headerLen = buf.readUInt32BE(0);
    if (4 + headerLen > buf.length) return null;
    const meta = JSON.parse(buf.subarray(4, 4 + headerLen).toString('utf8')) as { contentType: string; filename: string };
    return { data: new Uint8Array(buf.subarray(4 + headerLen)), contentType: meta.contentType, filename: meta.filename };
  }

  async delete(id: string): Promise<void> {
    const path = this.pathOf(id);
    if (!path) return;
    await rm(path, { force: true });
  }
}
