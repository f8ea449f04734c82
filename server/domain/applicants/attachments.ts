import { randomUUID } from 'node:crypto';
import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { carriesFiles } from '../../../engine/answer-kinds';
import type { MetadataProperty } from '../../../engine/types';
import type { FieldError } from '../../../engine/types';
import type { BlobStore } from '../../store/port';
import type { StoredFile } from '../core/docs';
import { checkFileType, decodeDataUrl, safeFileName, sniffImage } from '../organisations/sniff';

const m = sv.domain;
/** Spec doc 2 §5: 5 MB = 5,000,000 bytes per file, after decoding. */
const MAX_FILE_BYTES = 5_000_000;
export const MAX_FILES_PER_FIELD = 10;

interface PendingBlob {
  key: string;
  bytes: Uint8Array;
  contentType: string;
  filename: string;
  /** Where in the answers the stored file replaces the uploaded one. */
  set(url: string): void;
}

export interface PreparedFiles {
  errors: FieldError[];
  blobs: PendingBlob[];
}

function cleanName(name: unknown): string {
  const s = typeof name === 'string' ? name : '';
  // Only the last path segment, no control characters: it ends up in Content-Disposition.
  const base = s.split(/[\\/]/).pop() ?? '';
  return base.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(0, 200) || 'fil';
}

/**
 * Decodes and checks every uploaded file in the answers (file fields: lists of
 * `{ filename, type, data }`; imageBase64 fields: a data URL) without storing anything.
 * Each file must be at most 5,000,000 bytes and its bytes must be an accepted kind that
 * matches its declared type. The answers are rewritten in place once the blobs are stored.
 */
export function prepareFiles(metadata: MetadataProperty[], answers: Record<string, unknown>): PreparedFiles {
  const errors: FieldError[] = [];
  const blobs: PendingBlob[] = [];
  const fail = (key: string, validator: string, message: string) => errors.push({ key, validator, message });
  for (const prop of metadata) {
    const value = answers[prop.key];
    if (value === undefined || value === null || value === '') continue;
    const files = carriesFiles(prop.type);
    if (files === 'list') {
      if (!Array.isArray(value)) {
        fail(prop.key, 'fileType', m.fileUnreadable);
        continue;
      }
      if (value.length > MAX_FILES_PER_FIELD) {
        fail(prop.key, 'fileCount', m.tooManyFiles);
        continue;
      }
      const stored: (Omit<StoredFile, 'size' | 'key'> & { url: string })[] = [];
      for (const item of value as unknown[]) {
        const f = (item ?? {}) as { filename?: unknown; type?: unknown; data?: unknown };
        const decoded = typeof f.data === 'string' ? decodeDataUrl(f.data) : null;
        if (!decoded) {
          fail(prop.key, 'fileType', m.fileUnreadable);
          continue;
        }
        if (decoded.bytes.byteLength > MAX_FILE_BYTES) {
          fail(prop.key, 'fileSize', sv.engine.fileTooLarge);
          continue;
        }
        const filename = cleanName(f.filename);
        const declared = typeof f.type === 'string' && f.type ? f.type : decoded.mediaType;
        const kind = checkFileType(decoded.bytes, declared, filename);
        if (!kind) {
          fail(prop.key, 'fileType', m.fileType);
          continue;
        }
        // Stored under the safe name: every list, export and download shows the sniffed kind's extension.
        const entry = { filename: safeFileName(filename, kind), type: kind.contentType, url: '' };
        stored.push(entry);
        blobs.push({ key: prop.key, bytes: decoded.bytes, contentType: kind.contentType, filename: entry.filename, set: (url) => (entry.url = url) });
      }
      answers[prop.key] = stored;
    } else if (files === 'one') {
      const decoded = typeof value === 'string' ? decodeDataUrl(value) : null;
      if (!decoded) fail(prop.key, 'imageType', m.imageType);
      else if (decoded.bytes.byteLength > MAX_FILE_BYTES) fail(prop.key, 'fileSize', sv.engine.imageTooLarge);
      else if (!sniffImage(decoded.bytes)) fail(prop.key, 'imageType', m.imageType);
    }
  }
  return { errors, blobs };
}

/**
 * Stores the prepared files under keys of the application (`app-<id>-<uuid>`), all or none:
 * when one put fails, those already stored are removed again before the error goes on.
 */
export async function storeFiles(blobs: BlobStore, applicationId: number, pending: PendingBlob[]): Promise<StoredFile[]> {
  const stored: StoredFile[] = [];
  try {
    for (const p of pending) {
      const url = `app-${applicationId}-${randomUUID()}`;
      await blobs.put(url, p.bytes, { contentType: p.contentType, filename: p.filename });
      stored.push({ filename: p.filename, type: p.contentType, url, size: p.bytes.byteLength, key: p.key });
      p.set(url);
    }
  } catch (err) {
    await removeFiles(blobs, stored);
    throw err;
  }
  return stored;
}

export async function removeFiles(blobs: BlobStore, files: { url: string }[]): Promise<void> {
  for (const f of files) await blobs.delete(f.url).catch(() => undefined);
}
