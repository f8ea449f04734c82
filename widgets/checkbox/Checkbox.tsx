import type { FieldWidgetDefinition, FieldWidgetProps } from '../../engine/react/widget-api';
import { LabelText, RequiredMarker } from '../../engine/react/chrome';
import { t } from '../../engine/react/messages';

/** A single checkbox with its label beside it (consents, and the children of a checkbox group). */
function Checkbox(props: FieldWidgetProps<boolean>) {
  const { id, value, disabled, required, invalid } = props;
  return (
    <div className="blk-check">
      <input
        type="checkbox"
        id={id}
        name={props.fieldKey}
        className="blk-check-input"
        checked={value === true}
        disabled={disabled}
        required={required}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={props.describedBy}
        onChange={(e) => props.onChange(e.target.checked)}
        onBlur={props.onBlur}
      />
      <label htmlFor={id} className="blk-check-label">
        <LabelText label={props.label} isHtml={props.isHtml} />
        <RequiredMarker required={required} />
      </label>
    </div>
  );
}

export const checkboxWidget: FieldWidgetDefinition<boolean> = {
  id: 'checkbox',
  kind: 'field',
  chrome: 'self',
  Entry: Checkbox,
  View: ({ value }) => <span className="blk-view-text">{value === true ? t.yes : t.no}</span>,
};
