/** Presentational pieces every field shares: label text, required marker, error list. */
import type { FieldError } from './contract';
import { TextOrHtml } from './Html';
import { t } from './messages';

export function RequiredMarker({ required }: { required?: boolean }) {
  if (!required) return null;
  return (
    <span className="blk-required" aria-hidden="true">
      {' '}
      {t.requiredMarker}
    </span>
  );
}

/** The field's label text (sanitised HTML when isHtml), with the 'fältet saknar rubrik' fallback. */
export function LabelText({ label, isHtml }: { label?: string; isHtml?: boolean }) {
  if (!label || !label.trim()) return <span className="blk-label-missing">{t.missingLabel}</span>;
  return <TextOrHtml text={label} isHtml={isHtml} />;
}

export function errorId(id: string): string {
  return `${id}-error`;
}

/**
 * The errors of one field, each message sanitised (messages may be HTML per container). With
 * `autoFocus` (the first refusal on a page drawn by the server) the browser focuses and shows it on load.
 */
export function FieldErrors({ id, errors, autoFocus }: { id: string; errors: readonly FieldError[]; autoFocus?: boolean }) {
  if (!errors.length) return null;
  return (
    <div className="blk-errors" id={errorId(id)} tabIndex={autoFocus ? -1 : undefined} autoFocus={autoFocus || undefined}>
      {errors.map((e) => (
        <TextOrHtml key={`${e.validator}:${e.message}`} as="p" className="blk-error" text={e.message} isHtml />
      ))}
    </div>
  );
}
