/**
 * The server's refusals at a form's fields (Refine's useForm mapping HttpError.errors, RJSF's
 * extraErrors): a detail's `path` points into what was *sent*, so it is mapped back through
 * the save's `data` bindings ('{form}' at /profile, '{form.email}' at /email) to the form
 * field it came from. Pure; used by the form runner and its tests.
 */
import type { CustomValidator, FormValidation, RJSFValidationError, UiSchema } from '@rjsf/utils';
import { fill } from '../../engine/fill';
import sv from '../../schemas/messages/sv.json';
import { parseBinding } from './bindings';

type ErrorNode = { __errors?: string[]; [key: string]: unknown };

/** Each place in the sent data that carries the form (or another `source`, {link.token}) or one of its fields: sent pointer → path segments. */
export function formPlaces(data: unknown, at = '', source = 'form'): { sent: string; form: string[] }[] {
  if (typeof data === 'string') {
    const b = parseBinding(data);
    return b && b.source === source ? [{ sent: at, form: b.path ? b.path.split('.') : [] }] : [];
  }
  if (Array.isArray(data)) return data.flatMap((d, i) => formPlaces(d, `${at}/${i}`, source));
  if (data !== null && typeof data === 'object') return Object.entries(data).flatMap(([k, v]) => formPlaces(v, `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, source));
  return [];
}

/** True when a refusal names a value the save sent from a mailed link ({link.token}): the link itself was refused. */
export function linkRefused(errors: Record<string, string>, saveData: unknown): boolean {
  const places = formPlaces(saveData ?? {}, '', 'link');
  return Object.keys(errors).some((ptr) => formPathOf(ptr, places) !== null);
}

/** A sent pointer's form field path, or null when the form did not send it. */
export function formPathOf(sentPointer: string, places: { sent: string; form: string[] }[]): string[] | null {
  let best: { sent: string; form: string[] } | null = null;
  for (const p of places) {
    const inside = sentPointer === p.sent || sentPointer.startsWith(`${p.sent}/`);
    if (inside && (!best || p.sent.length > best.sent.length)) best = p;
  }
  if (!best) return null;
  const rest = sentPointer.slice(best.sent.length).split('/').filter(Boolean).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  return [...best.form, ...rest];
}

export interface FieldRefusals {
  /** RJSF ErrorSchema ({ email: { __errors: ['…'] } }). */
  errorSchema: ErrorNode;
  /** Form paths in the order the server gave them; the first gets the focus. */
  paths: string[][];
  /** Messages whose path the form did not send: shown at the form. */
  elsewhere: string[];
}

/** Sorts the server's field errors (pointer → message) into field errors and form-level ones. */
export function refusalsAtFields(errors: Record<string, string>, saveData: unknown, uiSchema?: UiSchema): FieldRefusals {
  const places = formPlaces(saveData ?? '{form}');
  const out: FieldRefusals = { errorSchema: {}, paths: [], elsewhere: [] };
  for (const [ptr, said] of Object.entries(errors)) {
    const found = formPathOf(ptr, places);
    // A refused line of a 'lines' field is said at the field, naming its line (the field is one text area).
    const line = found?.length === 2 ? lineOf(uiSchema, `.${found.join('.')}`) : undefined;
    const path = line ? [found![0]!] : found;
    const message = line ? onLine(line.line, said) : said;
    if (!path || path.length === 0) {
      out.elsewhere.push(message);
      continue;
    }
    let node = out.errorSchema;
    for (const key of path) node = (node[key] ??= {}) as ErrorNode;
    (node.__errors ??= []).push(message);
    out.paths.push(path);
  }
  return out;
}

/**
 * An item of a list edited as lines (the 'lines' widget, one text area): '.domains.1' → the field
 * '.domains' and its line, 2. Undefined for anything else.
 */
function lineOf(uiSchema: UiSchema | undefined, property: string | undefined): { property: string; line: number } | undefined {
  const m = /^\.([^.]+)\.(\d+)$/.exec(property ?? '');
  const node = m ? (uiSchema?.[m[1]!] as UiSchema | undefined) : undefined;
  return m && node?.['ui:widget'] === 'lines' ? { property: `.${m[1]}`, line: Number(m[2]) + 1 } : undefined;
}
const onLine = (line: number, message: string) => fill(sv.screenEngine.lineRefused, { line: String(line), message });

/** A field's `ui:options` in the uiSchema ('.password' → uiSchema.password['ui:options']). */
function optionsAt(uiSchema: UiSchema | undefined, property: string | undefined): Record<string, unknown> {
  let node: unknown = uiSchema;
  for (const key of (property ?? '').split('.').filter(Boolean)) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  const options = node && typeof node === 'object' ? (node as UiSchema)['ui:options'] : undefined;
  return options && typeof options === 'object' ? (options as Record<string, unknown>) : {};
}

/**
 * A field's own words for a refusal: `"ui:options": { "patternMessage": "…" }` for its pattern,
 * or `"messages": { "<keyword>": "…" }` for any keyword (minLength, required, sameAs …).
 */
function ownMessage(uiSchema: UiSchema | undefined, property: string | undefined, keyword: string | undefined): string | undefined {
  const options = optionsAt(uiSchema, property);
  if (keyword === 'pattern' && typeof options.patternMessage === 'string') return options.patternMessage;
  const messages = options.messages as Record<string, unknown> | undefined;
  const own = keyword ? messages?.[keyword] : undefined;
  return typeof own === 'string' ? own : undefined;
}

/**
 * The repeat fields of a form: a top-level field with `"ui:options": { "sameAs": "password" }`
 * that holds a value other than that field's is refused with its `messages.sameAs` (RJSF's
 * customValidate; the browser says it before anything is sent).
 */
export function sameAsCheck(uiSchema: UiSchema | undefined): CustomValidator | undefined {
  const refused = sameAsRefusals(uiSchema);
  if (!refused) return undefined;
  return (formData, errors) => {
    for (const p of refused(formData)) (errors as unknown as Record<string, FormValidation>)[p.field]?.addError(p.message);
    return errors;
  };
}

/** The repeat fields' refusals of `formData` (the rule of sameAsCheck, for a form drawn without RJSF); undefined when the form has none. */
export function sameAsRefusals(uiSchema: UiSchema | undefined): ((formData: unknown) => { field: string; message: string }[]) | undefined {
  const pairs = Object.keys(uiSchema ?? {})
    .filter((k) => !k.startsWith('ui:'))
    .map((k) => ({ field: k, as: optionsAt(uiSchema, `.${k}`).sameAs, message: ownMessage(uiSchema, `.${k}`, 'sameAs') ?? sv.account.passwordsDiffer }))
    .filter((p): p is { field: string; as: string; message: string } => typeof p.as === 'string');
  if (!pairs.length) return undefined;
  return (formData) => {
    const data = (formData ?? {}) as Record<string, unknown>;
    return pairs.filter((p) => data[p.field] !== undefined && data[p.field] !== '' && data[p.field] !== data[p.as]);
  };
}

/**
 * The engine's browser validator reports a missing property at the object (as the application
 * form wants it); a screen's form says it at the field, with the plain Swedish words: a missing
 * or empty required text is 'Fältet är obligatoriskt', a too long one names the limit, a text its
 * pattern refuses says the field's `patternMessage`; a field's `messages` (ui:options) say any keyword in its own words.
 */
export function screenFormErrors(errors: RJSFValidationError[], uiSchema?: UiSchema): RJSFValidationError[] {
  return errors.map((e) => inWords(e, uiSchema)).map((e) => {
    const line = lineOf(uiSchema, e.property);
    if (!line) return e;
    const message = onLine(line.line, e.message ?? '');
    return { ...e, property: line.property, message, stack: `${line.property} ${message}` };
  });
}

/** One refusal in the screen's words (screenFormErrors). */
function inWords(e: RJSFValidationError, uiSchema?: UiSchema): RJSFValidationError {
  const params = (e.params ?? {}) as { missingProperty?: string; limit?: number };
  const property = e.name === 'required' && params.missingProperty ? `${e.property ?? ''}.${params.missingProperty}` : e.property;
  const own = ownMessage(uiSchema, property, e.name === 'minLength' && params.limit === 1 ? 'required' : e.name);
  if (own) return { ...e, property, message: own, stack: `${property ?? ''} ${own}` };
  if (e.name === 'required' && params.missingProperty) return { ...e, property, message: sv.screenEngine.required, stack: `${property ?? ''} ${sv.screenEngine.required}` };
  if (e.name === 'minLength' && params.limit === 1) return { ...e, message: sv.screenEngine.required, stack: `${e.property ?? ''} ${sv.screenEngine.required}` };
  if (e.name === 'maxLength' && typeof params.limit === 'number') {
    const message = fill(sv.screenEngine.tooLong, { limit: String(params.limit) });
    return { ...e, message, stack: `${e.property ?? ''} ${message}` };
  }
  return e;
}
