import { conditionIssues, fieldKind, type ConditionField, type FieldCondition, type SourceKind } from '../conditions';
import type { MetadataProperty } from '../types';
import { byKey, childKeysOf, parentMap } from './tree';
import type { BuilderCatalog, BuilderForm, BuilderIssue } from './types';

/**
 * The builder's side of conditional fields (engine/conditions.ts holds the rules themselves):
 * which fields a rule may read, which fields a removal would leave with a dangling rule, a
 * rename carried into the rules, and the rules' problems as builder issues.
 */

export const RULE_NAMES = ['visibleWhen', 'requiredWhen'] as const;
export type RuleName = (typeof RULE_NAMES)[number];

/** A field a rule may read, as the builder's rule editor offers it. */
export interface RuleSource {
  key: string;
  kind: SourceKind;
  /** The options of a choice: key and label. */
  options: { key: string; label?: string }[];
}

const ruleOf = (p: MetadataProperty | undefined, r: RuleName): FieldCondition | null => {
  const c = p?.[r];
  return c && typeof c === 'object' && typeof c.field === 'string' ? c : null;
};

function fields(form: BuilderForm, catalog: BuilderCatalog): ConditionField[] {
  const traits = catalog.conditionTraits;
  if (!traits) return [];
  return form.metadata.map((p, position) => {
    const t = traits(p.type);
    return {
      key: p.key, position, kind: fieldKind(t.kind, p.type, p.validators), options: childKeysOf(p), canHide: t.canHide, canRequire: t.canRequire,
      visibleWhen: ruleOf(p, 'visibleWhen'), requiredWhen: ruleOf(p, 'requiredWhen'),
    };
  });
}

/** Every rule that cannot work (deleted or renamed field, below, itself, a cycle, a file), at its field. */
export function ruleIssues(form: BuilderForm, catalog: BuilderCatalog): BuilderIssue[] {
  if (!form.metadata.some((p) => ruleOf(p, 'visibleWhen') || ruleOf(p, 'requiredWhen'))) return [];
  return conditionIssues(fields(form, catalog)).map((i) => ({ key: i.key, path: i.path, message: i.message }));
}

/** The fields above `key` that a rule of `key` can read, in form order. */
export function ruleSources(form: BuilderForm, key: string, catalog: BuilderCatalog): RuleSource[] {
  const traits = catalog.conditionTraits;
  const at = form.metadata.findIndex((p) => p.key === key);
  if (!traits || at < 0) return [];
  const all = byKey(form.metadata);
  const out: RuleSource[] = [];
  for (const p of form.metadata.slice(0, at)) {
    const kind = fieldKind(traits(p.type).kind, p.type, p.validators);
    if (!kind) continue;
    out.push({ key: p.key, kind, options: childKeysOf(p).map((k) => ({ key: k, label: all.get(k)?.label })) });
  }
  return out;
}

/** The fields (outside `removed`) whose rules read one of `removed`. */
export function dependentsOf(form: BuilderForm, removed: ReadonlySet<string>): MetadataProperty[] {
  return form.metadata.filter((p) => !removed.has(p.key) && RULE_NAMES.some((r) => {
    const c = ruleOf(p, r);
    return c !== null && removed.has(c.field);
  }));
}

/** Every key that leaves the form with `key` (a group takes its children). */
export function removalOf(form: BuilderForm, key: string, catalog: BuilderCatalog): Set<string> {
  const p = byKey(form.metadata).get(key);
  return new Set([key, ...(p && catalog.isGroup(p.type) ? childKeysOf(p) : [])]);
}

/** `p` with its rules following a field (or a choice's option) renamed from `from` to `to`. */
export function renameInRules(p: MetadataProperty, from: string, to: string, form: BuilderForm, catalog: BuilderCatalog): MetadataProperty {
  const parentOfFrom = parentMap(form.metadata, catalog).get(from);
  let out = p;
  for (const r of RULE_NAMES) {
    const c = ruleOf(p, r);
    if (!c) continue;
    let next = c;
    if (c.field === from) next = { ...next, field: to };
    if (parentOfFrom !== undefined && c.field === parentOfFrom) {
      if (c.value === from) next = { ...next, value: to };
      else if (Array.isArray(c.value) && c.value.includes(from)) next = { ...next, value: c.value.map((v) => (v === from ? to : v)) };
    }
    if (next !== c) out = { ...out, [r]: next };
  }
  return out;
}
