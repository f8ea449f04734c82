import { fillText, pointer, type BindingContext } from '../bindings';
import type { ScreenAction } from '../types';
import { saveBlob } from '../../shared/saveBlob';

type DownloadSpec = NonNullable<ScreenAction['download']>;

/** The bytes of an answer's file: an object as pretty JSON, base64 decoded, or text as it is. */
function blobOf(value: unknown, spec: DownloadSpec): Blob {
  const type = spec.type ?? 'application/octet-stream';
  if (spec.encoding === 'base64') return new Blob([Uint8Array.from(atob(String(value ?? '')), (c) => c.charCodeAt(0))], { type });
  if (spec.encoding === 'text') return new Blob([String(value ?? '')], { type });
  return new Blob([JSON.stringify(value, null, 2)], { type });
}

/** A file name without path separators or control characters (it comes from bound data). */
const safeName = (name: string) => name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '-').slice(0, 200) || 'fil';

/**
 * The download verb: the part of the answer at `spec.content` saved as a file named
 * `spec.name` (bindings, {answer.x} included). Returns false when the answer holds no such part.
 */
export function downloadAnswer(spec: DownloadSpec, answer: unknown, ctx: BindingContext): boolean {
  const value = pointer(answer, spec.content);
  if (value === undefined) return false;
  saveBlob(blobOf(value, spec), safeName(fillText(spec.name, { ...ctx, answer })));
  return true;
}
