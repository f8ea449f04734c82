import type { ContainerViewProps, ContainerWidgetDefinition, ContainerWidgetProps } from '../../engine/react/widget-api';
import { LabelText, RequiredMarker } from '../../engine/react/chrome';
import { t } from '../../engine/react/messages';

/**
 * A group of checkboxes (type group). The group has no value of its own: each child checkbox
 * is a field with a boolean answer; the group's validators (minSelectedInGroup) report on its key.
 */
export function GroupFieldset({ id, node, invalid, describedBy, errors, children, className }: ContainerWidgetProps & { className: string }) {
  return (
    <fieldset id={id} className={`blk-fieldset ${className}`} aria-describedby={describedBy} aria-invalid={invalid || undefined}>
      <legend className="blk-legend">
        <LabelText label={node.label} isHtml={node.isHtml} />
        <RequiredMarker required={node.required} />
      </legend>
      <div className="blk-fieldset-body">{children}</div>
      {errors}
    </fieldset>
  );
}

function CheckboxGroupView({ node, answers }: ContainerViewProps) {
  const chosen = (node.children ?? []).filter((child) => answers[child.key] === true);
  if (!chosen.length) return <span className="blk-view-empty">{t.noInformation}</span>;
  return (
    <ul className="blk-view-list">
      {chosen.map((child) => (
        <li key={child.key}>
          <LabelText label={child.label} isHtml={child.isHtml} />
        </li>
      ))}
    </ul>
  );
}

export const checkboxGroupWidget: ContainerWidgetDefinition = {
  id: 'checkboxGroup',
  kind: 'container',
  Entry: (props) => <GroupFieldset {...props} className="blk-checkbox-group" />,
  View: CheckboxGroupView,
};
