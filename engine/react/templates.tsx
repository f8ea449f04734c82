/** RJSF templates: the root object is laid out by the engine's layout tree, not by schema order. */
import { Fragment, type ReactNode } from 'react';
import type { FieldTemplateProps, ObjectFieldTemplateProps } from '@rjsf/utils';
import { layoutOf, type LayoutNode, type RootUiSchema } from './contract';
import { ContainerNode } from './EngineField';
import { Shown } from './conditional';
import { useShownTopLevel } from './steps';

/** Each field draws its own label and errors (EngineField), so RJSF's wrapper adds nothing. */
export function PassThroughFieldTemplate({ children }: FieldTemplateProps) {
  return <>{children}</>;
}

/**
 * Renders the form tree: answer-carrying nodes are RJSF's property elements (memoised by
 * RJSF), group-like nodes become their container widget (fieldset + legend) around their children.
 */
export function LayoutObjectFieldTemplate({ properties, uiSchema }: ObjectFieldTemplateProps) {
  const content = new Map<string, ReactNode>(properties.map((p) => [p.name, p.content]));
  const layout = layoutOf((uiSchema ?? {}) as RootUiSchema);
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
