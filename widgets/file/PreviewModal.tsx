import { useEffect, useRef } from 'react';
import type { AttachedFile } from '../../engine/types';
import { fill, t } from '../../engine/react/messages';
import { fileHref, previewKind } from './files';

/** A modal preview of one attachment: an image, a pdf in an object/iframe, or a download hint. */
export function PreviewModal({ file, onClose }: { file: AttachedFile; onClose(): void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const href = fileHref(file);
  const kind = previewKind(file);
  const title = fill(t.previewTitle, { name: file.filename });

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    return () => opener?.focus?.();
  }, []);

  return (
    <div className="blk-modal-backdrop" onClick={onClose}>
      <div
        className="blk-modal"
        role="dialog"
        aria-modal="true"
        aria-label={title}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose();
          // Keep Tab inside the dialog: its only controls are the close button and the download link.
          if (e.key === 'Tab') {
            const items = [...e.currentTarget.querySelectorAll<HTMLElement>('button, a[href]')];
            const last = items[items.length - 1];
            if (!e.shiftKey && document.activeElement === last) {
              e.preventDefault();
              items[0]?.focus();
            } else if (e.shiftKey && document.activeElement === items[0]) {
              e.preventDefault();
              last?.focus();
            }
          }
        }}
      >
        <div className="blk-modal-head">
          <h2 className="blk-modal-title">{file.filename}</h2>
          <button ref={closeRef} type="button" className="blk-button" onClick={onClose}>
            {t.closePreview}
          </button>
        </div>
        <div className="blk-modal-body">
          {href && kind === 'image' && <img src={href} alt={file.filename} className="blk-preview-image" />}
          {href && kind === 'pdf' && (
            <object data={href} type="application/pdf" className="blk-preview-pdf" aria-label={file.filename}>
              <iframe src={href} title={file.filename} className="blk-preview-pdf" />
            </object>
          )}
          {(kind === 'none' || !href) && <p>{t.noPreview}</p>}
        </div>
        {href && (
          <a className="blk-button" href={href} download={file.filename}>
            {fill(t.downloadFile, { name: file.filename })}
          </a>
        )}
      </div>
    </div>
  );
}
