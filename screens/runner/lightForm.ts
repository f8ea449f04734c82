/**
 * The light form of the session pages (login, reset, invitation, mailed links): which forms
 * it can draw, their fields, and their refusals, without RJSF, the widget registry or ajv.
 * A form whose schema and uiSchema hold only what is listed here is light; any other keyword,
 * widget or option (arrays, rich text, sections, entity `$ref`s, other validators) keeps the
 * RJSF path (FormScreen.tsx). The refusals are the RJSF path's, word for word: the same raw
 * errors in ajv's order go through screenFormErrors, then the repeat rule (sameAsRefusals);
 * a unit test holds the two paths to one verdict. Pure.
 */
import type { RJSFValidationError, UiSchema } from '@rjsf/utils';
import sv from '../../schemas/messages/sv.json';
import validEmailDeclaration from '../../schemas/validators/validEmail.json';
import { validEmail } from '../../engine/validators/validEmail';
import { sameAsRefusals, screenFormErrors } from './formErrors';

type Scalar = string | number | boolean | null;
export interface LightField {
  name: string;
  type: 'string' | 'boolean';
  title?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  default?: unknown;
  required: boolean;
  'x-validEmail'?: unknown;
}
interface Branch {
  type?: 'object';
  properties?: Record<string, Record<string, unknown>>;
  required?: string[];
}
interface LightSchema extends Branch {
  if?: { type?: 'object'; properties?: Record<string, { const: Scalar }>; required?: string[] };
  then?: Branch;
  else?: Branch;
}

const KEYS: Record<string, ReadonlySet<string>> = {
  string: new Set(['type', 'title', 'minLength', 'maxLength', 'pattern', 'default', 'x-validEmail']),
  boolean: new Set(['type', 'title', 'default']),
};
const WIDGETS: Record<string, readonly (string | undefined)[]> = { string: [undefined, 'secret', 'hidden'], boolean: [undefined, 'checkbox', 'hidden'] };
const FIELD_UI = new Set(['ui:widget', 'ui:inputType', 'ui:autocomplete', 'ui:emptyValue', 'ui:help', 'ui:placeholder', 'ui:options']);
const OPTIONS = new Set(['messages', 'sameAs', 'patternMessage']);

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const only = (o: Record<string, unknown>, keys: readonly string[]) => Object.keys(o).every((k) => keys.includes(k));
const names = (v: unknown): v is string[] => Array.isArray(v) && v.every((n) => typeof n === 'string');

function plainField(p: unknown): boolean {
  if (!isObject(p) || typeof p.type !== 'string' || !KEYS[p.type]) return false;
  if (!Object.keys(p).every((k) => KEYS[p.type as string]!.has(k))) return false;
  if (p['x-validEmail'] !== undefined && !(p['x-validEmail'] === true || (isObject(p['x-validEmail']) && Object.keys(p['x-validEmail']).length === 0))) return false;
  if (p.title !== undefined && typeof p.title !== 'string') return false;
  if (p.pattern !== undefined && typeof p.pattern !== 'string') return false;
  return ['minLength', 'maxLength'].every((k) => p[k] === undefined || (Number.isInteger(p[k]) && (p[k] as number) >= 0));
}

function plainBranch(b: unknown, known: Set<string>): boolean {
  if (!isObject(b) || !only(b, ['type', 'properties', 'required']) || (b.type !== undefined && b.type !== 'object')) return false;
  const props = b.properties ?? {};
  if (!isObject(props)) return false;
  for (const [k, p] of Object.entries(props)) {
    if (known.has(k) || !plainField(p)) return false;
    known.add(k);
  }
  return b.required === undefined || names(b.required);
}

/** An `if` of constants only ({ properties: { needsPassword: { const: true } }, required: [...] }). */
function plainCondition(c: unknown): boolean {
  if (!isObject(c) || !only(c, ['type', 'properties', 'required']) || (c.type !== undefined && c.type !== 'object')) return false;
  if (c.required !== undefined && !names(c.required)) return false;
  return Object.values(isObject(c.properties) ? c.properties : {}).every((p) => isObject(p) && only(p, ['const']) && (p.const === null || typeof p.const !== 'object'));
}

function plainUi(ui: unknown, fields: Map<string, string>): boolean {
  if (ui === undefined) return true;
  if (!isObject(ui)) return false;
  for (const [k, v] of Object.entries(ui)) {
    if (k === 'ui:submitButtonOptions') {
      if (!isObject(v) || !only(v, ['submitText'])) return false;
      continue;
    }
    const type = fields.get(k);
    if (!type || !isObject(v) || !Object.keys(v).every((key) => FIELD_UI.has(key))) return false;
    if (!WIDGETS[type]!.includes(v['ui:widget'] as string | undefined)) return false;
    const options = v['ui:options'];
    if (options === undefined) continue;
    if (!isObject(options) || !Object.keys(options).every((o) => OPTIONS.has(o))) return false;
    if (options.sameAs !== undefined && !fields.has(String(options.sameAs))) return false;
    if (options.messages !== undefined && !(isObject(options.messages) && Object.values(options.messages).every((m) => typeof m === 'string'))) return false;
  }
  return true;
}

/**
 * The chooser: true when the light form draws this form as RJSF would — an object of plain
 * text fields (title, minLength, maxLength, pattern, x-validEmail; as text or 'secret'),
 * booleans (a checkbox) and hidden fields, at most one `if` of constants with its `then`/`else`
 * fields, a uiSchema of the options listed above, and no `sections` or `readonlyFrom`.
 * Anything else is RJSF's.
 */
export function isLightForm({ schema, uiSchema, sections, readonlyFrom }: { schema?: unknown; uiSchema?: unknown; sections?: unknown; readonlyFrom?: unknown }): boolean {
  if (sections !== undefined || readonlyFrom !== undefined) return false;
  if (!isObject(schema) || !only(schema, ['type', 'properties', 'required', 'if', 'then', 'else']) || (schema.type !== undefined && schema.type !== 'object')) return false;
  const known = new Set<string>();
  if (!plainBranch({ type: schema.type, properties: schema.properties, required: schema.required }, known)) return false;
  if (schema.if !== undefined || schema.then !== undefined || schema.else !== undefined) {
    if (!plainCondition(schema.if)) return false;
    for (const b of [schema.then, schema.else]) if (b !== undefined && !plainBranch(b, known)) return false;
  }
  const s = schema as LightSchema;
  const fields = new Map([s, s.then, s.else].flatMap((b) => Object.entries(b?.properties ?? {}).map(([k, p]) => [k, String(p.type)] as const)));
  const required = [s, s.then, s.else].flatMap((b) => b?.required ?? []);
  return required.every((r) => fields.has(r)) && plainUi(uiSchema, fields);
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

const length = (text: string) => [...text].length;
const raw = (name: string, property: string, params: Record<string, unknown>, message: string): RJSFValidationError => ({ name, property, params, message, stack: `${property} ${message}` });

/** The errors ajv gives one field, in its keyword order (maxLength, minLength, pattern, then the engine's keyword). */
function fieldErrors(f: LightField, value: unknown): RJSFValidationError[] {
  const at = `.${f.name}`;
  if (value === undefined) return [];
  if (typeof value !== f.type) return [raw('type', at, { type: f.type }, sv.engine.wrongType)];
  if (typeof value !== 'string') return [];
  const out: RJSFValidationError[] = [];
  if (f.maxLength !== undefined && length(value) > f.maxLength) out.push(raw('maxLength', at, { limit: f.maxLength }, sv.engine.wrongType));
  if (f.minLength !== undefined && length(value) < f.minLength) out.push(raw('minLength', at, { limit: f.minLength }, sv.engine.wrongType));
  if (f.pattern !== undefined && !new RegExp(f.pattern, 'u').test(value)) out.push(raw('pattern', at, { pattern: f.pattern }, sv.engine.wrongType));
  if (f['x-validEmail'] !== undefined && !validEmail.check(value, null, {})) out.push(raw('x-validEmail', at, { validator: 'validEmail' }, validEmailDeclaration.message));
  return out;
}

/** A light form's refusals of `data`, field by field in the RJSF path's order and words. */
export function lightErrors(schema: unknown, uiSchema: UiSchema | undefined, data: Record<string, unknown>): { field: string; message: string }[] {
  const errors = branchesOf(schema, data).flatMap((b) => {
    const fields = fieldsOfBranch(b);
    const missing = fields.filter((f) => f.required && data[f.name] === undefined).map((f) => raw('required', '', { missingProperty: f.name }, sv.engine.wrongType));
    return [...missing, ...fields.flatMap((f) => fieldErrors(f, data[f.name]))];
  });
  const own = screenFormErrors(errors, uiSchema).map((e) => ({ field: (e.property ?? '').replace(/^\./, ''), message: e.message ?? '' }));
  return [...own, ...(sameAsRefusals(uiSchema)?.(data) ?? [])].map(({ field, message }) => ({ field, message }));
}
