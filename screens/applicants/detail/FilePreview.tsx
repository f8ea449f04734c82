import { useEffect, useState } from 'react';
import sv from '../../../schemas/messages/sv.json';
import { fetchWithToken } from '../../shared/fetchWithToken';
import type { StoredFile } from '../types';
import { saveBlob } from '../../shared/saveBlob';
import { DialogFooter, DialogFrame } from '../../shared/DialogFrame';
import { fill } from '../../../engine/fill';

const t = sv.applicants.applicant;
/** What the preview and the download read of a stored file. */
type FileRef = Pick<StoredFile, 'filename' | 'type' | 'url'>;

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/bmp']);

/**
 * Spec document 2 §5: images (jpg, jpeg, png, gif, bmp) and pdf are previewed. Decided by the
 * stored type, which the server sniffed from the bytes, never by the uploader's file name.
 */
export function previewKind(f: FileRef): 'image' | 'pdf' | null {
  if (IMAGE_TYPES.has(f.type)) return 'image';
  if (f.type === 'application/pdf') return 'pdf';
  return null;
}

/**
 * The name the server gives the file (Content-Disposition: the stored safe name with the
 * extension of the sniffed type), never the name the uploader chose.
 */
export function servedName(contentDisposition: string | null, fallback: string): string {
  const header = contentDisposition ?? '';
  const star = /filename\*=UTF-8''([^;\s]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!);
    } catch {
      // A malformed escape: the plain name below.
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
}

/** GET /api/dispatcher/storage/application/{applicantId}/files/{url} with the bearer token: the bytes as a blob of the served type, and the served name. */
async function fetchFile(applicantId: number, f: FileRef): Promise<{ blob: Blob; name: string }> {
  const res = await fetchWithToken(`/api/dispatcher/storage/application/${applicantId}/files/${f.url.split('/').map(encodeURIComponent).join('/')}`);
  const data = await res.arrayBuffer();
  const type = res.headers.get('content-type') || 'application/octet-stream';
  return { blob: new Blob([data], { type }), name: servedName(res.headers.get('content-disposition'), f.url) };
}

/** Saves a file through a temporary object URL (the route needs the token, so no plain link), under the served name. */
export async function download(applicantId: number, f: FileRef): Promise<void> {
  const { blob, name } = await fetchFile(applicantId, f);
  saveBlob(blob, name);
}

function Body({ applicantId, file, onDownload }: { applicantId: number; file: StoredFile; onDownload(): void }) {
  const kind = previewKind(file);
  const [state, setState] = useState<{ url: string } | 'loading' | 'error'>('loading');
  useEffect(() => {
    if (!kind) return;
    let url: string | null = null;
    let live = true;
    fetchFile(applicantId, file)
      .then(({ blob }) => {
        url = URL.createObjectURL(blob);
        if (live) setState({ url });
        else URL.revokeObjectURL(url);
      })
      .catch(() => live && setState('error'));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [applicantId, file, kind]);

  if (!kind) {
    return (
      <>
        <p>{fill(t.noPreview, { name: file.filename })}</p>
        <button type="button" className="adm-button" onClick={onDownload}>{fill(t.download, { name: file.filename })}</button>
      </>
    );
  }
  if (state === 'loading') return <p role="status">{sv.applicants.loading}</p>;
  if (state === 'error') return <p role="alert">{t.previewFailed}</p>;
  return kind === 'image' ? <img src={state.url} alt={file.filename} /> : <iframe src={state.url} title={file.filename} />;
}

/** The preview modal: an image, a PDF, or for other types a clear message and the download. */
export function FilePreview({ applicantId, file, onClose, onDownload }: { applicantId: number; file: StoredFile | null; onClose(): void; onDownload(f: StoredFile): void }) {
  return (
    <DialogFrame isOpen={!!file} modalClass="apl-preview" title={`${t.previewTitle}: ${file?.filename ?? ''}`} onClose={onClose}>
      <div className="bk-dialog-body">{file && <Body applicantId={applicantId} file={file} onDownload={() => onDownload(file)} />}</div>
      <DialogFooter cancelLabel={t.close} onCancel={onClose} focusCancel />
    </DialogFrame>
  );
}
