import { GridFSBucket, type Db, type ObjectId } from 'mongodb';
import type { BlobStore } from '../store/port';
import { InvalidBlobIdError, isValidBlobId } from './id';

/**
 * Blobs in GridFS (bucket `blobs`), one GridFS file per id, its name being the id. A put
 * uploads the new version completely before older versions of the id are removed, so a
 * reader always finds a whole blob; get reads the newest version, and a put removes only
 * versions older than its own, so racing puts leave the newest.
 */
export class GridFsBlobStore implements BlobStore {
  readonly kind = 'gridfs';
  private readonly bucket: GridFSBucket;

  constructor(db: Db) {
    this.bucket = new GridFSBucket(db, { bucketName: 'blobs', chunkSizeBytes: 255 * 1024 });
  }

  private async versions(id: string): Promise<{ _id: ObjectId; metadata?: { contentType?: string; filename?: string } }[]> {
    return (await this.bucket.find({ filename: id }, { sort: { uploadDate: -1, _id: -1 } }).toArray()) as never;
  }

  async put(id: string, data: Uint8Array, meta: { contentType: string; filename: string }): Promise<void> {
    if (!isValidBlobId(id)) throw new InvalidBlobIdError();
    const upload = this.bucket.openUploadStream(id, { metadata: { contentType: meta.contentType, filename: meta.filename } });
    await new Promise<void>((res, rej) => {
      upload.once('finish', () => res());
      upload.once('error', rej);
      upload.end(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    });
    // Only versions older than ours go: when two puts of one id race, the older writer must
    // not delete the newer upload (each deleting "all but mine" left nothing at all).
    const versions = await this.versions(id);
    const mine = versions.findIndex((v) => v._id.equals(upload.id));
    if (mine < 0) return; // a newer put has already replaced ours
    for (const old of versions.slice(mine + 1)) await this.bucket.delete(old._id).catch(() => undefined);
  }

  async get(id: string): Promise<{ data: Uint8Array; contentType: string; filename: string } | null> {
    if (!isValidBlobId(id)) return null;
    const [newest] = await this.versions(id);
    if (!newest) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of this.bucket.openDownloadStream(newest._id)) chunks.push(chunk as Buffer);
    return {
      data: new Uint8Array(Buffer.concat(chunks)),
      contentType: newest.metadata?.contentType ?? 'application/octet-stream',
      filename: newest.metadata?.filename ?? id,
    };
  }

  /** The ids of blobs whose newest version was uploaded before `before` (the orphan sweep). */
  async *namesUploadedBefore(before: Date): AsyncGenerator<string> {
    const seen = new Set<string>();
    for await (const f of this.bucket.find({ uploadDate: { $lt: before } }, { projection: { filename: 1 } })) {
      if (seen.has(f.filename)) continue;
      seen.add(f.filename);
      yield f.filename;
    }
  }

  async delete(id: string): Promise<void> {
    if (!isValidBlobId(id)) return;
    for (const v of await this.versions(id)) await this.bucket.delete(v._id).catch(() => undefined);
  }
}
