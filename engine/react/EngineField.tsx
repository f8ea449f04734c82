import { memo, useCallback, type ReactNode } from 'react';
import type { FieldUiOptions, LayoutNode } from './contract';
import { errorId, FieldErrors, LabelText, RequiredMarker } from './chrome';
import { useWidget } from './context';
import { useAnswer, useAllAnswers, useFieldErrors, useRuntime } from './runtime';
import { useConditions } from './conditional';
import { t } from './messages';
import { isEmptyAnswer, type ContainerWidgetDefinition, type FieldWidgetDefinition } from './widget-api';

/**
 * The one field every answer-carrying property renders through (templates.tsx). It reads its
 * answer from the form's store, so typing re-renders this field only.
 */
export function EngineField(props: { name: string; uiSchema: Record<string, unknown> | undefined; schema: Record<string, unknown> }) {
  const uiSchema = props.uiSchema ?? {};
  return (
    <FieldBody
      fieldKey={props.name}
      widgetId={String(uiSchema['ui:widget'] ?? 'text')}
      options={(uiSchema['ui:options'] ?? { fieldType: 'text' }) as FieldUiOptions}
      schema={props.schema}
    />
  );
}

interface FieldBodyProps {
  fieldKey: string;
  widgetId: string;
  options: FieldUiOptions;
  schema: Record<string, unknown>;
}

const FieldBody = memo(function FieldBody({ fieldKey, widgetId, options, schema }: FieldBodyProps) {
  const runtime = useRuntime();
  const widget = useWidget(widgetId, fieldKey);
  if (widget.kind !== 'field') throw new Error(`Widget '${widgetId}' of field '${fieldKey}' is a container, not a field widget`);
  return runtime.mode === 'view' ? (
    <FieldView fieldKey={fieldKey} widget={widget} options={options} />
  ) : (
    <FieldEntry fieldKey={fieldKey} widget={widget} options={options} schema={schema} />
  );
});

function FieldEntry({ fieldKey, widget, options, schema }: Omit<FieldBodyProps, 'widgetId'> & { widget: FieldWidgetDefinition }) {
  const runtime = useRuntime();
  const value = useAnswer(fieldKey);
  const errors = useFieldErrors(fieldKey);
  const id = runtime.idOf(fieldKey);
  const { change, blur, working } = runtime;
  const onChange = useCallback((v: unknown) => change(fieldKey, v), [change, fieldKey]);
  const onBlur = useCallback(() => blur(fieldKey), [blur, fieldKey]);
  const invalid = errors.length > 0;
  const requiredNow = useConditions(options.requiredWhen ? [options.requiredWhen] : undefined);
  const required = Boolean(options.required) || (options.requiredWhen !== undefined && requiredNow);
  const { Entry } = widget;
  return (
    <div className={`blk-field blk-field-${options.fieldType}${invalid ? ' blk-invalid' : ''}`} data-key={fieldKey}>
      {widget.chrome === 'label' && (
        <label className="blk-label" htmlFor={id}>
          <LabelText label={options.label} isHtml={options.isHtml} />
          <RequiredMarker required={required} />
        </label>
      )}
      <Entry
        id={id}
        fieldKey={fieldKey}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        onWork={working}
        disabled={runtime.disabled}
        required={required}
        label={options.label ?? ''}
        isHtml={Boolean(options.isHtml)}
        placeholder={options.placeholder}
        data={options.data}
        options={options}
        choices={options.options ?? []}
        schema={schema}
        invalid={invalid}
        describedBy={invalid ? errorId(id) : undefined}
      />
      <FieldErrors id={id} errors={errors} autoFocus={invalid && runtime.focusKey === fieldKey} />
    </div>
  );
}

function FieldView({ fieldKey, widget, options }: Omit<FieldBodyProps, 'schema' | 'widgetId'> & { widget: FieldWidgetDefinition }) {
  const runtime = useRuntime();
  const value = useAnswer(fieldKey);
  const id = runtime.idOf(fieldKey);
  const { View } = widget;
  const hidden = runtime.hiddenText(fieldKey);
  return (
    <ViewRow id={id} fieldKey={fieldKey} label={options.label} isHtml={options.isHtml}>
      {hidden !== undefined ? (
        <span className="blk-view-empty blk-view-hidden">{hidden}</span>
      ) : isEmptyAnswer(value) ? (
        <span className="blk-view-empty">{t.noInformation}</span>
      ) : View ? (
        <View id={id} fieldKey={fieldKey} value={value} options={options} choices={options.options ?? []} />
      ) : (
        <span className="blk-view-text">{String(value)}</span>
      )}
    </ViewRow>
  );
}

/** Label and value, one row of the read-only admin view. */
function ViewRow(props: { id: string; fieldKey: string; label?: string; isHtml?: boolean; children: ReactNode }) {
  return (
    <div className="blk-view-field" data-key={props.fieldKey}>
      <div className="blk-view-label" id={`${props.id}-label`}>
        <LabelText label={props.label} isHtml={props.isHtml} />
      </div>
      <div className="blk-view-value" aria-labelledby={`${props.id}-label`} role="group">
        {props.children}
      </div>
    </div>
  );
}

/** A group-like node (checkbox group, period group): its widget wraps the children's fields. */
export function ContainerNode({ node, children }: { node: LayoutNode; children: ReactNode }) {
  const runtime = useRuntime();
  const widget = useWidget(node.widget, node.key);
  if (widget.kind !== 'container') throw new Error(`Widget '${node.widget}' of group '${node.key}' is not a container widget`);
  const id = runtime.idOf(node.key);
  if (runtime.mode === 'view') return <ContainerView widget={widget.View} id={id} node={node} />;
  return <ContainerEntry widget={widget.Entry} id={id} node={node} disabled={runtime.disabled}>{children}</ContainerEntry>;
}

function ContainerView({ widget: View, id, node }: { widget: ContainerWidgetDefinition['View']; id: string; node: LayoutNode }) {
  const answers = useAllAnswers();
  return (
    <ViewRow id={id} fieldKey={node.key} label={node.label} isHtml={node.isHtml}>
      <View id={id} node={node} answers={answers} />
    </ViewRow>
  );
}

function ContainerEntry(props: {
  widget: ContainerWidgetDefinition['Entry'];
  id: string;
  node: LayoutNode;
  disabled: boolean;
  children: ReactNode;
}) {
  const errors = useFieldErrors(props.node.key);
  const runtime = useRuntime();
  const invalid = errors.length > 0;
  const Entry = props.widget;
  return (
    <div className={`blk-field blk-field-${props.node.type}${invalid ? ' blk-invalid' : ''}`} data-key={props.node.key}>
      <Entry
        id={props.id}
        node={props.node}
        disabled={props.disabled}
        invalid={invalid}
        describedBy={invalid ? errorId(props.id) : undefined}
        errors={<FieldErrors id={props.id} errors={errors} autoFocus={invalid && runtime.focusKey === props.node.key} />}
      >
        {props.children}
      </Entry>
    </div>
  );
}
