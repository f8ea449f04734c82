import { useRef, useState, type DragEvent } from 'react';
import type { FieldViewProps, FieldWidgetDefinition, FieldWidgetProps } from '../../engine/react/widget-api';
import type { AttachedFile } from '../../engine/types';
import { t } from '../../engine/react/messages';
import { joinIds } from '../text/rules';
import { FileList } from './FileList';
import { readFiles } from './files';
import { useChosenEarly } from './useChosenEarly';

function asFiles(value: unknown): AttachedFile[] {
  return Array.isArray(value) ? (value as AttachedFile[]) : [];
}

/**
 * File upload: a drop zone plus the native file input (visually hidden, still focusable, so the
 * keyboard opens the file picker through it). Files are read into data URLs; files over
 * 5,000,000 bytes are refused with 'Filen är för stor'.
 */
function FileUpload(props: FieldWidgetProps<AttachedFile[]>) {
  const { id, disabled, required, invalid } = props;
  const files = asFiles(props.value);
  const [alerts, setAlerts] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const latest = useRef(files);
  latest.current = files;
  const input = useRef<HTMLInputElement>(null);
  const alertId = `${id}-alert`;
  const buttonId = `${id}-button`;

  const add = (list: FileList | null) => {
    if (!list?.length || disabled) return;
    const files = [...list];
    // A send pressed while the files are read waits for them (onWork).
    props.onWork(
      readFiles(files).then(({ added, tooLarge, failed }) => {
        setAlerts([...tooLarge.map((name) => `${t.fileTooLarge} (${name})`), ...failed.map((name) => `${t.fileReadError} (${name})`)]);
        if (added.length) props.onChange([...latest.current, ...added]);
      }),
    );
  };

  useChosenEarly(input, add);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer?.files ?? null);
  };

  return (
    <div
      className={`blk-dropzone${dragging ? ' blk-dropzone-active' : ''}${disabled ? ' blk-dropzone-disabled' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <input
        ref={input}
        type="file"
        id={id}
        name={props.fieldKey}
        multiple
        className="blk-visually-hidden blk-file-input"
        disabled={disabled}
        required={required && files.length === 0}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={joinIds(props.describedBy, alerts.length > 0 && alertId, `${id}-hint`)}
        onChange={(e) => {
          add(e.target.files);
          e.target.value = '';
        }}
        onBlur={props.onBlur}
      />
      <label htmlFor={id} id={buttonId} className="blk-button blk-file-button">
        {t.chooseFiles}
      </label>
      <p className="blk-hint" id={`${id}-hint`}>
        {t.dropHint}. {t.maxFileSize}
      </p>
      {alerts.length > 0 && (
        <div id={alertId} role="alert" className="blk-errors">
          {alerts.map((text) => (
            <p key={text} className="blk-error">
              {text}
            </p>
          ))}
        </div>
      )}
      <FileList
        files={files}
        disabled={disabled}
        onRemove={(index) => {
          const next = files.filter((_, i) => i !== index);
          props.onChange(next.length ? next : undefined);
        }}
      />
    </div>
  );
}

function FileView({ value }: FieldViewProps<AttachedFile[]>) {
  return <FileList files={asFiles(value)} />;
}

export const fileWidget: FieldWidgetDefinition<AttachedFile[]> = {
  id: 'file',
  kind: 'field',
  chrome: 'label',
  Entry: FileUpload,
  View: FileView,
};
