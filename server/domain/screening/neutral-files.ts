import sv from '../../../schemas/messages/sv.json' with { type: 'json' };
import { fill } from '../../../engine/fill';

/**
 * File names of a hidden applicant (anonymous screening, screening.ts): a CV is often saved
 * as 'CV Anna Alm.pdf', so while the application is anonymous every answer shows, exports
 * and downloads it as 'Bilaga <n>' instead.
 */

/** 'Bilaga <n>' with the file's own extension (letters and digits, at most 5): the name says nothing of the person. */
function neutralFileName(filename: unknown, n: number): string {
  const ext = typeof filename === 'string' ? /\.([A-Za-z0-9]{1,5})$/.exec(filename)?.[1] : undefined;
  return fill(sv.personFields.anonymous.fileName, { n }) + (ext ? `.${ext.toLowerCase()}` : '');
}

type Named = { filename?: unknown; url?: unknown };

/**
 * An application's stored files and answers with neutral file names: the files in order
 * 'Bilaga 1', 'Bilaga 2', …, and a file answer naming the same stored file (by url) gets the
 * same name, so the list, the page, the exports and the download agree.
 */
export function neutralFiles<F extends Named>(files: F[] | undefined, metadata: Record<string, unknown>): { files: F[]; metadata: Record<string, unknown> } {
  const byUrl = new Map<unknown, string>();
  const named = (files ?? []).map((f, i) => {
    const filename = neutralFileName(f.filename, i + 1);
    if (f.url) byUrl.set(f.url, filename);
    return { ...f, filename };
  });
  let extra = named.length;
  const answers: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(metadata ?? {})) {
    const isFileList = Array.isArray(v) && v.length > 0 && v.every((f) => f && typeof f === 'object' && 'filename' in f);
    answers[k] = isFileList ? (v as Named[]).map((f) => ({ ...f, filename: byUrl.get(f.url) ?? neutralFileName(f.filename, ++extra) })) : v;
  }
  return { files: named, metadata: answers };
}
