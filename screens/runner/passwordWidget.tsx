import { descriptionId, errorId, helpId, type WidgetProps } from '@rjsf/utils';

/**
 * 'secret': a password input that says it is invalid (`aria-invalid`) when the form or the
 * server refused it, and ties its description, help and error to it; `ui:autocomplete` names the password
 * ('current-password', 'new-password') so password managers fill the right one.
 */
export function SecretWidget({ id, value, onChange, onBlur, onFocus, rawErrors, disabled, readonly, autofocus, options, uiSchema, schema }: WidgetProps) {
  const autoComplete = typeof uiSchema?.['ui:autocomplete'] === 'string' ? uiSchema['ui:autocomplete'] : typeof options.autocomplete === 'string' ? options.autocomplete : 'off';
  const empty = options.emptyValue;
  // What the field is, then how to fill it in, then what is wrong with it (as the light form ties them).
  const describedBy = [schema.description ? descriptionId(id) : '', uiSchema?.['ui:help'] ? helpId(id) : '', rawErrors?.length ? errorId(id) : ''].filter(Boolean).join(' ') || undefined;
  return (
    <input
      id={id}
      name={id}
      type="password"
      className="form-control"
      autoComplete={autoComplete}
      value={typeof value === 'string' ? value : ''}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={describedBy}
      onChange={(e) => onChange(e.target.value === '' ? empty : e.target.value)}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
    />
  );
}
