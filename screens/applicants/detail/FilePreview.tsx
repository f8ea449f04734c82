import { useEffect, useState } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import sv from '../../../schemas/messages/sv.json';
import { getToken } from '../../api';
import type { StoredFile } from '../types';
import '../../shared/dialog.css';
import { fill } from '../../../engine/fill';

const t = sv.applicants.applicant;
const IMAGE_EXT = /\.(jpe?g|png|gif|bmp)$/i;

/** Spec document 2 §5: images by extension (jpg, jpeg, png, gif, bmp), pdf by type. */
export function previewKind(f: StoredFile): 'image' | 'pdf' | null {
  if (IMAGE_EXT.test(f.filename)) return 'image';
  if (f.type === 'application/pdf') return 'pdf';
  return null;
}

/** GET /api/dispatcher/storage/application/{applicantId}/files/{url} with the bearer token, as a blob. */
export async function fetchFile(applicantId: number, f: StoredFile): Promise<Blob> {
  const token = getToken();
  const res = await fetch(`/api/dispatcher/storage/application/${applicantId}/files/${f.url.split('/').map(encodeURIComponent).join('/')}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new Error(String(res.status));
  const data = await res.arrayBuffer();
  const kind = previewKind(f);
  // The browser shows a PDF in a frame only when the blob says it is one.
  return new Blob([data], { type: kind === 'pdf' ? 'application/pdf' : res.headers.get('content-type') || f.type || 'application/octet-stream' });
}

/** Saves a file through a temporary object URL (the route needs the token, so no plain link). */
export async function download(applicantId: number, f: StoredFile): Promise<void> {
  const url = URL.createObjectURL(await fetchFile(applicantId, f));
  const a = document.createElement('a');
  a.href = url;
  a.download = f.filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function Body({ applicantId, file, onDownload }: { applicantId: number; file: StoredFile; onDownload(): void }) {
  const kind = previewKind(file);
  const [state, setState] = useState<{ url: string } | 'loading' | 'error'>('loading');
  useEffect(() => {
    if (!kind) return;
    let url: string | null = null;
    let live = true;
    fetchFile(applicantId, file)
      .then((blob) => {
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
    <ModalOverlay isOpen={!!file} isDismissable onOpenChange={(open) => !open && onClose()} className="bk-modal-overlay">
      <Modal className="bk-modal apl-preview">
        <Dialog className="bk-dialog">
          <Heading slot="title" className="bk-dialog-title">
            {t.previewTitle}: {file?.filename}
          </Heading>
          <div className="bk-dialog-body">{file && <Body applicantId={applicantId} file={file} onDownload={() => onDownload(file)} />}</div>
          <div className="bk-dialog-actions">
            <Button className="bk-btn" onPress={onClose} autoFocus>
              {t.close}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
