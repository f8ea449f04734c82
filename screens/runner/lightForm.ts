/**
 * The light form's fields and refusals (LightForm.tsx draws them; lightChooser.ts says which
 * forms are light), without RJSF, the widget registry or ajv. The refusals are the RJSF path's,
 * word for word: the same raw errors in ajv's order go through screenFormErrors, then the
 * repeat rule (sameAsRefusals); a unit test holds the two paths to one verdict. The e-mail
 * rule's words are sv.json's, which a test keeps the validator declaration's. Pure.
 */
import type { RJSFValidationError, UiSchema } from '@rjsf/utils';
import sv from '../../schemas/messages/sv.json';
import { validEmail } from '../../engine/validators/validEmail';
import { sameAsRefusals, screenFormErrors } from './formErrors';
import type { Branch, LightSchema } from './lightChooser';

export interface LightField {
  name: string;
  type: 'string' | 'boolean' | 'integer' | 'array';
  /** A choice's constants and their titles (a select). */
  oneOf?: { const: string | number; title: string }[];
  /** A rights field's ids, the constants a 'checkboxes' field picks among, or a 'lines' field's texts. */
  items?: { enum?: number[]; oneOf?: { const: string; title: string }[]; type?: 'string'; maxLength?: number };
  minItems?: number;
  maxItems?: number;
  /** A text shown, never changed (`readOnly`). */
  readOnly?: boolean;
  minimum?: number;
  maximum?: number;
  title?: string;
  description?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  default?: unknown;
  required: boolean;
  'x-validEmail'?: unknown;
}

/** Whether the `if` holds for `data` (JSON Schema: each required key present, each given key its constant). */
function holds(c: NonNullable<LightSchema['if']>, data: Record<string, unknown>): boolean {
  return (c.required ?? []).every((k) => data[k] !== undefined) && Object.entries(c.properties ?? {}).every(([k, p]) => data[k] === undefined || data[k] === p.const);
}

const fieldsOfBranch = (b: Branch | undefined): LightField[] =>
  Object.entries(b?.properties ?? {}).map(([name, p]) => ({ ...(p as Omit<LightField, 'name' | 'required'>), name, required: (b?.required ?? []).includes(name) }));

/** The branches in force for `data`: the root's fields, then those of `then` (or `else`), as ajv checks them. */
function branchesOf(schema: unknown, data: Record<string, unknown>): Branch[] {
  const s = schema as LightSchema;
  const branch = s.if ? (holds(s.if, data) ? s.then : s.else) : undefined;
  return branch ? [s, branch] : [s];
}

/** The fields a light form shows for `data`, in order. */
export function lightFields(schema: unknown, data: Record<string, unknown>): LightField[] {
  return branchesOf(schema, data).flatMap(fieldsOfBranch);
}

/** Whether `value` is one the field's input can hold: one of a choice's constants, else a value of its type. */
export const canHold = (f: LightField, value: unknown): boolean =>
  f.items?.type === 'string'
    ? Array.isArray(value) && value.every((v) => typeof v === 'string')
    : f.items
    ? Array.isArray(value) && value.every((v) => (f.items!.enum ?? f.items!.oneOf!.map((o) => o.const)).includes(v as never))
    : f.oneOf
      ? f.oneOf.some((o) => o.const === value)
      : typeof value === (f.type === 'integer' ? 'number' : f.type);

const length = (text: string) => [...text].length;
const raw = (name: string, property: string, params: Record<string, unknown>, message: string): RJSFValidationError => ({ name, property, params, message, stack: `${property} ${message}` });

/**
 * The errors ajv gives one field, in its keyword order: a text field's (the engine's keyword,
 * untyped, then maxLength, minLength, pattern), a whole number's (type, maximum, minimum), a
 * list's (maxItems, minItems, then each line's maxLength). The words of all but
 * the first are the field's own or screenFormErrors' (the chooser sees to it), so none is given here.
 */
function fieldErrors(f: LightField, value: unknown): RJSFValidationError[] {
  const at = `.${f.name}`;
  // A list's count, its words the field's own (the chooser sees to it), then each line's length.
  if (Array.isArray(value)) {
    const out: RJSFValidationError[] = [];
    if (f.maxItems !== undefined && value.length > f.maxItems) out.push(raw('maxItems', at, { limit: f.maxItems }, ''));
    if (f.minItems !== undefined && value.length < f.minItems) out.push(raw('minItems', at, { limit: f.minItems }, ''));
    // A 'lines' field's texts, each as ajv checks an item; screenFormErrors says it at the field, with its line.
    const limit = f.items?.maxLength;
    if (limit !== undefined) value.forEach((v, i) => typeof v === 'string' && length(v) > limit && out.push(raw('maxLength', `${at}.${i}`, { limit }, '')));
    return out;
  }
  // A number typed in: its type, then its range, as ajv checks them (the words are the field's own).
  if (typeof value === 'number') {
    const out: RJSFValidationError[] = [];
    if (f.type === 'integer' && !Number.isInteger(value)) out.push(raw('type', at, { type: 'integer' }, ''));
    if (f.maximum !== undefined && value > f.maximum) out.push(raw('maximum', at, { comparison: '<=', limit: f.maximum }, ''));
    if (f.minimum !== undefined && value < f.minimum) out.push(raw('minimum', at, { comparison: '>=', limit: f.minimum }, ''));
    return out;
  }
  if (typeof value !== 'string') return [];
  const out: RJSFValidationError[] = [];
  if (f['x-validEmail'] !== undefined && !validEmail.check(value, null, {})) out.push(raw('x-validEmail', at, { validator: 'validEmail' }, sv.validators.validEmail));
  if (f.maxLength !== undefined && length(value) > f.maxLength) out.push(raw('maxLength', at, { limit: f.maxLength }, ''));
  if (f.minLength !== undefined && length(value) < f.minLength) out.push(raw('minLength', at, { limit: f.minLength }, ''));
  if (f.pattern !== undefined && !new RegExp(f.pattern, 'u').test(value)) out.push(raw('pattern', at, { pattern: f.pattern }, ''));
  return out;
}

/**
 * A light form's refusals of `data`, field by field in the RJSF path's order and words. `data`
 * holds what the inputs hold (text or nothing in a text field, true/false in a checkbox).
 */
export function lightErrors(schema: unknown, uiSchema: UiSchema | undefined, data: Record<string, unknown>): { field: string; message: string }[] {
  // ajv checks the untyped keywords first: `if`/`then` (the branch) before the root's `required` and `properties`.
  const errors = branchesOf(schema, data).reverse().flatMap((b) => {
    const fields = fieldsOfBranch(b);
    const missing = fields.filter((f) => f.required && data[f.name] === undefined).map((f) => raw('required', '', { missingProperty: f.name }, ''));
    return [...missing, ...fields.flatMap((f) => fieldErrors(f, data[f.name]))];
  });
  const own = screenFormErrors(errors, uiSchema).map((e) => ({ field: (e.property ?? '').replace(/^\./, ''), message: e.message ?? '' }));
  return [...own, ...(sameAsRefusals(uiSchema)?.(data) ?? [])].map(({ field, message }) => ({ field, message }));
}
