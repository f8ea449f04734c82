import type { ChangeEvent, ReactNode } from 'react';
import type { FieldWidgetDefinition, FieldWidgetProps } from '../../engine/react/widget-api';
import { fill, t } from '../../engine/react/messages';
import { parsePersonnummer } from '../../engine/personnummer';
import { acceptPredicate, autofillFor, counterState, joinIds, maxLengthOf } from './rules';

export type TextKind = 'text' | 'textarea' | 'email';

interface TextInputProps extends FieldWidgetProps<string> {
  kind: TextKind;
  /** Extra ids for aria-describedby (e.g. a help link). */
  extraDescribedBy?: string;
  after?: ReactNode;
}

/** A text, textarea or email input with the x/max counter and the accept-or-revert rule (see rules.ts). */
export function TextInput(props: TextInputProps) {
  const { id, kind, value, disabled, required, invalid, schema, data } = props;
  const text = typeof value === 'string' ? value : '';
  const counter = counterState(text, maxLengthOf(schema, data));
  const accept = props.options.accept ?? acceptPredicate(data);
  const counterId = `${id}-counter`;
  // A personnummer field names a samordningsnummer (day + 60) as such while it is typed (issue 18).
  const ssnField = props.fieldKey === 'form_ssn' || (props.options.validators ?? []).some((v) => v.name === 'ssnValidSwe');
  const coordination = ssnField && parsePersonnummer(text)?.coordination === true;
  const ssnKindId = `${id}-ssn-kind`;

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = event.target.value;
    // Not calling onChange keeps the stored value, so the controlled input shows it again.
    if (accept && !accept(next)) return;
    props.onChange(next === '' ? undefined : next);
  };

  const common = {
    id,
    name: props.fieldKey,
    value: text,
    placeholder: props.placeholder || undefined,
    disabled,
    required,
    'aria-required': required || undefined,
    'aria-invalid': invalid || undefined,
    'aria-describedby': joinIds(props.describedBy, counter?.visible && counterId, coordination && ssnKindId, props.extraDescribedBy),
    onChange,
    onBlur: props.onBlur,
    className: 'blk-input',
  };
  // The field type's own hints (a person field) first, then the spec's special keys on plain text fields.
  const hints = props.options.autocomplete ?? autofillFor(props.fieldKey);

  return (
    <>
      {kind === 'textarea' ? (
        <textarea {...common} rows={5} />
      ) : (
        <input
          {...common}
          type={kind === 'email' ? 'email' : 'text'}
          autoComplete={hints?.autoComplete ?? (kind === 'email' ? 'email' : undefined)}
          inputMode={hints?.inputMode}
        />
      )}
      {counter?.visible && (
        <p id={counterId} className={`blk-counter${counter.exceeded ? ' blk-counter-over' : ''}`}>
          {fill(t.counter, { count: counter.count, max: counter.max })}
          {counter.exceeded && <span className="blk-visually-hidden"> {t.counterExceeded}</span>}
        </p>
      )}
      {ssnField && (
        <p id={ssnKindId} className="blk-hint" aria-live="polite">
          {coordination ? t.ssnCoordination : ''}
        </p>
      )}
      {props.after}
    </>
  );
}

function define(kind: TextKind): FieldWidgetDefinition<string> {
  return { id: kind, kind: 'field', chrome: 'label', Entry: (p) => <TextInput {...p} kind={kind} /> };
}

export const textWidget = define('text');
export const textareaWidget: FieldWidgetDefinition<string> = {
  ...define('textarea'),
  View: ({ value }) => <span className="blk-view-text blk-view-multiline">{value}</span>,
};
export const emailWidget = define('email');
