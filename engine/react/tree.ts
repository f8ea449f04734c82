import type { FieldError, LayoutNode } from './contract';

/** Keys of the layout in display order, each group before its children. */
export function keysInOrder(layout: readonly LayoutNode[]): string[] {
  const out: string[] = [];
  const walk = (nodes: readonly LayoutNode[]) => {
    for (const node of nodes) {
      out.push(node.key);
      if (node.children) walk(node.children);
    }
  };
  walk(layout);
  return out;
}

/** For every key, the keys of the groups that hold it (nearest first). */
export function ancestorsByKey(layout: readonly LayoutNode[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  const walk = (nodes: readonly LayoutNode[], above: string[]) => {
    for (const node of nodes) {
      map.set(node.key, above);
      if (node.children) walk(node.children, [node.key, ...above]);
    }
  };
  walk(layout, []);
  return map;
}

/** The first key in display order that has an error, or undefined. */
export function firstInvalidKey(order: readonly string[], errors: readonly FieldError[]): string | undefined {
  const invalid = new Set(errors.map((e) => e.key));
  return order.find((key) => invalid.has(key));
}

const FOCUSABLE = 'input:not([disabled]):not([type="hidden"]), textarea:not([disabled]), select:not([disabled]), button:not([disabled])';

/** Moves focus to the field rendered with `id`: the control itself, or the first control inside a group. */
export function focusField(id: string): boolean {
  const el = typeof document === 'undefined' ? null : document.getElementById(id);
  if (!el) return false;
  const target = el.matches(FOCUSABLE) ? el : (el.querySelector<HTMLElement>('input:checked') ?? el.querySelector<HTMLElement>(FOCUSABLE));
  if (!target) return false;
  target.focus();
  if (typeof target.scrollIntoView === 'function') target.scrollIntoView({ block: 'center' });
  return true;
}
