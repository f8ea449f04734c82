import type { MetadataProperty, ValidatorRef } from '../types';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import type { BuilderCatalog, BuilderErrorCode, BuilderForm, BuilderResult, NewFieldContext } from './types';
import { fill } from '../fill';
import { allocateKey } from './keys';
import { renameInRules } from './rules';
import { byKey, childKeysOf, layout, parentMap, topLevel } from './tree';
import { STEP_TYPE } from '../steps';

/** Spec document 2 §9: merit groups limit 5. We refuse the sixth (the message says "fler än 5"). */
const MAX_MERIT_GROUPS = 5;
/** Merit groups are the checkbox groups staff add ('Meriterande' in the applicant filters). */
const MERIT_GROUP_TYPE = 'group';
/** The spec's fixed group keys: part of the standard forms, not merit groups staff created. */
export const SPECIAL_GROUP_KEYS: ReadonlySet<string> = new Set([
  'summerpositionchoicesform', 'summerpositionperiodsform', 'summerperiodsform',
  'driverlicenseform', 'licensetodriveform', 'requirementsform',
]);

export function countMeritGroups(form: BuilderForm): number {
  return form.metadata.filter((p) => p.type === MERIT_GROUP_TYPE && !SPECIAL_GROUP_KEYS.has(p.key)).length;
}

function refuse(code: BuilderErrorCode, message: string): BuilderResult {
  return { ok: false, code, message };
}

function create(type: string, form: BuilderForm, taken: Set<string>, catalog: BuilderCatalog, ctx: NewFieldContext) {
  const fixed = catalog.fixedKey?.(type);
  const { key, nextKey } = fixed ? { key: fixed, nextKey: form.nextKey } : allocateKey(catalog.keyPrefix(type), form.nextKey, taken);
  taken.add(key);
  const d = catalog.defaults(type, ctx);
  const field: MetadataProperty = { label: '', required: false, isHtml: false, validators: [], ...d, key, type };
  return { field, nextKey };
}

/**
 * Adds a field of any registered type at the end of the list (or after `afterKey`).
 * A group-like field starts with one child so it is never an empty option list.
 */
export function addField(
  form: BuilderForm, type: string, catalog: BuilderCatalog, ctx: Omit<NewFieldContext, 'index'>, afterKey?: string,
): BuilderResult {
  if (!catalog.has(type)) return refuse('unknownType', `${sv.builder.unknownType}: ${type}`);
  if (type === MERIT_GROUP_TYPE && countMeritGroups(form) >= MAX_MERIT_GROUPS) {
    return refuse('maxMeritGroups', sv.builder.maxMeritGroups);
  }
  const taken = new Set(form.metadata.map((p) => p.key));
  // A person field has its special key, so a form holds one of each (one E-post, one Förnamn, …).
  const fixed = catalog.fixedKey?.(type);
  if (fixed && (taken.has(fixed) || form.metadata.some((p) => p.type === type))) {
    return refuse('keyTaken', fill(sv.personFields.fieldTaken, { field: catalog.defaults(type, { today: '', index: 1 }).label ?? type }));
  }
  const top = topLevel(form, catalog).map((p) => p.key);
  const made = create(type, form, taken, catalog, { ...ctx, index: top.length + 1 });
  let field = made.field;
  let nextKey = made.nextKey;
  const added: MetadataProperty[] = [];
  const childType = catalog.isGroup(type) ? catalog.childType(type) : undefined;
  if (catalog.isGroup(type)) {
    const children: string[] = [];
    if (childType && catalog.has(childType)) {
      const child = create(childType, { ...form, nextKey }, taken, catalog, { ...ctx, index: 1 });
      nextKey = child.nextKey;
      added.push(child.field);
      children.push(child.field.key);
    }
    field = { ...field, data: children };
  }
  const at = afterKey ? top.indexOf(afterKey) : -1;
  let newTop = at >= 0 ? [...top.slice(0, at + 1), field.key, ...top.slice(at + 1)] : [...top, field.key];
  // The first step boundary after some fields makes those fields step 1: it gets a title of its own too (issue 26).
  if (type === STEP_TYPE && newTop.indexOf(field.key) > 0 && !form.metadata.some((p) => p.type === STEP_TYPE)) {
    const lead = create(type, { ...form, nextKey }, taken, catalog, { ...ctx, index: 1 });
    nextKey = lead.nextKey;
    added.push({ ...lead.field, label: sv.builder.firstStepTitle });
    newTop = [lead.field.key, ...newTop];
  }
  return {
    ok: true,
    key: field.key,
    form: { metadata: layout(newTop, [...form.metadata, field, ...added], catalog), nextKey },
  };
}

/** Adds a child (option, radio, period) at the end of a group-like field. */
export function addChild(form: BuilderForm, groupKey: string, catalog: BuilderCatalog, ctx: Omit<NewFieldContext, 'index'>): BuilderResult {
  const group = byKey(form.metadata).get(groupKey);
  if (!group) return refuse('unknownKey', `${sv.builder.unknownKey}: ${groupKey}`);
  const childType = catalog.isGroup(group.type) ? catalog.childType(group.type) : undefined;
  if (!childType || !catalog.has(childType)) return refuse('notAGroup', `${sv.builder.notAGroup}: ${groupKey}`);
  const taken = new Set(form.metadata.map((p) => p.key));
  const children = childKeysOf(group);
  const { field, nextKey } = create(childType, form, taken, catalog, { ...ctx, index: children.length + 1 });
  const metadata = form.metadata.map((p) => (p === group ? { ...p, data: [...children, field.key] } : p));
  const top = topLevel(form, catalog).map((p) => p.key);
  return { ok: true, key: field.key, form: { metadata: layout(top, [...metadata, field], catalog), nextKey } };
}

export interface Removal {
  form: BuilderForm;
  /** Every key that left the form (a group takes its children with it). */
  removed: string[];
  wasGroup: boolean;
}

/** Removes a field; a group-like field takes its children with it, a child leaves its group's list. */
export function removeField(form: BuilderForm, key: string, catalog: BuilderCatalog): Removal {
  const target = byKey(form.metadata).get(key);
  if (!target) return { form, removed: [], wasGroup: false };
  const wasGroup = catalog.isGroup(target.type);
  const gone = new Set([key]);
  if (wasGroup) {
    const parents = parentMap(form.metadata, catalog);
    const stack = childKeysOf(target);
    while (stack.length) {
      const k = stack.pop() as string;
      if (gone.has(k) || parents.get(k) === undefined) continue;
      gone.add(k);
      const child = byKey(form.metadata).get(k);
      if (child && catalog.isGroup(child.type)) stack.push(...childKeysOf(child));
    }
  }
  const metadata = form.metadata
    .filter((p) => !gone.has(p.key))
    .map((p) => {
      if (!catalog.isGroup(p.type)) return p;
      const kids = childKeysOf(p);
      return kids.some((k) => gone.has(k)) ? { ...p, data: kids.filter((k) => !gone.has(k)) } : p;
    });
  const top = topLevel(form, catalog).map((p) => p.key).filter((k) => !gone.has(k));
  return { form: { metadata: layout(top, metadata, catalog), nextKey: form.nextKey }, removed: [...gone], wasGroup };
}

function arrayMove<T>(list: readonly T[], from: number, to: number): T[] {
  const next = list.slice();
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * Moves `activeKey` to where `overKey` is, among its siblings (the top-level list or the
 * children of one group). Keys in different lists: nothing moves (same form returned).
 */
export function moveField(form: BuilderForm, activeKey: string, overKey: string, catalog: BuilderCatalog): BuilderForm {
  if (activeKey === overKey) return form;
  const parents = parentMap(form.metadata, catalog);
  const parent = parents.get(activeKey);
  if (parent !== parents.get(overKey)) return form;
  if (parent === undefined) {
    const top = topLevel(form, catalog).map((p) => p.key);
    const from = top.indexOf(activeKey);
    const to = top.indexOf(overKey);
    if (from < 0 || to < 0) return form;
    return { metadata: layout(arrayMove(top, from, to), form.metadata, catalog), nextKey: form.nextKey };
  }
  const group = byKey(form.metadata).get(parent);
  const kids = childKeysOf(group);
  const from = kids.indexOf(activeKey);
  const to = kids.indexOf(overKey);
  if (!group || from < 0 || to < 0) return form;
  const metadata = form.metadata.map((p) => (p === group ? { ...p, data: arrayMove(kids, from, to) } : p));
  const top = topLevel(form, catalog).map((p) => p.key);
  return { metadata: layout(top, metadata, catalog), nextKey: form.nextKey };
}

/** Moves a field one step up (-1) or down (+1) among its siblings. */
export function moveBy(form: BuilderForm, key: string, delta: -1 | 1, catalog: BuilderCatalog): BuilderForm {
  const parent = parentMap(form.metadata, catalog).get(key);
  const siblings = parent === undefined ? topLevel(form, catalog).map((p) => p.key) : childKeysOf(byKey(form.metadata).get(parent));
  const over = siblings[siblings.indexOf(key) + delta];
  return over === undefined ? form : moveField(form, key, over, catalog);
}

/**
 * Changes a field's own settings (label, placeholder, required, data, key, …). The type
 * never changes, and a group's child list is changed only by addChild/moveField/removeField.
 * A new key is written into the parent's child list too.
 */
export function updateField(form: BuilderForm, key: string, patch: Partial<MetadataProperty>, catalog: BuilderCatalog): BuilderForm {
  const target = byKey(form.metadata).get(key);
  if (!target) return form;
  const { type: _type, order: _order, ...rest } = patch;
  if (catalog.isGroup(target.type)) delete rest.data;
  const changed = Object.entries(rest).some(([k, v]) => target[k as keyof MetadataProperty] !== v);
  if (!changed) return form;
  const updated: MetadataProperty = { ...target, ...rest };
  const renamed = updated.key !== key;
  const metadata = form.metadata.map((p) => {
    // A rename is carried into the rules that read the field (engine/builder/rules.ts).
    const q = renamed ? renameInRules(p === target ? updated : p, key, updated.key, form, catalog) : p === target ? updated : p;
    if (renamed && catalog.isGroup(q.type) && childKeysOf(q).includes(key)) {
      return { ...q, data: childKeysOf(q).map((k) => (k === key ? updated.key : k)) };
    }
    return q;
  });
  const top = topLevel(form, catalog).map((p) => (p.key === key ? updated.key : p.key));
  return { metadata: layout(top, metadata, catalog), nextKey: form.nextKey };
}

/**
 * Turns a validator on with its data (replacing an earlier one of that name) or, with
 * `data === undefined`, off: the validator is removed, not left behind empty.
 */
export function setValidator(form: BuilderForm, key: string, name: string, data: unknown, catalog: BuilderCatalog): BuilderForm {
  const target = byKey(form.metadata).get(key);
  if (!target) return form;
  const others = (target.validators ?? []).filter((v) => v.name !== name);
  const validators: ValidatorRef[] = data === undefined ? others : [...others, { name, data }];
  if (data === undefined && others.length === (target.validators ?? []).length) return form;
  return updateField(form, key, { validators }, catalog);
}
