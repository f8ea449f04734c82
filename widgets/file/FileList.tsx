import { useState } from 'react';
import type { AttachedFile } from '../../engine/types';
import { fill, t } from '../../engine/react/messages';
import { fileHref, previewKind } from './files';
import { PreviewModal } from './PreviewModal';

/** The attached files: a download link each, a preview for images and pdf, and (when editable) remove. */
export function FileList({ files, onRemove, disabled }: { files: AttachedFile[]; onRemove?(index: number): void; disabled?: boolean }) {
  const [previewing, setPreviewing] = useState<AttachedFile | null>(null);
  if (!files.length) return null;
  return (
    <>
      <ul className="blk-file-list">
        {files.map((file, index) => {
          const href = fileHref(file);
          return (
            <li key={`${index}:${file.filename}`} className="blk-file">
              {href ? (
                <a href={href} download={file.filename} className="blk-file-name">
                  {file.filename}
                </a>
              ) : (
                <span className="blk-file-name">{file.filename}</span>
              )}
              {href && previewKind(file) !== 'none' && (
                <button type="button" className="blk-button blk-button-small" onClick={() => setPreviewing(file)}>
                  {fill(t.previewFile, { name: file.filename })}
                </button>
              )}
              {onRemove && (
                <button type="button" className="blk-button blk-button-small" disabled={disabled} onClick={() => onRemove(index)}>
                  {fill(t.removeFile, { name: file.filename })}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {previewing && <PreviewModal file={previewing} onClose={() => setPreviewing(null)} />}
    </>
  );
}
