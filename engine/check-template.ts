import type { FieldTypeDefinition } from './definitions';
import { TemplateError, type Issue } from './errors';
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
    issues.push({ key, problem: 'validators must be an array of { name, data }' });
    return [];
  }
  const seen = new Set<string>();
  const out: ValidatorRef[] = [];
  for (const v of p.validators as unknown[]) {
    const name = (v as ValidatorRef | null)?.name;
    if (typeof v !== 'object' || v === null || typeof name !== 'string') {
      issues.push({ key, problem: 'a validator must be an object { name, data } with a string name' });
      continue;
    }
    const def = registry.validators.get(name);
    if (!def) {
      issues.push({ key, problem: `unknown validator ${JSON.stringify(name)}` });
      continue;
    }
    if (!registry.allows(type.name, name)) {
      issues.push({ key, problem: `validator ${name} is not allowed on a ${type.name} field (allowed: ${type.validators.join(', ') || 'none'})` });
      continue;
    }
    if (seen.has(name)) {
      issues.push({ key, problem: `validator ${name} is attached twice` });
      continue;
    }
    seen.add(name);
    const data = (v as ValidatorRef).data;
    const schemaProblem = registry.checkValidatorData(name, data ?? null);
    if (schemaProblem) {
      issues.push({ key, problem: `validator ${name} has malformed data: ${schemaProblem}` });
      continue;
    }
    try {
      registry.implementations.get(name)?.prepare(data ?? null);
    } catch (e) {
      if (!(e instanceof DataError)) throw e;
      issues.push({ key, problem: `validator ${name} has malformed data: ${e.message}` });
      continue;
    }
    out.push({ name, data: data ?? null });
  }
  return out;
}

function checkShape(p: MetadataProperty, issues: Issue[]): void {
  const key = p.key;
  if (p.label !== undefined && p.label !== null && typeof p.label !== 'string') issues.push({ key, problem: 'label must be a string' });
  if (p.placeholder !== undefined && p.placeholder !== null && typeof p.placeholder !== 'string') issues.push({ key, problem: 'placeholder must be a string' });
  if (p.required !== undefined && p.required !== null && typeof p.required !== 'boolean') issues.push({ key, problem: 'required must be true or false' });
  if (p.isHtml !== undefined && p.isHtml !== null && typeof p.isHtml !== 'boolean') issues.push({ key, problem: 'isHtml must be true or false' });
  if (p.order !== undefined && p.order !== null && (typeof p.order !== 'number' || !Number.isFinite(p.order))) issues.push({ key, problem: 'order must be a number' });
  for (const rule of ['visibleWhen', 'requiredWhen'] as const) {
    const c = p[rule] as unknown;
    if (c === undefined || c === null) continue;
    const ok = typeof c === 'object' && !Array.isArray(c) && typeof (c as FieldCondition).field === 'string' && typeof (c as FieldCondition).op === 'string';
    if (!ok) issues.push({ key, problem: `${rule} must be an object { field, op, value }` });
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

/** Every check of DESIGN.md's "bad input"; throws one TemplateError listing all issues. */
export function checkTemplate(template: unknown, registry: Registry): CheckedTemplate {
  const metadata = (template as { metadata?: unknown } | null)?.metadata;
  if (!Array.isArray(metadata)) throw new TemplateError([{ key: '', problem: 'template.metadata must be an array of properties' }]);
  const issues: Issue[] = [];
  const byKey = new Map<string, CheckedProperty>();

  metadata.forEach((raw: unknown, index) => {
    const p = raw as MetadataProperty;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      issues.push({ key: `#${index}`, problem: 'a property must be an object' });
      return;
    }
    if (typeof p.key !== 'string' || !KEY.test(p.key)) {
      issues.push({ key: typeof p.key === 'string' ? p.key : `#${index}`, problem: 'key must be 1-128 characters: letters, digits, _ . - (not starting with a digit)' });
      return;
    }
    if (byKey.has(p.key)) {
      issues.push({ key: p.key, problem: 'duplicate key' });
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
    const dataProblem = registry.checkPropertyData(type.name, p.data ?? null);
    if (dataProblem) issues.push({ key: p.key, problem: `data is malformed for a ${type.name} field: ${dataProblem}` });
    const children = type.groupLike && Array.isArray(p.data) ? (p.data as string[]) : [];
    byKey.set(p.key, { prop: p, type, index, validators: checkValidators(p, type, registry, issues), children });
  });

  const parent = new Map<string, string>();
  for (const [key, c] of byKey) {
    for (const child of c.children) {
      const target = byKey.get(child);
      if (child === key) issues.push({ key, problem: 'a group cannot contain itself' });
      else if (!target) issues.push({ key, problem: `child key ${JSON.stringify(child)} does not exist` });
      else if (!(c.type.childTypes ?? []).includes(target.type.name)) {
        issues.push({ key, problem: `child ${child} is a ${target.type.name}; a ${c.type.name} holds ${(c.type.childTypes ?? []).join(', ')}` });
      } else if (parent.has(child)) issues.push({ key, problem: `child ${child} already belongs to ${parent.get(child)}` });
      else parent.set(child, key);
    }
    for (const v of c.validators) {
      if (v.name !== 'beCustomGroupValidation' || !Array.isArray(v.data)) continue;
      for (const listed of v.data as string[]) {
        if (!c.children.includes(listed)) issues.push({ key, problem: `beCustomGroupValidation lists ${listed}, which is not a child of the group` });
      }
    }
  }
  for (const [key, c] of byKey) {
    if (c.type.childOnly && !parent.has(key)) issues.push({ key, problem: `a ${c.type.name} must be a child of a ${parentTypesOf(c.type.name, registry)}` });
  }
  // Group-likes that may hold group-likes (an integrator's choice) must not form a cycle.
  for (const key of byKey.keys()) {
    const seen = new Set<string>();
    for (let at: string | undefined = key; at !== undefined; at = parent.get(at)) {
      if (seen.has(at)) {
        issues.push({ key, problem: 'groups form a cycle' });
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
      canHide: c.type.answer !== null || c.type.groupLike,
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
  return parents.join(' or ') || 'group-like field';
}
