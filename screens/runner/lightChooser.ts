/**
 * Which forms the light form (LightForm.tsx) draws: a form whose schema and uiSchema hold only
 * what is listed here; any other keyword, widget or option (arrays, rich text, entity `$ref`s,
 * other validators, `ui:order`) keeps the RJSF path (FormScreen.tsx). A rule whose words
 * would be the engine's generic ones (a minLength above 1 without the field's
 * `messages.minLength`, a pattern without its `patternMessage`, a minItems above 0 without
 * `messages.minItems`, a whole number's range or type without `messages.minimum`, `maximum`, `type`)
 * keeps it too, so the light form carries no engine messages. Run when the build makes the route
 * table (routeTable.ts), never in the browser. Pure.
 */

type Scalar = string | number | boolean | null;
export interface Branch {
  type?: 'object';
  properties?: Record<string, Record<string, unknown>>;
  required?: string[];
}
export interface LightSchema extends Branch {
  if?: { type?: 'object'; properties?: Record<string, { const: Scalar }>; required?: string[] };
  then?: Branch;
  else?: Branch;
}

const KEYS: Record<string, ReadonlySet<string>> = {
  string: new Set(['type', 'title', 'description', 'minLength', 'maxLength', 'pattern', 'default', 'x-validEmail', 'readOnly']),
  boolean: new Set(['type', 'title', 'description', 'default']),
  // A choice: a text or a whole number one of `oneOf`'s constants, drawn as RJSF's select. Without a
  // value or default it shows the empty option (RJSF would fill in the first constant: a choice nobody made).
  choice: new Set(['type', 'title', 'description', 'oneOf', 'default']),
  // A colleague's organisation rights: whole-number ids, drawn by the 'rights' widget (its own legend and hints).
  rights: new Set(['type', 'title', 'items', 'minItems', 'uniqueItems', 'default']),
  // A whole number typed in (RJSF's number input, its range as min and max), refused in the field's own words.
  integer: new Set(['type', 'title', 'description', 'minimum', 'maximum', 'default']),
  // Texts picked among `items.oneOf`'s constants, drawn as RJSF's 'checkboxes' widget.
  checks: new Set(['type', 'title', 'description', 'items', 'uniqueItems', 'default']),
  // Texts one per line (the 'lines' widget, one text area), at most maxItems of them in the field's own words.
  lines: new Set(['type', 'title', 'description', 'items', 'maxItems', 'default']),
};
const WIDGETS: Record<string, readonly (string | undefined)[]> = {
  string: [undefined, 'secret', 'password', 'hidden', 'textarea', 'email'],
  boolean: [undefined, 'checkbox', 'hidden'],
  choice: [undefined, 'select', 'radio'],
  rights: ['rights'],
  // 'position': one of the organisation's positions by name (PositionChoice), never a number typed in.
  integer: [undefined, 'updown', 'position'],
  checks: ['checkboxes'],
  lines: ['lines'],
};
const FIELD_UI = new Set(['ui:widget', 'ui:field', 'ui:readonly', 'ui:inputType', 'ui:autocomplete', 'ui:emptyValue', 'ui:help', 'ui:placeholder', 'ui:options']);
const OPTIONS = new Set(['messages', 'sameAs', 'patternMessage', 'rows', 'inputType', 'among']);
/** The input types a text field may ask for (`ui:inputType`, or `inputType` in its options). */
const INPUT_TYPES = new Set(['text', 'email', 'tel', 'url']);

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const only = (o: Record<string, unknown>, keys: readonly string[]) => Object.keys(o).every((k) => keys.includes(k));
const names = (v: unknown): v is string[] => Array.isArray(v) && v.every((n) => typeof n === 'string');

/** `oneOf` of constants with titles, each constant `typed`. */
const constants = (oneOf: unknown, typed: (v: unknown) => boolean) =>
  Array.isArray(oneOf) && oneOf.length > 0 && oneOf.every((o) => isObject(o) && only(o, ['const', 'title']) && typeof o.title === 'string' && typed(o.const));

/**
 * A field's kind for the light form: its type ('string', 'boolean', 'integer'), 'choice' for a
 * text or whole number of constants, 'rights' or 'checks' for a list of constants, 'lines' for
 * texts one per line; undefined for any other.
 */
function kindOf(p: Record<string, unknown>): string | undefined {
  if (p.type === 'array') {
    if (!isObject(p.items)) return undefined;
    const items = p.items;
    const listOf = (ok: (v: unknown) => boolean) => p.default === undefined || (Array.isArray(p.default) && p.default.every(ok));
    if (p.uniqueItems === undefined && only(items, ['type', 'maxLength']) && items.type === 'string') {
      const counts = (v: unknown) => v === undefined || (Number.isInteger(v) && (v as number) >= 0);
      return counts(items.maxLength) && counts(p.maxItems) && listOf((v) => typeof v === 'string') ? 'lines' : undefined;
    }
    if (p.uniqueItems !== true) return undefined;
    if (only(items, ['type', 'oneOf']) && items.type === 'string' && constants(items.oneOf, (v) => typeof v === 'string')) {
      const consts = (items.oneOf as { const: unknown }[]).map((o) => o.const);
      return listOf((v) => consts.includes(v)) ? 'checks' : undefined;
    }
    const ids = only(items, ['enum']) && Array.isArray(items.enum) ? items.enum : [];
    return ids.length > 0 && ids.every(Number.isInteger) && listOf((id) => ids.includes(id)) ? 'rights' : undefined;
  }
  if (p.oneOf === undefined) {
    if (p.type === 'integer') return (p.default === undefined || Number.isInteger(p.default)) && ['minimum', 'maximum'].every((k) => p[k] === undefined || Number.isInteger(p[k])) ? 'integer' : undefined;
    return p.type === 'string' || p.type === 'boolean' ? p.type : undefined;
  }
  const typed = (v: unknown) => (p.type === 'integer' ? Number.isInteger(v) : p.type === 'string' && typeof v === 'string');
  return constants(p.oneOf, typed) && (p.default === undefined || typed(p.default)) ? 'choice' : undefined;
}

function plainField(p: unknown): boolean {
  if (!isObject(p)) return false;
  const kind = kindOf(p);
  if (!kind || !Object.keys(p).every((k) => KEYS[kind]!.has(k))) return false;
  if (p['x-validEmail'] !== undefined && !(p['x-validEmail'] === true || (isObject(p['x-validEmail']) && Object.keys(p['x-validEmail']).length === 0))) return false;
  if (p.title !== undefined && typeof p.title !== 'string') return false;
  if (p.description !== undefined && typeof p.description !== 'string') return false;
  if (p.pattern !== undefined && typeof p.pattern !== 'string') return false;
  if (p.readOnly !== undefined && p.readOnly !== true) return false;
  return ['minLength', 'maxLength', 'minItems'].every((k) => p[k] === undefined || (Number.isInteger(p[k]) && (p[k] as number) >= 0));
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
  if (ui !== undefined && !isObject(ui)) return false;
  // A kind drawn only by a widget of its own (rights, check boxes) needs it named: RJSF's default would be another control.
  const uiOf = (k: string, key: string) => (isObject(ui) && isObject(ui[k]) ? ui[k][key] : undefined);
  // The one field the light form knows: 'allOrSome' (AllOrSomeField.tsx), check boxes where all ticked is no value.
  const allOrSome = (k: string) => uiOf(k, 'ui:field') === 'allOrSome' && uiOf(k, 'ui:widget') === undefined;
  for (const [k, kind] of fields) {
    if (uiOf(k, 'ui:field') !== undefined ? !(kind === 'checks' && allOrSome(k)) : !WIDGETS[kind]!.includes(uiOf(k, 'ui:widget') as string | undefined)) return false;
  }
  if (ui === undefined) return true;
  for (const [k, v] of Object.entries(ui)) {
    if (k === 'ui:submitButtonOptions') {
      if (!isObject(v) || !only(v, ['submitText'])) return false;
      continue;
    }
    if (k === 'ui:description') {
      if (typeof v !== 'string') return false;
      continue;
    }
    const type = fields.get(k);
    if (!type || !isObject(v) || !Object.keys(v).every((key) => FIELD_UI.has(key))) return false;
    if (v['ui:inputType'] !== undefined && !(type === 'string' && INPUT_TYPES.has(String(v['ui:inputType'])))) return false;
    if (v['ui:readonly'] !== undefined && !(type === 'string' && v['ui:readonly'] === true)) return false;
    const options = v['ui:options'];
    if (options === undefined) continue;
    if (!isObject(options) || !Object.keys(options).every((o) => OPTIONS.has(o))) return false;
    if (options.sameAs !== undefined && !fields.has(String(options.sameAs))) return false;
    if (options.rows !== undefined && !(v['ui:widget'] === 'textarea' && Number.isInteger(options.rows) && (options.rows as number) > 0)) return false;
    if (options.inputType !== undefined && !(type === 'string' && INPUT_TYPES.has(String(options.inputType)))) return false;
    if (options.among !== undefined && !(v['ui:widget'] === 'position' && (options.among === 'open' || options.among === 'all'))) return false;
    if (options.messages !== undefined && !(isObject(options.messages) && Object.values(options.messages).every((m) => typeof m === 'string'))) return false;
  }
  return true;
}

/** Sections of the form's own fields by name, each named once ({ title?, description?, fields }). */
function plainSections(sections: unknown, fields: Map<string, string>): boolean {
  if (sections === undefined) return true;
  if (!Array.isArray(sections) || sections.length === 0) return false;
  const placed = new Set<string>();
  return sections.every(
    (s) =>
      isObject(s) &&
      only(s, ['title', 'description', 'fields']) &&
      (s.title === undefined || typeof s.title === 'string') &&
      (s.description === undefined || typeof s.description === 'string') &&
      names(s.fields) &&
      s.fields.every((f) => fields.has(f) && !placed.has(f) && Boolean(placed.add(f))),
  );
}

/**
 * The chooser: true when the light form draws this form as RJSF would — an object of plain
 * text fields (title, description, minLength, maxLength, pattern, x-validEmail; as text,
 * 'secret', 'email' or 'textarea' with its rows), choices (a text or whole number of `oneOf`
 * constants with titles, as a select or radio buttons), texts picked among constants (the
 * 'checkboxes' widget or the 'allOrSome' field), texts one per line (the 'lines' widget, a
 * maxItems in the field's own words), read-only texts (`readOnly`, `ui:readonly`), whole numbers typed in (a range and the type refused in the field's own
 * words) or chosen as a position by name (the 'position' widget), a colleague's rights (whole-number ids, the 'rights'
 * widget, a minItems in the field's own words), booleans (a checkbox) and hidden fields, at
 * most one `if` of constants with its `then`/`else` fields, a uiSchema of the options listed
 * above and the form's `ui:description`, `sections` of its own fields, and `readonlyFrom`.
 * Anything else is RJSF's.
 */
export function isLightForm({ schema, uiSchema, sections, readonlyFrom }: { schema?: unknown; uiSchema?: unknown; sections?: unknown; readonlyFrom?: unknown }): boolean {
  if (readonlyFrom !== undefined && typeof readonlyFrom !== 'string') return false;
  if (!isObject(schema) || !only(schema, ['type', 'properties', 'required', 'if', 'then', 'else']) || (schema.type !== undefined && schema.type !== 'object')) return false;
  const known = new Set<string>();
  if (!plainBranch({ type: schema.type, properties: schema.properties, required: schema.required }, known)) return false;
  if (schema.if !== undefined || schema.then !== undefined || schema.else !== undefined) {
    if (!plainCondition(schema.if)) return false;
    for (const b of [schema.then, schema.else]) if (b !== undefined && !plainBranch(b, known)) return false;
  }
  const s = schema as LightSchema;
  const props = [s, s.then, s.else].flatMap((b) => Object.entries(b?.properties ?? {}));
  const fields = new Map(props.map(([k, p]) => [k, kindOf(p)!] as const));
  const required = [s, s.then, s.else].flatMap((b) => b?.required ?? []);
  if (!required.every((r) => fields.has(r)) || !plainUi(uiSchema, fields) || !plainSections(sections, fields)) return false;
  const ui = (uiSchema ?? {}) as Record<string, { 'ui:options'?: { patternMessage?: unknown; messages?: Record<string, unknown> } }>;
  return props.every(([k, p]) => {
    const options = ui[k]?.['ui:options'];
    const own = (keyword: string) => typeof options?.messages?.[keyword] === 'string';
    return (
      // A whole number may be typed as any number: its refusals, the type's among them, are the field's own words.
      (kindOf(p) !== 'integer' || own('type')) &&
      (p.minimum === undefined || own('minimum')) &&
      (p.maximum === undefined || own('maximum')) &&
      (p.maxItems === undefined || own('maxItems')) &&
      (p.minLength === undefined || (p.minLength as number) <= 1 || own('minLength')) &&
      (p.pattern === undefined || typeof options?.patternMessage === 'string' || own('pattern')) &&
      (p.minItems === undefined || (p.minItems as number) === 0 || own('minItems'))
    );
  });
}
