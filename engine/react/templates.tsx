/**
 * The form's fields, laid out by the engine's layout tree. Each answer renders through
 * EngineField, which reads its answer and errors from the form's store, so the schema is only
 * read here for each answer's own schema and the order of the answers the layout does not
 * place. (This was @rjsf/core's <Form> with these two parts as its templates; it rendered
 * nothing else, and left the public apply page's JavaScript 45 KB gzip lighter, issue 18.)
 */
import { Fragment, useMemo, useRef, type ReactNode } from 'react';
import type { CompiledForm, JsonSchemaObject, LayoutNode, RootUiSchema } from './contract';
import { layoutOf } from './contract';
import { ContainerNode, EngineField } from './EngineField';
import { Shown } from './conditional';
import { useShownTopLevel } from './steps';

interface Property {
  name: string;
  content: ReactNode;
}

/** Each answer's last schema parts, by content: kept across compiles of the same form. */
type Parts = Map<string, { json: string; schema: Record<string, unknown>; uiSchema: Record<string, unknown> | undefined }>;

/**
 * The answers in `ui:order` (the rest after them, in schema order), each as its EngineField.
 * An answer whose schema and uiSchema read the same as in the last compile keeps the last
 * objects (`last` → `next`): a recompiled form (the builder's live preview after a move)
 * then draws again only the fields that changed, not all of them.
 */
function propertiesOf(schema: JsonSchemaObject, uiSchema: RootUiSchema, last: Parts, next: Parts): Property[] {
  const all = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const keys = Object.keys(all);
  const ordered = (uiSchema['ui:order'] ?? []).filter((k) => Object.hasOwn(all, k));
  const names = [...new Set([...ordered, ...keys])];
  return names.map((name) => {
    const fresh = { schema: all[name] ?? {}, uiSchema: uiSchema[name] as Record<string, unknown> | undefined };
    const json = JSON.stringify([fresh.schema, fresh.uiSchema]);
    const kept = last.get(name);
    const parts = kept?.json === json ? kept : { json, ...fresh };
    next.set(name, parts);
    return { name, content: <EngineField key={name} name={name} uiSchema={parts.uiSchema} schema={parts.schema} /> };
  });
}

/**
 * Renders the form tree: answer-carrying nodes are their EngineField, group-like nodes become
 * their container widget (fieldset + legend) around their children.
 */
export function FormFields({ schema, uiSchema }: { schema: CompiledForm['schema']; uiSchema: RootUiSchema }) {
  const parts = useRef<Parts>(new Map());
  const properties = useMemo(() => {
    const next: Parts = new Map();
    const out = propertiesOf(schema, uiSchema, parts.current, next);
    parts.current = next;
    return out;
  }, [schema, uiSchema]);
  const layout = useMemo(() => layoutOf(uiSchema), [uiSchema]);
  const content = new Map<string, ReactNode>(properties.map((p) => [p.name, p.content]));
  const placed = new Set<string>();

  const renderNode = (node: LayoutNode): ReactNode => {
    const own = content.get(node.key);
    if (own !== undefined) {
      placed.add(node.key);
      return <Shown key={node.key} when={node.visibleWhen}>{own}</Shown>;
    }
    if (!node.children?.length) return null;
    return (
      <Shown key={node.key} when={node.visibleWhen}>
        <ContainerNode node={node}>{node.children.map(renderNode)}</ContainerNode>
      </Shown>
    );
  };

  // A form with steps shows the current step's top-level nodes (engine/react/steps.tsx).
  const shown = useShownTopLevel();
  const tree = (shown ? layout.filter((n) => shown.has(n.key)) : layout).map(renderNode);
  if (shown) for (const p of properties) placed.add(p.name);
  // A property the layout does not mention is still an answer the applicant must be able to give.
  const rest = properties.filter((p) => !placed.has(p.name)).map((p) => <Fragment key={p.name}>{p.content}</Fragment>);
  return (
    <div className="blk-fields">
      {tree}
      {rest}
    </div>
  );
}
