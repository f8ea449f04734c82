import { useState } from 'react';
import sv from '../../../schemas/messages/sv.json';
import { useToast } from '../../shared/toast';
import type { ApplicantDetail, StoredFile } from '../types';
import { download, FilePreview } from './FilePreview';
import { fill } from '../../../engine/fill';
import { Card } from './Card';

const t = sv.applicants.applicant;

/** Attached files: preview in a modal and download (both fetched with the token). */
export function FilesCard({ a }: { a: ApplicantDetail }) {
  const toast = useToast();
  const [open, setOpen] = useState<StoredFile | null>(null);
  const save = (f: StoredFile) => download(a.id, f).catch(() => toast.show(t.previewFailed, 'error'));
  return (
    <Card title={t.files}>
      {a.files.length === 0 ? (
        <p>{t.noFiles}</p>
      ) : (
        <ul className="apl-files">
          {a.files.map((f) => (
            <li key={f.url}>
              <span>{f.filename}</span>
              <button type="button" className="adm-button adm-button-small" onClick={() => setOpen(f)}>
                {fill(t.preview, { name: f.filename })}
              </button>
              <button type="button" className="adm-button adm-button-small" onClick={() => void save(f)}>
                {fill(t.download, { name: f.filename })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <FilePreview applicantId={a.id} file={open} onClose={() => setOpen(null)} onDownload={(f) => void save(f)} />
    </Card>
  );
}
