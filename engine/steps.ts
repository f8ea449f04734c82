/**
 * Steps (issue 18 item 2): a top-level field of type `step` starts a new step; the fields
 * after it, up to the next one, are that step. A form without one is a single page (the
 * default). Pure, so the browser and the no-script round trips split a form the same way.
 */

/** What this needs of a layout node (engine/build-form.ts LayoutNode). */
export interface StepNode {
  key: string;
  type: string;
  label?: string;
  children?: readonly StepNode[];
}

export interface FormStep<N extends StepNode = StepNode> {
  /** The step boundary's key, or null for fields before the first boundary. */
  key: string | null;
  /** The boundary's label ('' for the leading step without one). */
  title: string;
  nodes: N[];
}

/** The field type that starts a step. */
export const STEP_TYPE = 'step';

/** Field names a form with steps posts besides the answers (engine/react/steps.tsx, server/http/apply-form.ts). */
export const STEP_FIELD = 'blk_step';
export const NAV_FIELD = 'blk_nav';
/** The answers of the steps not on the page, carried through a no-script round trip (JSON). */
export const CARRY_FIELD = 'blk_answers';
/** Which button sent the form; 'refresh' redraws it for the answers so far (conditions without script). */
export type StepNav = 'next' | 'back' | 'send' | 'refresh';

/** The steps of a layout in order; one step holding everything when it has no boundary. */
export function stepsOf<N extends StepNode>(layout: readonly N[]): FormStep<N>[] {
  const steps: FormStep<N>[] = [];
  let current: FormStep<N> = { key: null, title: '', nodes: [] };
  for (const node of layout) {
    if (node.type !== STEP_TYPE) {
      current.nodes.push(node);
      continue;
    }
    if (current.key !== null || current.nodes.length > 0) steps.push(current);
    current = { key: node.key, title: node.label ?? '', nodes: [] };
  }
  steps.push(current);
  // A boundary with nothing after it (e.g. one just added at the end) is not a step of its own.
  return steps.length > 1 ? steps.filter((s) => s.nodes.length > 0) : steps;
}

/** Every key a step holds, groups and their children alike. */
export function keysOfStep(step: FormStep): Set<string> {
  const out = new Set<string>();
  const walk = (nodes: readonly StepNode[]) => {
    for (const n of nodes) {
      out.add(n.key);
      if (n.children) walk(n.children);
    }
  };
  walk(step.nodes);
  return out;
}

/** A step index from untrusted input (a form field), clamped to the steps there are. */
export function stepIndex(raw: unknown, count: number): number {
  const n = typeof raw === 'string' && /^\d{1,3}$/.test(raw) ? Number(raw) : typeof raw === 'number' ? raw : 0;
  return Number.isInteger(n) ? Math.min(Math.max(n, 0), Math.max(count - 1, 0)) : 0;
}
