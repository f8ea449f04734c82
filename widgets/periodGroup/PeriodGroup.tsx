import type {
  ContainerViewProps,
  ContainerWidgetDefinition,
  FieldViewProps,
  FieldWidgetDefinition,
  FieldWidgetProps,
} from '../../engine/react/widget-api';
import type { PeriodValue } from '../../engine/types';
import { LabelText, RequiredMarker } from '../../engine/react/chrome';
import { fill, t } from '../../engine/react/messages';
import { GroupFieldset } from '../checkboxGroup/CheckboxGroup';
import { formatDate, periodOf, type Period } from './dates';

function PeriodDates({ period }: { period: Period | undefined }) {
  if (!period) return null;
  const text = fill(t.periodRange, { start: formatDate(period.startDate), end: formatDate(period.endDate) });
  return <span className="blk-period-dates">{text}</span>;
}

/** One summer period: a checkbox whose answer is `{ startDate, endDate, checked }`. */
function PeriodCheckbox(props: FieldWidgetProps<PeriodValue>) {
  const { id, value, disabled, required, invalid } = props;
  const period = periodOf(props.data);
  const hasLabel = Boolean(props.label.trim());
  return (
    <div className="blk-check blk-period">
      <input
        type="checkbox"
        id={id}
        name={props.fieldKey}
        className="blk-check-input"
        checked={value?.checked === true}
        disabled={disabled}
        required={required}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={props.describedBy}
        onChange={(e) =>
          props.onChange({
            startDate: String(period?.startDate ?? value?.startDate ?? ''),
            endDate: String(period?.endDate ?? value?.endDate ?? ''),
            checked: e.target.checked,
          })
        }
        onBlur={props.onBlur}
      />
      <label htmlFor={id} className="blk-check-label">
        {(hasLabel || !period) && <LabelText label={props.label} isHtml={props.isHtml} />}
        {hasLabel && period && ' '}
        <PeriodDates period={period} />
        <RequiredMarker required={required} />
      </label>
    </div>
  );
}

function PeriodCheckboxView({ value }: FieldViewProps<PeriodValue>) {
  return (
    <span className="blk-view-text">
      {value?.checked ? t.yes : t.no} <PeriodDates period={value} />
    </span>
  );
}

export const periodCheckboxWidget: FieldWidgetDefinition<PeriodValue> = {
  id: 'periodCheckbox',
  kind: 'field',
  chrome: 'self',
  Entry: PeriodCheckbox,
  View: PeriodCheckboxView,
};

function PeriodGroupView({ node, answers }: ContainerViewProps) {
  const chosen = (node.children ?? []).filter((child) => (answers[child.key] as PeriodValue | undefined)?.checked === true);
  if (!chosen.length) return <span className="blk-view-empty">{t.noInformation}</span>;
  return (
    <ul className="blk-view-list">
      {chosen.map((child) => (
        <li key={child.key}>
          {child.label?.trim() && <LabelText label={child.label} isHtml={child.isHtml} />}{' '}
          <PeriodDates period={answers[child.key] as PeriodValue} />
        </li>
      ))}
    </ul>
  );
}

/** The summer periods group: a fieldset of period checkboxes. */
export const periodGroupWidget: ContainerWidgetDefinition = {
  id: 'periodGroup',
  kind: 'container',
  Entry: (props) => <GroupFieldset {...props} className="blk-period-group" />,
  View: PeriodGroupView,
};
