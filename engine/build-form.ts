import { keywordFor, REQUIRED_KEYWORD } from './validator-runtime';
import type { CheckedProperty, CheckedTemplate } from './check-template';
import type { Registry } from './registry';
import { htmlToText, sanitizeHtml } from './sanitize';
import type { ValidatorRef } from './types';
import type { FieldTypeDefinition } from './definitions';
import { conditionsSchema, type FieldCondition } from './conditions';

/** One node of the form tree, in display order (`uiSchema['ui:options'].layout`). */
export interface LayoutNode {
  key: string;
  type: string;
  label: string;
  isHtml: boolean;
  required: boolean;
  widget: string;
  /** Shown only while all of these hold (its own rule, its group's, its rule's field's). */
  visibleWhen?: FieldCondition[];
  /** Required only while this holds. */
  requiredWhen?: FieldCondition;
  children?: LayoutNode[];
}

export interface FieldUiOptions {
  fieldType: string;
  label: string;
  isHtml: boolean;
  placeholder: string;
  required: boolean;
  data: unknown;
  validators: ValidatorRef[];
  options?: { key: string; label: string; isHtml: boolean }[];
  /** Required only while this holds (the marker follows it live). */
  requiredWhen?: FieldCondition;
  /** The field type's autofill hints (person fields). */
  autocomplete?: FieldTypeDefinition['autocomplete'];
}

export type JSONSchema = Record<string, unknown>;

export interface UiSchema {
  'ui:order': string[];
  'ui:options': { layout: LayoutNode[] };
  [key: string]: unknown;
}

export interface BuiltForm {
  schema: JSONSchema;
  uiSchema: UiSchema;
  layout: LayoutNode[];
  /** Answer-carrying keys in layout order; errors are sorted by it. */
  order: Map<string, number>;
}

type Presence = { validator: string; data: unknown };

/**
 * The validators that actually apply: the attached ones, the type's built-in ones (a
 * personnummer field always checks the number) and what `required: true` means for the type.
 */
/** Whether the field is required: ticked by staff, or always for its type (E-post, issue 26). */
const isRequired = (c: CheckedProperty): boolean => c.prop.required === true || c.type.requiredness === 'always';

function effectiveValidators(c: CheckedProperty): ValidatorRef[] {
  const out = [...c.validators];
  for (const b of c.type.builtInValidators ?? []) if (!out.some((v) => v.name === b.name)) out.push({ name: b.name, data: b.data ?? null });
  const rv = c.type.requiredValidator;
  if (!isRequired(c) || !rv || out.some((v) => v.name === rv.name)) return out;
  return [...out, { name: rv.name, data: rv.data ?? null }];
}

function presenceOf(validators: ValidatorRef[], registry: Registry): Presence | null {
  for (const v of validators) {
    const def = registry.validators.get(v.name);
    if (!def || def.level !== 'value') continue;
    const data = v.data;
    if (def.presence === 'always') return { validator: v.name, data };
    if (def.presence === 'whenPositive' && Number(typeof data === 'string' ? data.trim() : data) >= 1) return { validator: v.name, data };
  }
  return null;
}

function groupRequires(validators: ValidatorRef[], registry: Registry): boolean {
  return validators.some((v) => {
    const def = registry.validators.get(v.name);
    if (def?.level !== 'group') return false;
    return def.presence === 'always' || (def.presence === 'whenPositive' && Number(v.data) >= 1);
  });
}

function labelOf(c: CheckedProperty): { label: string; isHtml: boolean } {
  const isHtml = c.prop.isHtml === true;
  const raw = typeof c.prop.label === 'string' ? c.prop.label : '';
  return { label: isHtml ? sanitizeHtml(raw) : raw, isHtml };
}

function answerSchema(c: CheckedProperty, validators: ValidatorRef[], registry: Registry, label: string): JSONSchema {
  const schema: JSONSchema = { ...(c.type.answer as JSONSchema), title: label };
  const data = c.prop.data as { maxLength?: unknown } | null | undefined;
  if (schema.type === 'string' && typeof data?.maxLength === 'number') {
    const limit = typeof schema.maxLength === 'number' ? Math.min(schema.maxLength, data.maxLength) : data.maxLength;
    schema.maxLength = limit;
  }
  // A radioGroup's answer is one of its radios; with no radios yet, no answer can be right.
  if (c.type.groupLike && schema.type === 'string') {
    if (c.children.length > 0) schema.enum = [...c.children];
    else schema.not = {};
  }
  for (const v of validators) {
    if (registry.validators.get(v.name)?.level === 'value') schema[keywordFor(v.name)] = { data: v.data, key: c.prop.key };
  }
  return schema;
}

/**
 * Where a rule lands: the top-level schema for unconditional ones, else one `if`/`then` per
 * distinct set of conditions, so a hidden field's answer is neither checked nor required.
 */
interface Scope {
  properties: Record<string, JSONSchema>;
  required: Record<string, Presence>;
  groupRules: Record<string, unknown[]>;
}

const newScope = (): Scope => ({ properties: {}, required: {}, groupRules: {} });

function scopeSchema(scope: Scope): JSONSchema {
  const out: JSONSchema = {};
  if (Object.keys(scope.properties).length > 0) out.properties = scope.properties;
  if (Object.keys(scope.required).length > 0) out[REQUIRED_KEYWORD] = scope.required;
  return Object.assign(out, scope.groupRules);
}

/** Turns a checked template into the JSON Schema + uiSchema of the contract (docs/architecture.md). */
export function buildForm(checked: CheckedTemplate, registry: Registry): BuiltForm {
  const root = newScope();
  const scopes = new Map<string, { when: FieldCondition[]; scope: Scope }>();
  const scopeFor = (when: FieldCondition[]): Scope => {
    if (when.length === 0) return root;
    const id = JSON.stringify(when);
    let entry = scopes.get(id);
    if (!entry) scopes.set(id, (entry = { when, scope: newScope() }));
    return entry.scope;
  };
  const uiSchema: UiSchema = { 'ui:order': [], 'ui:options': { layout: [] } };
  const order = new Map<string, number>();

  /** Value keywords, presence and group rules of `validators` into `scope`. */
  const emit = (c: CheckedProperty, validators: ValidatorRef[], scope: Scope, own?: JSONSchema) => {
    const key = c.prop.key;
    const presence = presenceOf(validators, registry);
    if (presence && c.type.answer !== null) scope.required[key] = presence;
    if (c.type.answer !== null) {
      const target = (scope.properties[key] ??= own ?? {});
      for (const v of validators) {
        if (registry.validators.get(v.name)?.level === 'value') target[keywordFor(v.name)] = { data: v.data, key };
      }
    }
    for (const v of validators) {
      if (registry.validators.get(v.name)?.level !== 'group') continue;
      const children = c.children.map((k) => ({ key: k, type: (checked.byKey.get(k) as CheckedProperty).type.name }));
      (scope.groupRules[keywordFor(v.name)] ??= []).push({ key, children, data: v.data });
    }
  };

  const visit = (key: string): LayoutNode => {
    const c = checked.byKey.get(key) as CheckedProperty;
    const validators = effectiveValidators(c);
    const { label, isHtml } = labelOf(c);
    const presence = presenceOf(validators, registry);
    const when = checked.visibility.get(key) ?? [];
    const requiredWhen = c.prop.requiredWhen ?? undefined;
    const node: LayoutNode = {
      key, type: c.type.name, label, isHtml, widget: c.type.widget,
      required: presence !== null || groupRequires(validators, registry) || isRequired(c),
    };
    if (when.length > 0) node.visibleWhen = when;
    if (requiredWhen && !node.required) node.requiredWhen = requiredWhen;
    const title = isHtml ? htmlToText(label) : label;
    if (c.type.answer !== null && !order.has(key)) {
      order.set(key, order.size);
      uiSchema['ui:order'].push(key);
      // A conditional answer is declared at the top (anything goes while hidden) and checked in its `then`.
      if (when.length > 0) root.properties[key] = { title };
      const options: FieldUiOptions = {
        fieldType: c.type.name, label, isHtml, required: node.required,
        placeholder: typeof c.prop.placeholder === 'string' ? c.prop.placeholder : '',
        data: c.prop.data ?? null, validators,
      };
      if (node.requiredWhen) options.requiredWhen = node.requiredWhen;
      if (c.type.autocomplete) options.autocomplete = c.type.autocomplete;
      if (c.type.groupLike && c.type.answer !== null) {
        options.options = c.children.map((child) => ({ key: child, ...labelOf(checked.byKey.get(child) as CheckedProperty) }));
      }
      uiSchema[key] = { 'ui:widget': c.type.widget, 'ui:options': options };
    }
    emit(c, validators, scopeFor(when), c.type.answer !== null ? answerSchema(c, [], registry, title) : undefined);
    const rv = c.type.requiredValidator;
    if (node.requiredWhen && rv) emit(c, [{ name: rv.name, data: rv.data ?? null }], scopeFor([...when, node.requiredWhen]));
    if (c.type.groupLike) node.children = c.children.map(visit);
    return node;
  };

  const layout = checked.topLevel.map(visit);
  uiSchema['ui:options'].layout = layout;
  const schema: JSONSchema = { type: 'object', ...scopeSchema(root), additionalProperties: false };
  if (scopes.size > 0) schema.allOf = [...scopes.values()].map(({ when, scope }) => ({ if: conditionsSchema(when), then: scopeSchema(scope) }));
  return { schema, uiSchema, layout, order };
}
