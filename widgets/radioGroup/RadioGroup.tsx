import type { FieldViewProps, FieldWidgetDefinition, FieldWidgetProps } from '../../engine/react/widget-api';
import { LabelText, RequiredMarker } from '../../engine/react/chrome';

/** A radio group: its answer is the key of the chosen radio child. */
function RadioGroup(props: FieldWidgetProps<string>) {
  const { id, choices, value, disabled, required, invalid } = props;
  return (
    <fieldset
      id={id}
      className="blk-fieldset blk-radio-group"
      role="radiogroup"
      aria-required={required || undefined}
      aria-invalid={invalid || undefined}
      aria-describedby={props.describedBy}
    >
      <legend className="blk-legend">
        <LabelText label={props.label} isHtml={props.isHtml} />
        <RequiredMarker required={required} />
      </legend>
      <div className="blk-fieldset-body">
        {choices.map((choice) => {
          const optionId = `${id}-${choice.key.replace(/[^A-Za-z0-9_-]/g, '_')}`;
          return (
            <div className="blk-check" key={choice.key}>
              <input
                type="radio"
                id={optionId}
                name={props.fieldKey}
                value={choice.key}
                className="blk-check-input"
                checked={value === choice.key}
                disabled={disabled}
                required={required}
                aria-invalid={invalid || undefined}
                aria-describedby={props.describedBy}
                onChange={() => props.onChange(choice.key)}
                onBlur={props.onBlur}
              />
              <label htmlFor={optionId} className="blk-check-label">
                <LabelText label={choice.label} isHtml={choice.isHtml} />
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

function RadioGroupView({ value, choices }: FieldViewProps<string>) {
  const choice = choices.find((c) => c.key === value);
  if (!choice) return <span className="blk-view-text">{value}</span>;
  return <LabelText label={choice.label} isHtml={choice.isHtml} />;
}

export const radioGroupWidget: FieldWidgetDefinition<string> = {
  id: 'radioGroup',
  kind: 'field',
  chrome: 'self',
  Entry: RadioGroup,
  View: RadioGroupView,
};
