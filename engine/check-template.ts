import sv from '../schemas/messages/sv.json' with { type: 'json' };
import type { FieldTypeDefinition } from './definitions';
import { namesOf, TemplateError, templateIssue, type Issue } from './errors';
import { fieldTypeFor, type Registry } from './registry';
import type { MetadataProperty, ValidatorRef } from './types';
import { DataError } from './validators/types';
import { conditionIssues, effectiveVisibility, fieldKind, sourceKindOf, type FieldCondition } from './conditions';

/** A property that passed the checks, with its type and its validators' prepared data. */
export interface CheckedProperty {
  prop: MetadataProperty;
  type: FieldTypeDefinition;
  index: number;
  validators: ValidatorRef[];
  children: string[];
}

export interface CheckedTemplate {
  byKey: Map<string, CheckedProperty>;
  /** Keys that are nobody's child, in form order. */
  topLevel: string[];
  /** Each key's effective visibility rules (engine/conditions.ts); empty: always shown. */
  visibility: Map<string, FieldCondition[]>;
}

const KEY = /^[A-Za-z_][A-Za-z0-9_.-]{0,127}$/;

function checkValidators(p: MetadataProperty, type: FieldTypeDefinition, registry: Registry, issues: Issue[]): ValidatorRef[] {
  const key = p.key;
  if (p.validators === undefined || p.validators === null) return [];
  if (!Array.isArray(p.validators)) {
    issues.push(templateIssue(key, 'validatorsNotList'));
    return [];
  }
  const seen = new Set<string>();
  const out: ValidatorRef[] = [];
  for (const v of p.validators as unknown[]) {
    const name = (v as ValidatorRef | null)?.name;
    if (typeof v !== 'object' || v === null || typeof name !== 'string') {
      issues.push(templateIssue(key, 'validatorNotObject'));
      continue;
    }
    const def = registry.validators.get(name);
    if (!def) {
      issues.push(templateIssue(key, 'unknownValidator', { name }));
      continue;
    }
    if (!registry.allows(type.name, name)) {
      issues.push(templateIssue(key, 'validatorNotAllowed', { name, type: type.name, allowed: namesOf(type.validators) }));
      continue;
    }
    if (seen.has(name)) {
      issues.push(templateIssue(key, 'validatorTwice', { name }));
      continue;
    }
    seen.add(name);
    const data = (v as ValidatorRef).data;
    if (registry.checkValidatorData(name, data ?? null)) {
      issues.push(templateIssue(key, 'validatorData', { name }));
      continue;
    }
    try {
      registry.implementations.get(name)?.prepare(data ?? null);
    } catch (e) {
      if (!(e instanceof DataError)) throw e;
      issues.push(templateIssue(key, 'validatorDataReason', { name, reason: e.message }));
      continue;
    }
    out.push({ name, data: data ?? null });
  }
  return out;
}

function checkShape(p: MetadataProperty, issues: Issue[]): void {
  const key = p.key;
  if (p.label !== undefined && p.label !== null && typeof p.label !== 'string') issues.push(templateIssue(key, 'labelNotText'));
  if (p.placeholder !== undefined && p.placeholder !== null && typeof p.placeholder !== 'string') issues.push(templateIssue(key, 'placeholderNotText'));
  if (p.required !== undefined && p.required !== null && typeof p.required !== 'boolean') issues.push(templateIssue(key, 'requiredNotBoolean'));
  if (p.isHtml !== undefined && p.isHtml !== null && typeof p.isHtml !== 'boolean') issues.push(templateIssue(key, 'isHtmlNotBoolean'));
  if (p.order !== undefined && p.order !== null && (typeof p.order !== 'number' || !Number.isFinite(p.order))) issues.push(templateIssue(key, 'orderNotNumber'));
  for (const rule of ['visibleWhen', 'requiredWhen'] as const) {
    const c = p[rule] as unknown;
    if (c === undefined || c === null) continue;
    const ok = typeof c === 'object' && !Array.isArray(c) && typeof (c as FieldCondition).field === 'string' && typeof (c as FieldCondition).op === 'string';
    if (!ok) issues.push(templateIssue(key, 'ruleShape', { rule }));
  }
}

const ruleOf = (p: MetadataProperty, rule: 'visibleWhen' | 'requiredWhen'): FieldCondition | null => {
  const c = p[rule] as unknown;
  return typeof c === 'object' && c !== null && typeof (c as FieldCondition).field === 'string' ? (c as FieldCondition) : null;
};

/** Keys in display order: top-level by `order`, each group followed by its children. */
function displayOrder(topLevel: readonly string[], byKey: ReadonlyMap<string, CheckedProperty>): string[] {
  const out: string[] = [];
  const walk = (key: string) => {
    if (out.includes(key)) return;
    out.push(key);
    for (const child of byKey.get(key)?.children ?? []) if (byKey.has(child)) walk(child);
  };
  topLevel.forEach(walk);
  return out;
}

/** Every check of a form the engine refuses (docs/field-types.md); throws one TemplateError listing all issues. */
export function checkTemplate(template: unknown, registry: Registry): CheckedTemplate {
  const metadata = (template as { metadata?: unknown } | null)?.metadata;
  if (!Array.isArray(metadata)) throw new TemplateError([templateIssue('', 'notTemplate')]);
  const issues: Issue[] = [];
  const byKey = new Map<string, CheckedProperty>();

  metadata.forEach((raw: unknown, index) => {
    const p = raw as MetadataProperty;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      issues.push(templateIssue(`#${index}`, 'notProperty'));
      return;
    }
    if (typeof p.key !== 'string' || !KEY.test(p.key)) {
      issues.push(templateIssue(typeof p.key === 'string' ? p.key : `#${index}`, 'keyInvalid'));
      return;
    }
    if (byKey.has(p.key)) {
      issues.push(templateIssue(p.key, 'keyDuplicate'));
      return;
    }
    let type: FieldTypeDefinition;
    try {
      type = fieldTypeFor(p, registry);
    } catch (e) {
      if (!(e instanceof TemplateError)) throw e;
      issues.push(...e.issues);
      return;
    }
    checkShape(p, issues);
    if (registry.checkPropertyData(type.name, p.data ?? null)) issues.push(templateIssue(p.key, 'dataMalformed', { type: type.name }));
    const children = type.groupLike && Array.isArray(p.data) ? (p.data as string[]) : [];
    byKey.set(p.key, { prop: p, type, index, validators: checkValidators(p, type, registry, issues), children });
  });

  const parent = new Map<string, string>();
  for (const [key, c] of byKey) {
    for (const child of c.children) {
      const target = byKey.get(child);
      if (child === key) issues.push(templateIssue(key, 'groupHoldsItself'));
      else if (!target) issues.push(templateIssue(key, 'childMissing', { child }));
      else if (!(c.type.childTypes ?? []).includes(target.type.name)) {
        issues.push(templateIssue(key, 'childWrongType', { child, childType: target.type.name, type: c.type.name, allowed: namesOf(c.type.childTypes ?? []) }));
      } else if (parent.has(child)) issues.push(templateIssue(key, 'childTaken', { child, parent: parent.get(child) ?? '' }));
      else parent.set(child, key);
    }
    for (const v of c.validators) {
      if (v.name !== 'beCustomGroupValidation' || !Array.isArray(v.data)) continue;
      for (const listed of v.data as string[]) {
        if (!c.children.includes(listed)) issues.push(templateIssue(key, 'customGroupNotChild', { listed }));
      }
    }
  }
  for (const [key, c] of byKey) {
    if (c.type.childOnly && !parent.has(key)) issues.push(templateIssue(key, 'childOnly', { type: c.type.name, parents: parentTypesOf(c.type.name, registry) }));
  }
  // Group-likes that may hold group-likes (an integrator's choice) must not form a cycle.
  for (const key of byKey.keys()) {
    const seen = new Set<string>();
    for (let at: string | undefined = key; at !== undefined; at = parent.get(at)) {
      if (seen.has(at)) {
        issues.push(templateIssue(key, 'groupCycle'));
        break;
      }
      seen.add(at);
    }
  }
  const topLevel = [...byKey.values()]
    .filter((c) => !parent.has(c.prop.key))
    .sort((a, b) => (a.prop.order ?? a.index) - (b.prop.order ?? b.index) || a.index - b.index)
    .map((c) => c.prop.key);
  const position = new Map(displayOrder(topLevel, byKey).map((k, i) => [k, i]));
  const conditional = [...byKey.values()].some((c) => ruleOf(c.prop, 'visibleWhen') || ruleOf(c.prop, 'requiredWhen'));
  if (conditional) {
    const fields = [...byKey.values()].map((c) => ({
      key: c.prop.key,
      position: position.get(c.prop.key) ?? Number.MAX_SAFE_INTEGER,
      kind: fieldKind(sourceKindOf(c.type), c.type.name, c.validators),
      options: c.children,
      canHide: (c.type.answer !== null || c.type.groupLike) && c.type.requiredness !== 'always',
      canRequire: c.type.requiredValidator !== undefined,
      visibleWhen: ruleOf(c.prop, 'visibleWhen'),
      requiredWhen: ruleOf(c.prop, 'requiredWhen'),
    }));
    for (const i of conditionIssues(fields)) issues.push({ key: i.key, problem: i.message, code: i.code, path: i.path });
  }
  if (issues.length > 0) throw new TemplateError(issues);

  const visibility = effectiveVisibility(byKey.keys(), (k) => ruleOf((byKey.get(k) as CheckedProperty).prop, 'visibleWhen'), (k) => parent.get(k));
  return { byKey, topLevel, visibility };
}

function parentTypesOf(type: string, registry: Registry): string {
  const parents = [...registry.fieldTypes.values()].filter((t) => t.childTypes?.includes(type)).map((t) => t.name);
  return namesOf(parents, sv.engine.problems.or);
}
