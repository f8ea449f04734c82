import type { MetadataProperty } from '../types';
import type { BuilderCatalog, BuilderForm, NewFieldContext } from './types';
import { allocateKey } from './keys';
import { byKey, childKeysOf, layout, topLevel } from './tree';

/**
 * A group's child as its editor shows it: an item of the editor schema's option list
 * (`options`, `periods`). `key` is absent for an item the editor just added; every field
 * other than key, label and isHtml belongs to the child's `data` (a period's dates).
 */
export interface ChildItem {
  key?: string;
  label?: string;
  isHtml?: boolean;
  [dataField: string]: unknown;
}

/** The children of a group as editor items. */
export function childItems(form: BuilderForm, groupKey: string): ChildItem[] {
  const all = byKey(form.metadata);
  return childKeysOf(all.get(groupKey)).flatMap((k) => {
    const p = all.get(k);
    if (!p) return [];
    const data = p.data && typeof p.data === 'object' && !Array.isArray(p.data) ? (p.data as Record<string, unknown>) : {};
    return [{ ...data, key: p.key, label: p.label ?? '', ...(p.isHtml ? { isHtml: true } : {}) }];
  });
}

function split(item: ChildItem): { label: string; isHtml?: boolean; data?: Record<string, unknown> } {
  const { key: _key, label, isHtml, ...rest } = item;
  return { label: label ?? '', ...(isHtml !== undefined ? { isHtml } : {}), ...(Object.keys(rest).length ? { data: rest } : {}) };
}

/**
 * Makes a group's children what the editor's list says: items with a known key update that
 * child, items without one become new children (fresh keys), children missing from the
 * list leave the form, and the list's order becomes the group's order.
 */
export function setChildren(
  form: BuilderForm, groupKey: string, items: readonly ChildItem[], catalog: BuilderCatalog, ctx: Omit<NewFieldContext, 'index'>,
): BuilderForm {
  const all = byKey(form.metadata);
  const group = all.get(groupKey);
  const childType = group && catalog.isGroup(group.type) ? catalog.childType(group.type) : undefined;
  if (!group || !childType) return form;
  const before = childKeysOf(group);
  const taken = new Set(form.metadata.map((p) => p.key));
  let nextKey = form.nextKey;
  const updated = new Map<string, MetadataProperty>();
  const added: MetadataProperty[] = [];
  const order: string[] = [];
  items.forEach((item, i) => {
    const own = item.key && before.includes(item.key) && !order.includes(item.key) ? all.get(item.key) : undefined;
    const parts = split(item);
    if (own) {
      const next = { ...own, ...parts };
      const same = next.label === own.label && next.isHtml === own.isHtml && JSON.stringify(next.data) === JSON.stringify(own.data);
      updated.set(own.key, same ? own : next);
      order.push(own.key);
      return;
    }
    const made = allocateKey(catalog.keyPrefix(childType), nextKey, taken);
    taken.add(made.key);
    nextKey = made.nextKey;
    const defaults = catalog.defaults(childType, { ...ctx, index: i + 1 });
    added.push({ required: false, isHtml: false, validators: [], ...defaults, ...parts, key: made.key, type: childType });
    order.push(made.key);
  });
  const unchanged = added.length === 0 && order.length === before.length && order.every((k, i) => k === before[i] && updated.get(k) === all.get(k));
  if (unchanged) return form;
  const removed = new Set(before.filter((k) => !order.includes(k)));
  const metadata = form.metadata
    .filter((p) => !removed.has(p.key))
    .map((p) => (p === group ? { ...p, data: order } : updated.get(p.key) ?? p));
  const top = topLevel(form, catalog).map((p) => p.key);
  return { metadata: layout(top, [...metadata, ...added], catalog), nextKey };
}
