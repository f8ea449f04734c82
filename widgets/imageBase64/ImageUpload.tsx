import { useRef, useState } from 'react';
import type { FieldViewProps, FieldWidgetDefinition, FieldWidgetProps } from '../../engine/react/widget-api';
import { fill, t } from '../../engine/react/messages';
import { MAX_FILE_BYTES, readAsDataUrl } from '../file/files';
import { useChosenEarly } from '../file/useChosenEarly';
import { joinIds } from '../text/rules';
import { checkSize, limitsOf, measureImage } from './imageSize';

/**
 * Image upload stored as a data URL (imageBase64). The caller sets min/max width and height in
 * the field's data ({ minWidth, minHeight, maxWidth, maxHeight }); an image outside them, or
 * over 5 MB, is refused with the spec's message and the previous image stays.
 */
function ImageUpload(props: FieldWidgetProps<string>) {
  const { id, value, disabled, required, invalid } = props;
  const [alert, setAlert] = useState<string | null>(null);
  const limits = limitsOf(props.data);
  const alertId = `${id}-alert`;

  const choose = async (file: File | undefined) => {
    if (!file || disabled) return;
    if (file.size > MAX_FILE_BYTES) return setAlert(t.imageTooLarge);
    let dataUrl: string;
    try {
      dataUrl = await readAsDataUrl(file);
    } catch {
      return setAlert(t.imageReadError);
    }
    const size = await measureImage(dataUrl);
    if (!size) return setAlert(t.imageReadError);
    const verdict = checkSize(size, limits);
    if (verdict === 'small') return setAlert(fill(t.imageTooSmallDims, { w: limits.minWidth ?? 0, h: limits.minHeight ?? 0 }));
    if (verdict === 'large') return setAlert(fill(t.imageTooLargeDims, { w: limits.maxWidth ?? 0, h: limits.maxHeight ?? 0 }));
    setAlert(null);
    props.onChange(dataUrl);
  };

  // A send pressed while the image is read waits for it (onWork).
  const pick = (file: File | undefined) => props.onWork(choose(file));
  const input = useRef<HTMLInputElement>(null);
  useChosenEarly(input, (files) => pick(files[0]));

  const hasHint = Boolean(limits.minWidth || limits.maxWidth);
  return (
    <div className="blk-image-upload">
      {value && <img src={value} alt={t.imageAlt} className="blk-image-preview" />}
      <input
        ref={input}
        type="file"
        id={id}
        name={props.fieldKey}
        accept="image/*"
        className="blk-visually-hidden blk-file-input"
        disabled={disabled}
        required={required && !value}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={joinIds(props.describedBy, alert !== null && alertId, hasHint && `${id}-hint`)}
        onChange={(e) => {
          pick(e.target.files?.[0]);
          e.target.value = '';
        }}
        onBlur={props.onBlur}
      />
      <label htmlFor={id} className="blk-button blk-file-button">
        {t.chooseImage}
      </label>
      {hasHint && (
        <p className="blk-hint" id={`${id}-hint`}>
          {fill(t.imageSizeHint, {
            minW: limits.minWidth ?? '–',
            minH: limits.minHeight ?? '–',
            maxW: limits.maxWidth ?? '–',
            maxH: limits.maxHeight ?? '–',
          })}
        </p>
      )}
      {value && (
        <button type="button" className="blk-button blk-button-small" disabled={disabled} onClick={() => props.onChange(undefined)}>
          {t.removeImage}
        </button>
      )}
      {alert !== null && (
        <p id={alertId} role="alert" className="blk-error">
          {alert}
        </p>
      )}
    </div>
  );
}

function ImageView({ value }: FieldViewProps<string>) {
  return typeof value === 'string' && value.startsWith('data:image/') ? (
    <img src={value} alt={t.imageAlt} className="blk-image-preview" />
  ) : null;
}

export const imageBase64Widget: FieldWidgetDefinition<string> = {
  id: 'imageBase64',
  kind: 'field',
  chrome: 'label',
  Entry: ImageUpload,
  View: ImageView,
};
