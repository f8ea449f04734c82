import type { MetadataProperty } from '../types';
import type { BuilderCatalog, BuilderForm } from './types';
import { counterAfter } from './keys';

/** The child keys a group-like property lists in `data` (anything else is ignored). */
export function childKeysOf(p: MetadataProperty | undefined): string[] {
  if (!p || !Array.isArray(p.data)) return [];
  return p.data.filter((k): k is string => typeof k === 'string');
}

/** child key → parent key, for every group-like property's children. */
export function parentMap(metadata: readonly MetadataProperty[], catalog: BuilderCatalog): Map<string, string> {
  const parents = new Map<string, string>();
  for (const p of metadata) {
    if (!catalog.isGroup(p.type)) continue;
    for (const child of childKeysOf(p)) if (child !== p.key && !parents.has(child)) parents.set(child, p.key);
  }
  return parents;
}

/** key → property; with a duplicate key the first one wins. */
export function byKey(metadata: readonly MetadataProperty[]): Map<string, MetadataProperty> {
  const map = new Map<string, MetadataProperty>();
  for (const p of metadata) if (!map.has(p.key)) map.set(p.key, p);
  return map;
}

/** The fields shown at the top of the list, in order: every field that is no group's child. */
export function topLevel(form: BuilderForm, catalog: BuilderCatalog): MetadataProperty[] {
  const parents = parentMap(form.metadata, catalog);
  return form.metadata.filter((p) => !parents.has(p.key));
}

/** The children of a group-like field, in the order its `data` lists them. */
export function childrenOf(form: BuilderForm, key: string): MetadataProperty[] {
  const all = byKey(form.metadata);
  return childKeysOf(all.get(key))
    .map((k) => all.get(k))
    .filter((p): p is MetadataProperty => p !== undefined);
}

/**
 * Lays the list out canonically: top-level fields in the given order, each followed by its
 * children in `data` order, and `order` set to the position. Both the array and `order`
 * then say the same thing, whichever the renderer reads.
 */
export function layout(topKeys: readonly string[], metadata: readonly MetadataProperty[], catalog: BuilderCatalog): MetadataProperty[] {
  const all = byKey(metadata);
  const out: MetadataProperty[] = [];
  // Seen by identity, not key: a form with a duplicate key (bad input the validator reports)
  // must keep both fields rather than lose one.
  const seen = new Set<MetadataProperty>();
  const visit = (p: MetadataProperty | undefined) => {
    if (!p || seen.has(p)) return;
    seen.add(p);
    out.push(p);
    if (catalog.isGroup(p.type)) for (const child of childKeysOf(p)) visit(all.get(child));
  };
  for (const k of topKeys) visit(all.get(k));
  for (const p of metadata) visit(p);
  return out.map((p, i) => (p.order === i ? p : { ...p, order: i }));
}

/** A stored form as the builder edits it: sorted by `order`, laid out, counter restored. */
export function fromMetadata(metadata: readonly MetadataProperty[], catalog: BuilderCatalog, storedCounter?: number): BuilderForm {
  const sorted = metadata
    .map((p, i) => ({ p, i }))
    .sort((a, b) => (a.p.order ?? a.i) - (b.p.order ?? b.i) || a.i - b.i)
    .map(({ p }) => p);
  const parents = parentMap(sorted, catalog);
  const top = sorted.filter((p) => !parents.has(p.key)).map((p) => p.key);
  return { metadata: layout(top, sorted, catalog), nextKey: counterAfter(metadata, storedCounter) };
}
