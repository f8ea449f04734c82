/**
 * What an answer is, by its field type's answer kind (`answerKind` in
 * schemas/field-types/<type>.json, engine/answer-shape.ts): the one place outside widgets/
 * that decides, per kind, how an answer is shown as text (staff lists, CSV, PDF, GDPR export),
 * read from a form posted without script, matched by a filter, faked for demo data and whether
 * it carries files. Everything else asks here by the property's `type`, never by a type name,
 * so a new field type file that reuses a widget works everywhere with no other change.
 * Isomorphic: no Node, no DOM.
 */
import sv from '../schemas/messages/sv.json' with { type: 'json' };
import { answerKindOfDefinition, type AnswerKind } from './answer-shape';
import { defaultFieldTypes } from './field-types';
import type { FieldTypeEssentials } from './definitions';
import type { MetadataProperty } from './types';

export { type AnswerKind } from './answer-shape';

type FieldTypes = ReadonlyMap<string, FieldTypeEssentials>;
type Prop = Pick<MetadataProperty, 'key' | 'type'> & Partial<Pick<MetadataProperty, 'data' | 'required' | 'validators' | 'label'>>;

/** The answer kind of a field type (an unknown type: text, as an answer of a removed type is kept as it was sent). */
export function kindOf(type: string | undefined, fieldTypes: FieldTypes = defaultFieldTypes()): AnswerKind {
  const def = type === undefined ? undefined : fieldTypes.get(type);
  return (def && answerKindOfDefinition(def)) ?? 'text';
}

/** The type's special key (a person field's `fixedKey`, e.g. form_email), if it has one. */
export function fixedKeyOf(type: string | undefined, fieldTypes: FieldTypes = defaultFieldTypes()): string | undefined {
  return type === undefined ? undefined : fieldTypes.get(type)?.fixedKey;
}

/**
 * Whether an answer key is an address or contact answer (its type says `contact`; issue 28's
 * protected identity): a person field's fixed key, or a key made with the type's prefix.
 */
export function isContactKey(key: string, fieldTypes: FieldTypes = defaultFieldTypes()): boolean {
  for (const def of fieldTypes.values()) {
    if (def.contact && (key === def.fixedKey || key.startsWith(def.keyPrefix))) return true;
  }
  return false;
}

/** The key of the form's field holding `special` (form_email, form_firstname, …): by key, else by its type's fixedKey. */
export function specialFieldKey(metadata: readonly Prop[], special: string, fieldTypes: FieldTypes = defaultFieldTypes()): string | undefined {
  return metadata.find((p) => p.key === special)?.key ?? metadata.find((p) => fixedKeyOf(p.type, fieldTypes) === special)?.key;
}

/** Whether a field's answer carries files: 'list' (files: a list of uploads), 'one' (image: one data URL) or null. */
export function carriesFiles(type: string | undefined, fieldTypes: FieldTypes = defaultFieldTypes()): 'list' | 'one' | null {
  const kind = kindOf(type, fieldTypes);
  return kind === 'files' ? 'list' : kind === 'image' ? 'one' : null;
}

/** Whether the kind's answer is a column of the lists and exports (no value, or an image: not). */
export const hasColumn = (kind: AnswerKind): boolean => kind !== 'none' && kind !== 'image';

/** A choice field's options: child key → the child's label as plain text. */
export function choiceLabels<P extends Prop>(prop: P, byKey: ReadonlyMap<string, P>, text: (p: P) => string): ReadonlyMap<string, string> {
  const kids = Array.isArray(prop.data) ? (prop.data as unknown[]).map(String) : [];
  return new Map(kids.map((k) => [k, byKey.get(k) ? text(byKey.get(k)!) : k]));
}

const isChecked = (v: unknown) => v === true || (typeof v === 'object' && v !== null && (v as { checked?: unknown }).checked === true);

/**
 * An answer as text, in Swedish: Ja/Nej, the chosen option's label (`options`, choiceLabels),
 * file names; '' for no answer. The one rendering of the staff lists, CSV, PDF and GDPR export.
 */
export function answerAsText(kind: AnswerKind, value: unknown, options?: ReadonlyMap<string, string>): string {
  if (value === undefined || value === null || value === '') return '';
  switch (kind) {
    case 'boolean':
    case 'period':
      return isChecked(value) ? sv.exports.yes : sv.exports.no;
    case 'choice':
      return options?.get(String(value)) ?? String(value);
    case 'files':
      return Array.isArray(value) ? value.map((f) => String((f as { filename?: unknown }).filename ?? '')).join(', ') : '';
    case 'image':
      return typeof value === 'string' ? sv.exports.image : '';
    case 'none':
      return '';
    default:
      return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
  }
}

/** A file of a form posted without script, as the script would send it. */
interface PostedUpload {
  filename: string;
  type: string;
  /** A data URL. */
  data: string;
}

/** A form posted without script, as server/http/apply-form-answers.ts reads it. */
export interface PostedAnswers {
  has(key: string): boolean;
  /** The text sent for `key`; undefined when none or ''. */
  text(key: string): string | undefined;
  files(key: string): PostedUpload[];
}

/**
 * A field's answer in a form posted without script, in the stored answer format: a yes/no is
 * true when sent, a period its period with checked, files as data URLs, anything else the
 * text sent; undefined: no answer.
 */
export function answerFromPost(prop: Prop, form: PostedAnswers, fieldTypes: FieldTypes = defaultFieldTypes()): unknown {
  switch (kindOf(prop.type, fieldTypes)) {
    case 'boolean':
      return form.has(prop.key);
    case 'period': {
      const period = (prop.data ?? {}) as { startDate?: unknown; endDate?: unknown };
      return { startDate: period.startDate, endDate: period.endDate, checked: form.has(prop.key) };
    }
    case 'files': {
      const files = form.files(prop.key);
      return files.length ? files : undefined;
    }
    case 'image':
      return form.files(prop.key)[0]?.data;
    case 'none':
      return undefined;
    default:
      return form.text(prop.key);
  }
}

/** What a filter choice on `prop` matches: the stored answer path and value, and the group it ORs with. */
export interface FilterMatch {
  group: string;
  path: string;
  value: boolean | string;
}

/**
 * The store condition of one filter choice `{ key, value }` on a form: a yes/no or period
 * (value true) ORs with its group's other boxes, a choice's child key ORs within the choice, an
 * option of a choice (value true) picks it. 'key': the field is no choice a filter may hold
 * (free text never reaches a filter path); 'value': the value is not one of its choices.
 */
export function filterMatch(metadata: readonly Prop[], prop: Prop, value: unknown, fieldTypes: FieldTypes = defaultFieldTypes()): FilterMatch | 'key' | 'value' {
  const parent = metadata.find((p) => Array.isArray(p.data) && (p.data as unknown[]).includes(prop.key));
  const path = `metadata.${prop.key}`;
  switch (kindOf(prop.type, fieldTypes)) {
    case 'boolean':
      return value === true ? { group: parent?.key ?? prop.key, path, value: true } : 'value';
    case 'period':
      return value === true ? { group: parent?.key ?? prop.key, path: `${path}.checked`, value: true } : 'value';
    case 'choice': {
      const kids = Array.isArray(prop.data) ? (prop.data as unknown[]) : [];
      return typeof value === 'string' && kids.includes(value) ? { group: prop.key, path, value } : 'value';
    }
    case 'none':
      if (!fieldTypes.get(prop.type)?.childOnly) return 'key';
      return parent && kindOf(parent.type, fieldTypes) === 'choice' && value === true ? { group: parent.key, path: `metadata.${parent.key}`, value: prop.key } : 'value';
    default:
      return 'key';
  }
}

/** Whether staff can filter on the boxes of a group (its children are yes/no or periods): a group-like with no answer of its own. */
export const isBoxGroup = (prop: Prop, fieldTypes: FieldTypes = defaultFieldTypes()): boolean =>
  fieldTypes.get(prop.type)?.groupLike === true && kindOf(prop.type, fieldTypes) === 'none';

/** Whether a field is a box a filter can hold (a yes/no or a period). */
export const isBox = (prop: Prop, fieldTypes: FieldTypes = defaultFieldTypes()): boolean => ['boolean', 'period'].includes(kindOf(prop.type, fieldTypes));

/** Where demo answers come from (server/domain/fake.ts fills it with faker). */
export interface FakeSource {
  /** A text answer for `prop` (personnummer, years, names by key and validators), at most about `maxLength` long, matching `pattern` when the type has one. */
  text(prop: Prop, maxLength: number, pattern?: string): string;
  email(): string;
  boolean(): boolean;
  pick(list: string[]): string;
}

/** A demo answer for a field, or undefined (no value; files and images are left out). */
export function fakeAnswer(prop: Prop, src: FakeSource, fieldTypes: FieldTypes = defaultFieldTypes()): unknown {
  const def = fieldTypes.get(prop.type);
  switch (kindOf(prop.type, fieldTypes)) {
    case 'text': {
      const answer = (def?.answer ?? {}) as { maxLength?: unknown; pattern?: unknown };
      return src.text(prop, typeof answer.maxLength === 'number' ? answer.maxLength : 1000, typeof answer.pattern === 'string' ? answer.pattern : undefined);
    }
    case 'email':
      return src.email();
    case 'boolean':
      return prop.required || (prop.validators ?? []).some((v) => v.name === def?.requiredValidator?.name) ? true : src.boolean();
    case 'choice': {
      const kids = Array.isArray(prop.data) ? (prop.data as string[]) : [];
      return kids.length ? src.pick(kids) : undefined;
    }
    case 'period': {
      const d = (prop.data ?? {}) as { startDate?: string; endDate?: string };
      return { ...(d.startDate ? { startDate: d.startDate } : {}), ...(d.endDate ? { endDate: d.endDate } : {}), checked: src.boolean() };
    }
    default:
      return undefined;
  }
}

/** The type a JSON Schema import (engine/import-schema.ts) gives a plain field of a kind. */
export const IMPORTED_TYPE = { text: 'text', email: 'email', boolean: 'checkbox' } as const;
