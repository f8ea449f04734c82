import sv from '../schemas/messages/sv.json' with { type: 'json' };
import type { FieldCondition } from '../schemas/generated/entities';
import { fill } from './fill';
import { AGE_KEYWORD, ageWithin, personAge } from './validator-runtime';

/**
 * Conditional fields (issue 18): a field or group shown only while another field's answer
 * matches (`visibleWhen`), a field required only while one does (`requiredWhen`). One source,
 * three readers: conditionsSchema compiles a rule to plain JSON Schema (`if`/`then` in
 * engine/build-form.ts, so the server's ajv, the precompiled validator and any ajv decide the
 * same), conditionHolds is its twin in code for what a schema cannot do (the page hiding a
 * field live, the server dropping a hidden answer), and conditionIssues refuses rules that
 * cannot work, in the builder and on save alike. No React, no ajv.
 */

export type { FieldCondition };
export type ConditionOp = FieldCondition['op'];
type JSONSchema = Record<string, unknown>;

/** What a field's answer offers a rule: free text, a choice among option keys, a check. */
export type SourceKind = 'text' | 'choice' | 'check' | 'personnummer';

const OPS: Record<SourceKind, readonly ConditionOp[]> = {
  text: ['equals', 'oneOf', 'notEmpty'],
  choice: ['equals', 'oneOf'],
  check: ['checked'],
  personnummer: ['equals', 'oneOf', 'notEmpty', 'ageAtLeast', 'ageAtMost'],
};

const AGE_OPS: readonly ConditionOp[] = ['ageAtLeast', 'ageAtMost'];
/** Whether a rule reads an age (its value is whole years). */
export const isAgeOp = (op: ConditionOp): boolean => AGE_OPS.includes(op);

/**
 * A text field that holds a personnummer (its ssnValidSwe rule, or a type named so) offers the
 * age rules; sourceKindOf sees only the type, this also sees the field's validators.
 */
export function fieldKind(kind: SourceKind | null, typeName: string, validators: readonly { name: string }[] | undefined): SourceKind | null {
  if (typeName === 'personnummer' || typeName === 'birthDate') return 'personnummer';
  if (kind === 'text' && validators?.some((v) => v.name === 'ssnValidSwe')) return 'personnummer';
  return kind;
}

/** The rules a field of this kind can be read with. */
export const opsFor = (kind: SourceKind): readonly ConditionOp[] => OPS[kind];

/**
 * What kind of answer a field type gives, from its declared answer schema; null for what a
 * rule cannot read: files, images (a pattern-checked data URL), groups and radios (no answer).
 */
export function sourceKindOf(type: { answer: unknown; groupLike?: boolean }): SourceKind | null {
  const a = type.answer as { type?: unknown; pattern?: unknown; properties?: Record<string, unknown> } | null;
  if (!a || typeof a !== 'object') return null;
  if (a.type === 'boolean' || (a.type === 'object' && a.properties?.checked !== undefined)) return 'check';
  if (a.type === 'string' && a.pattern === undefined && !('x-maxBytes' in a)) return type.groupLike ? 'choice' : 'text';
  return null;
}

const NOT_BLANK = /\S/u;
/** engine/personnummer.ts's shape, surrounding blanks allowed (it trims). */
// Or a birth date (the birthDate type, issue 28): age rules read either.
const PNR_SHAPE = '^\\s*(?:\\d{8}[-+]?\\d{4}|\\d{4}-\\d{2}-\\d{2})\\s*$';
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Whether one rule holds for these answers: the code twin of conditionsSchema (tests hold them to
 * one verdict). `now` dates the age rules (the server's clock, or the page's).
 */
export function conditionHolds(c: FieldCondition, answers: Record<string, unknown>, now?: Date): boolean {
  const v = Object.hasOwn(answers, c.field) ? answers[c.field] : undefined;
  switch (c.op) {
    case 'equals':
      return typeof v === 'string' && v === c.value;
    case 'oneOf':
      return typeof v === 'string' && Array.isArray(c.value) && c.value.includes(v);
    case 'checked':
      return v === true || (isObject(v) && v.checked === true);
    case 'notEmpty':
      return typeof v === 'string' && NOT_BLANK.test(v);
    case 'ageAtLeast':
    case 'ageAtMost':
      return typeof c.value === 'number' && ageWithin(personAge(v, now), ageBounds(c.op, c.value));
    default:
      return false;
  }
}

function ageBounds(op: ConditionOp, years: number): { min?: number; max?: number } {
  return op === 'ageAtLeast' ? { min: years } : { max: years };
}

/** Every rule holds (no rules: always). */
export function allHold(conditions: readonly FieldCondition[] | undefined, answers: Record<string, unknown>, now?: Date): boolean {
  return !conditions || conditions.every((c) => conditionHolds(c, answers, now));
}

function valueSchema(c: FieldCondition): JSONSchema {
  switch (c.op) {
    case 'equals':
      return typeof c.value === 'string' ? { const: c.value } : { not: {} };
    case 'oneOf':
      return Array.isArray(c.value) ? { enum: [...c.value] } : { not: {} };
    case 'checked':
      return { anyOf: [{ const: true }, { type: 'object', required: ['checked'], properties: { checked: { const: true } } }] };
    case 'ageAtLeast':
    case 'ageAtMost':
      // The shape of a personnummer is standard (a pattern); its age today is not: x-age.
      return typeof c.value === 'number' ? { type: 'string', pattern: PNR_SHAPE, [AGE_KEYWORD]: ageBounds(c.op, c.value) } : { not: {} };
    default:
      return { type: 'string', pattern: NOT_BLANK.source };
  }
}

/** "All these rules hold", as plain JSON Schema over the answers object. */
export function conditionsSchema(conditions: readonly FieldCondition[]): JSONSchema {
  const parts = conditions.map((c) => ({ type: 'object', required: [c.field], properties: { [c.field]: valueSchema(c) } }));
  return parts.length === 1 ? (parts[0] as JSONSchema) : { allOf: parts };
}

/** A node of the compiled layout as far as visibility goes. */
export interface VisibilityNode {
  key: string;
  visibleWhen?: FieldCondition[];
  children?: VisibilityNode[];
}

/** The keys hidden by their rules under these answers (a hidden group hides its children). */
export function hiddenKeys(layout: readonly VisibilityNode[], answers: Record<string, unknown>, now?: Date): Set<string> {
  const hidden = new Set<string>();
  const walk = (nodes: readonly VisibilityNode[], above: boolean) => {
    for (const n of nodes) {
      const gone = above || !allHold(n.visibleWhen, answers, now);
      if (gone) hidden.add(n.key);
      if (n.children) walk(n.children, gone);
    }
  };
  walk(layout, false);
  return hidden;
}

/** The answers without those of hidden fields: what is validated, sent and stored. */
export function visibleAnswers<A extends Record<string, unknown>>(layout: readonly VisibilityNode[], answers: A, now?: Date): A {
  const hidden = hiddenKeys(layout, answers, now);
  if (![...hidden].some((k) => Object.hasOwn(answers, k))) return answers;
  const out = { ...answers };
  for (const k of hidden) delete out[k];
  return out;
}

/**
 * Each key's effective visibility: its own rule, the rules that keep its group shown and the
 * rules that keep its rule's field shown (a hidden field has no answer, so a rule on it fails).
 */
export function effectiveVisibility(
  keys: Iterable<string>,
  own: (key: string) => FieldCondition | null | undefined,
  parentOf: (key: string) => string | undefined,
): Map<string, FieldCondition[]> {
  const out = new Map<string, FieldCondition[]>();
  const busy = new Set<string>();
  const of = (key: string): FieldCondition[] => {
    const done = out.get(key);
    if (done) return done;
    if (busy.has(key)) return []; // a cycle: refused by conditionIssues before anything compiles
    busy.add(key);
    const parent = parentOf(key);
    const rule = own(key);
    const list = [...(parent !== undefined ? of(parent) : []), ...(rule ? [...of(rule.field), rule] : [])];
    busy.delete(key);
    out.set(key, list);
    return list;
  };
  for (const k of keys) of(k);
  return out;
}

/** One field as conditionIssues sees it. */
export interface ConditionField {
  key: string;
  /** Position in display order (a group before its children). */
  position: number;
  kind: SourceKind | null;
  /** Option keys of a choice. */
  options?: readonly string[];
  canHide: boolean;
  canRequire: boolean;
  visibleWhen?: FieldCondition | null;
  requiredWhen?: FieldCondition | null;
}

type ConditionProblem = 'missing' | 'self' | 'below' | 'cycle' | 'sourceType' | 'target' | 'requiredTarget' | 'op' | 'value' | 'option';

export interface ConditionIssue {
  key: string;
  path: 'visibleWhen' | 'requiredWhen';
  code: ConditionProblem;
  /** Swedish, for the builder and the server's answer. */
  message: string;
}

const RULES = ['visibleWhen', 'requiredWhen'] as const;

function onCycle(fields: ReadonlyMap<string, ConditionField>): Set<string> {
  const state = new Map<string, 'busy' | 'done'>();
  const cyclic = new Set<string>();
  const stack: string[] = [];
  const visit = (key: string) => {
    if (state.get(key) === 'done') return;
    if (state.get(key) === 'busy') {
      for (let i = stack.lastIndexOf(key); i < stack.length; i++) cyclic.add(stack[i] as string);
      return;
    }
    state.set(key, 'busy');
    stack.push(key);
    const f = fields.get(key);
    for (const r of RULES) {
      const target = f?.[r]?.field;
      if (target !== undefined && target !== key && fields.has(target)) visit(target);
    }
    stack.pop();
    state.set(key, 'done');
  };
  for (const k of fields.keys()) visit(k);
  return cyclic;
}

function problemOf(f: ConditionField, rule: (typeof RULES)[number], c: FieldCondition, fields: ReadonlyMap<string, ConditionField>, cyclic: Set<string>): ConditionProblem | null {
  if (rule === 'visibleWhen' && !f.canHide) return 'target';
  if (rule === 'requiredWhen' && !f.canRequire) return 'requiredTarget';
  if (c.field === f.key) return 'self';
  const source = fields.get(c.field);
  if (!source) return 'missing';
  if (cyclic.has(f.key) && cyclic.has(source.key)) return 'cycle';
  if (source.position > f.position) return 'below';
  if (!source.kind) return 'sourceType';
  if (!opsFor(source.kind).includes(c.op)) return 'op';
  if (isAgeOp(c.op)) return Number.isInteger(c.value) && (c.value as number) >= 0 && (c.value as number) <= 150 ? null : 'value';
  if (c.op === 'equals' && (typeof c.value !== 'string' || (source.kind === 'text' && c.value === ''))) return 'value';
  if (c.op === 'oneOf' && (!Array.isArray(c.value) || c.value.length === 0)) return 'value';
  if ((c.op === 'checked' || c.op === 'notEmpty') && c.value !== undefined) return 'value';
  if (source.kind === 'choice') {
    const values = Array.isArray(c.value) ? c.value : typeof c.value === 'string' ? [c.value] : [];
    if (values.some((v) => !(source.options ?? []).includes(v))) return 'option';
  }
  return null;
}

/** Every rule that cannot work, at its field, with its Swedish message. */
export function conditionIssues(list: readonly ConditionField[]): ConditionIssue[] {
  const fields = new Map(list.map((f) => [f.key, f]));
  const cyclic = onCycle(fields);
  const issues: ConditionIssue[] = [];
  for (const f of list) {
    for (const rule of RULES) {
      const c = f[rule];
      if (!c) continue;
      const code = problemOf(f, rule, c, fields, cyclic);
      if (code) issues.push({ key: f.key, path: rule, code, message: sv.conditions[code] });
    }
  }
  return issues;
}

/** 'Har körkort = Ja': a rule in words, with the field's label and each answer as shown (a choice: its option's label). */
export function conditionSummary(c: FieldCondition, labelOf: (key: string) => string, valueLabel: (value: string) => string = labelOf): string {
  const field = labelOf(c.field);
  if (typeof c.value === 'number') return fill(sv.conditions[c.op], { field, value: String(c.value) });
  const values = (typeof c.value === 'string' ? [c.value] : (c.value ?? [])).map(valueLabel);
  return fill(sv.conditions[c.op], { field, value: values.join(', ') });
}
