import type { AttachedFile } from '../../engine/types';

/** Spec doc 2 §5: at most 5 MB per file, counted as 5,000,000 bytes. */
export const MAX_FILE_BYTES = 5_000_000;

const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'bmp']);

/** How a file can be previewed: images by extension, pdf by type (spec doc 2 §5); others are downloaded. */
export function previewKind(file: Pick<AttachedFile, 'filename' | 'type'>): 'image' | 'pdf' | 'none' {
  const ext = file.filename.toLowerCase().split('.').pop() ?? '';
  if (file.filename.includes('.') && IMAGE_EXTENSIONS.has(ext)) return 'image';
  if (file.type === 'application/pdf') return 'pdf';
  return 'none';
}

/** Where a file's bytes are: its stored url, else its data URL; anything that could run script is refused. */
export function fileHref(file: AttachedFile): string | undefined {
  const href = file.url ?? file.data;
  if (!href) return undefined;
  return /^(https?:\/\/|\/(?!\/)|data:(?!text\/html)|blob:)/i.test(href) ? href : undefined;
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('not a data URL')));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** Reads the accepted files into attachments; files over the limit are returned by name instead. */
export async function readFiles(files: readonly File[]): Promise<{ added: AttachedFile[]; tooLarge: string[]; failed: string[] }> {
  const added: AttachedFile[] = [];
  const tooLarge: string[] = [];
  const failed: string[] = [];
  for (const file of files) {
    if (file.size > MAX_FILE_BYTES) {
      tooLarge.push(file.name);
      continue;
    }
    try {
      added.push({ filename: file.name, type: file.type || 'application/octet-stream', data: await readAsDataUrl(file) });
    } catch {
      failed.push(file.name);
    }
  }
  return { added, tooLarge, failed };
}
