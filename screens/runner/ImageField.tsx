import { useId, useState } from 'react';
import sv from '../../schemas/messages/sv.json';
import { IMAGE_LIMITS } from '../../engine/imageLimits';
import { uploadImage } from './imageUpload';
import { messageOf } from './serverErrors';
import { fill } from '../../engine/fill';
import './runner.css';

const t = sv.org;

/**
 * An image of the organisation (logo, public banner): choose a file, checked against the spec's
 * limits (5 MB, the folder's width and height) before upload, each refusal at the field.
 */
export function ImageField({ id, label, containerId, folder, value, onChange, error }: {
  id: string;
  label: string;
  containerId: number;
  folder: string;
  value: string;
  onChange(url: string): void;
  error?: string | undefined;
}) {
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const hintId = useId();
  const l = IMAGE_LIMITS[folder]!;
  const shown = problem || error || '';
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setProblem('');
    setBusy(true);
    try {
      onChange((await uploadImage(containerId, folder, file)).url);
    } catch (err) {
      setProblem(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="run-image-field">
      <label htmlFor={id}>{label}</label>
      {value && <img src={value} alt={fill(t.currentImage, { label })} className="run-image-preview" />}
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/bmp,image/webp"
        aria-invalid={shown ? true : undefined}
        aria-describedby={`${hintId} ${id}-error`}
        disabled={busy}
        onChange={(e) => {
          void pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <p id={hintId} className="adm-hint">
        {fill(t.imageHint, { minW: String(l.minWidth), minH: String(l.minHeight), maxW: String(l.maxWidth), maxH: String(l.maxHeight) })}
      </p>
      {value && (
        <button type="button" className="adm-button adm-button-small" onClick={() => onChange('')}>
          {fill(t.removeImage, { label })}
        </button>
      )}
      <p id={`${id}-error`} className="run-image-error" role={shown ? 'alert' : undefined}>
        {busy ? t.uploading : shown}
      </p>
    </div>
  );
}
